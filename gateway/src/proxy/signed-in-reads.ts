import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, Response } from 'express';
import type { SessionData } from 'express-session';
import etag from 'etag';
import { ApiRoutes, isApiPath, matchRoute } from '@rampquote/contracts';
import { headTooLargeToForward } from '../edge/api-error';
import { rememberRoute } from '../routing/route-policy.middleware';
import { dropForgedIdentity, type ServiceProxy } from './service-proxy';

export interface SignedInReadsOptions {
  /** The session of a request that only reads it, or undefined (SessionsService.readOnlySessionOf). */
  readOnlySession: (cookieHeader: string | undefined) => Readonly<SessionData> | undefined;
  /** The proxy to the services (service-proxy.ts), whose `read` forwards the request. */
  proxy: Pick<ServiceProxy, 'read'>;
}

/**
 * Serves a request in front of Express; false when it did not (nothing was changed, the request goes on to Express).
 * `securityHeaders`: the site's headers for this request (with HSTS over TLS).
 */
export type FrontPath = (
  req: IncomingMessage,
  res: ServerResponse,
  securityHeaders: Record<string, string>,
  fallback: () => void,
) => boolean;

/**
 * The calls every signed-in page makes most: `GET /api/auth/me` and a GET of a proxied route (profile, aircraft,
 * My Quotes, details) with a session that needs nothing done to it. `/api/auth/me` is answered from the session right
 * here (answerSignedInUser). A proxied read goes from the HTTP server straight to the proxy, with the same outcome as
 * Express's layers would give it, at a fraction of their cost (issue 16: express-session and the layers cost more
 * than the service hop). Taken only when every layer would have let it through untouched:
 * - GET without a body, of an API route whose policy is `proxy`, requires a session, has no rate limit and is not an
 *   event stream (or of `/api/auth/me`, without If-None-Match / If-Modified-Since: Express answers those 304);
 * - request line and headers small enough to forward (else Express answers 431);
 * - a cached session that SessionAccessCheck would pass untouched and that is not due to slide
 *   (SessionsService.readOnlySessionOf), with a role the route allows (else Express answers 401 / 403, reloads or
 *   slides the session);
 * - CSRF checks only state changes, and a GET is never one.
 * What it does is what those layers do for it: the route is remembered (metrics, the proxy), a forged identity
 * header is dropped, the security headers are set, the session is the request's; the proxy signs the identity and
 * streams the answer. Everything else, and every request it declines, takes the full path.
 */
export function signedInReads(options: SignedInReadsOptions): FrontPath {
  return (req, res, securityHeaders, fallback) => {
    // A GET that carries a body (rare, but allowed) is streamed by the full path, body and all.
    if (
      req.method !== 'GET' ||
      req.headers['transfer-encoding'] !== undefined ||
      Number(req.headers['content-length'] ?? 0) > 0
    )
      return false;
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q === -1 ? url : url.slice(0, q);
    if (!isApiPath(path)) return false;
    const match = matchRoute('GET', path);
    const policy = match?.policy;
    if (!match || !policy) return false;
    const signedInUser = policy.path === ApiRoutes.auth.me && policy.handler === 'gateway';
    if (signedInUser) {
      // A conditional request is left to Express, which answers 304 to a matching ETag.
      if (req.headers['if-none-match'] !== undefined || req.headers['if-modified-since'] !== undefined) return false;
    } else if (policy.handler !== 'proxy' || policy.session !== 'required' || policy.rateLimit || policy.stream)
      return false;
    if (headTooLargeToForward(req)) return false;
    const session = options.readOnlySession(req.headers.cookie);
    if (!session?.user || (policy.roles && !policy.roles.includes(session.user.role))) return false;

    rememberRoute(req, match);
    for (const name in securityHeaders) res.setHeader(name, securityHeaders[name]!);
    if (signedInUser) return answerSignedInUser(res, session);
    dropForgedIdentity(req);
    const request = req as Request;
    // The frozen read-only session, without express-session's methods: nothing on this path changes it.
    request.session = session as unknown as Request['session'];
    if (options.proxy.read(request, res as Response)) return true;
    // No service to send it to: the full path decides (with its own session).
    Reflect.deleteProperty(request, 'session');
    fallback();
    return true;
  };
}

/** The answer of `GET /api/auth/me` per read-only session (frozen, made once per cache entry): body and ETag. */
const signedInUserAnswers = new WeakMap<Readonly<SessionData>, { body: Buffer; etag: string }>();

/**
 * `GET /api/auth/me` of a signed-in user whose session needs nothing done (the same test as a proxied read): the
 * answer AuthController.me gives through Express — the session's user as JSON, `Cache-Control: no-store`, Express's
 * weak ETag — built once per session.
 */
function answerSignedInUser(res: ServerResponse, session: Readonly<SessionData>): true {
  let answer = signedInUserAnswers.get(session);
  if (!answer) {
    const body = Buffer.from(JSON.stringify(session.user));
    answer = { body, etag: etag(body, { weak: true }) };
    signedInUserAnswers.set(session, answer);
  }
  res.writeHead(200, {
    'Cache-Control': 'no-store',
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': answer.body.length,
    ETag: answer.etag,
  });
  res.end(answer.body);
  return true;
}
