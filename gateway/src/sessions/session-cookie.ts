import { parse as parseCookies } from 'cookie';
import { unsign } from 'cookie-signature';

/**
 * The session id in a request's `Cookie` header, read the way express-session reads it (the `cookie` parser, an
 * `s:`-prefixed value signed with cookie-signature), for the paths that look a session up without express-session
 * (SessionsService.readOnlySessionOf). A signed value already verified is remembered (up to `maxRemembered`, oldest first out), so a
 * repeat costs a map lookup instead of an HMAC and two hashes; a forged or altered value is never remembered.
 */
export class SessionCookieReader {
  private readonly verified = new Map<string, string>();

  constructor(
    private readonly cookieName: string,
    private readonly secret: string,
    private readonly maxRemembered = 10_000,
  ) {}

  /** The session id, or undefined without the cookie or with a signature that does not match. */
  sessionIdOf(cookieHeader: string | undefined): string | undefined {
    if (!cookieHeader || !cookieHeader.includes(this.cookieName)) return undefined;
    const raw = parseCookies(cookieHeader)[this.cookieName];
    if (!raw?.startsWith('s:')) return undefined;
    const signed = raw.slice(2);
    const known = this.verified.get(signed);
    if (known !== undefined) return known;
    const sid = unsign(signed, this.secret);
    if (sid === false) return undefined;
    if (this.verified.size >= this.maxRemembered) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(signed, sid);
    return sid;
  }
}
