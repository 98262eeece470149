import { createHash, sign, verify, type KeyObject } from 'node:crypto';
import type { InternalIdentity } from '@rampquote/contracts';
import type { IdentityTrust } from './auth/identity-keys';

/**
 * How long a signed identity stays valid: long enough for one hop (and a little clock skew), short enough that a
 * captured header is of little use (ARCHITECTURE section 3). It is good for one request only anyway (see
 * IdentityBinding), so a capture can only repeat that very request.
 */
export const IDENTITY_MAX_AGE_MS = 30 * 1000;

/** The trailer carrying the hash of a body streamed after the identity was signed (see BODY_IN_TRAILER). */
export const BODY_TRAILER = 'x-rampquote-body';

/**
 * The `body` of an identity whose request body was streamed: its SHA-256 comes in the BODY_TRAILER trailer, signed
 * with the same key as the header (signBodyTrailer).
 */
export const BODY_IN_TRAILER = 'trailer';

/** SHA-256 of a body, base64url: what an identity's `body` holds. */
export const bodyHash = (body: Buffer | string) => createHash('sha256').update(body).digest('base64url');

/** The `body` of a request without one. */
export const EMPTY_BODY = bodyHash('');

/**
 * The one request a signed identity is good for: the service it is sent to, the request's method, path with query
 * string, and body. A header captured on its way cannot be replayed against another route, query, body or service.
 */
export interface IdentityBinding {
  /** The service called: `identity` or `svc-identity` (compared without the `svc-` prefix). */
  service: string;
  /** HTTP method, any letter case. */
  method: string;
  /** The request's path and query string as sent (`/api/aircraft/42?x=1`). */
  path: string;
  /** bodyHash of the body sent, BODY_IN_TRAILER, or (default) EMPTY_BODY. */
  body?: string;
}

/** What is signed: the identity plus the request it is bound to. */
interface SignedPayload extends InternalIdentity {
  aud: string;
  method: string;
  path: string;
  body: string;
  /** For a service's call on a user's behalf: the gateway's header that brought that user to the calling service. */
  obo?: string;
}

const serviceName = (service: string) => service.replace(/^svc-/, '');

export interface SignOptions {
  /**
   * A service calling on a user's behalf: the identity header the gateway signed for the call that reached this
   * service (it names the user; a service's own key cannot).
   */
  onBehalfOf?: string;
}

/**
 * Signs an identity for the `x-rampquote-identity` header, bound to one request: `<payload>.<signature>`, both
 * base64url, Ed25519 with `key` (the gateway's key for `caller: 'gateway'`, a service's own key for its calls).
 * `iat` (epoch ms) defaults to now.
 */
export function signIdentity(
  identity: Omit<InternalIdentity, 'iat'> & { iat?: number },
  key: KeyObject,
  binding: IdentityBinding,
  options: SignOptions = {},
): string {
  const full: SignedPayload = {
    ...identity,
    iat: identity.iat ?? Date.now(),
    aud: serviceName(binding.service),
    method: binding.method.toUpperCase(),
    path: binding.path,
    body: binding.body ?? EMPTY_BODY,
  };
  if (options.onBehalfOf !== undefined) full.obo = options.onBehalfOf;
  const payload = Buffer.from(JSON.stringify(full)).toString('base64url');
  return `${payload}.${sign(null, Buffer.from(payload), key).toString('base64url')}`;
}

/** The BODY_TRAILER value for a streamed body: its hash, signed with the header's key together with the header. */
export function signBodyTrailer(header: string, hash: string, key: KeyObject): string {
  return `${hash}.${sign(null, Buffer.from(`${header}\n${hash}`), key).toString('base64url')}`;
}

export type VerifyFailure =
  | 'missing identity'
  | 'malformed identity'
  | 'unknown caller'
  | 'bad signature'
  | 'user not signed by the gateway'
  | 'expired identity'
  | 'wrong service'
  | 'wrong request';
export type VerifyResult =
  { ok: true; identity: InternalIdentity; body: string; key: KeyObject } | { ok: false; reason: VerifyFailure };

/**
 * Verifies a header made by signIdentity for the request at hand: the signature with the key of the caller it
 * names (the gateway's, or that service's own), shape, age (at most IDENTITY_MAX_AGE_MS either way) and binding
 * (`expected`: this service, this request's method, path and query). A user is taken only from the gateway: a
 * service names one only through `obo`, the gateway's header for the call that reached that service. The body is
 * checked against `expected.body` when given; otherwise the answer's `body` says what the body must hash to.
 */
export function verifyIdentity(
  header: string | undefined,
  trust: IdentityTrust,
  expected: IdentityBinding,
  now = Date.now(),
): VerifyResult {
  if (!header) return { ok: false, reason: 'missing identity' };
  const checked = checkedHeader(header, trust);
  if (typeof checked === 'string') return { ok: false, reason: checked };
  const { signed, key } = checked;
  if (Math.abs(now - signed.iat) > IDENTITY_MAX_AGE_MS) return { ok: false, reason: 'expired identity' };
  if (signed.aud !== serviceName(expected.service)) return { ok: false, reason: 'wrong service' };
  if (
    signed.method !== expected.method.toUpperCase() ||
    signed.path !== expected.path ||
    (expected.body !== undefined && signed.body !== expected.body)
  ) {
    return { ok: false, reason: 'wrong request' };
  }
  const identity: InternalIdentity = { caller: signed.caller, iat: signed.iat };
  if (signed.user !== undefined) identity.user = signed.user;
  if (signed.obo !== undefined) {
    // The user the gateway sent to the calling service, recently.
    const delegated = checkedHeader(signed.obo, trust);
    if (typeof delegated === 'string') return { ok: false, reason: delegated };
    if (delegated.signed.caller !== 'gateway' || delegated.signed.user === undefined)
      return { ok: false, reason: 'user not signed by the gateway' };
    if (Math.abs(now - delegated.signed.iat) > IDENTITY_MAX_AGE_MS) return { ok: false, reason: 'expired identity' };
    if (`svc-${delegated.signed.aud}` !== signed.caller) return { ok: false, reason: 'wrong service' };
    identity.user = delegated.signed.user;
  }
  return { ok: true, identity, body: signed.body, key };
}

/** Checks a BODY_TRAILER value against the header it belongs to and the body's hash as received. */
export function verifyBodyTrailer(header: string, trailer: string | undefined, hash: string, key: KeyObject): boolean {
  if (!trailer) return false;
  const [given, signature, extra] = trailer.split('.');
  if (given !== hash || !signature || extra !== undefined) return false;
  return verify(null, Buffer.from(`${header}\n${hash}`), key, Buffer.from(signature, 'base64url'));
}

/**
 * Headers whose signature and shape were verified, with what they carry: the same header again (a page's repeated
 * call, see the gateway's identity reuse) costs a map lookup instead of a signature check and a JSON parse. Age and
 * binding are still checked on every use. Kept per trust (a service's keys); emptied when full (a header lives 30 s).
 */
const verifiedHeaders = new WeakMap<IdentityTrust, Map<string, { signed: SignedPayload; key: KeyObject }>>();
const MAX_VERIFIED_HEADERS = 10_000;

/** The signed payload of a header whose signature matches the key of the caller it names, or why not. */
function checkedHeader(
  header: string,
  trust: IdentityTrust,
): { signed: SignedPayload; key: KeyObject } | Exclude<VerifyFailure, 'missing identity'> {
  let known = verifiedHeaders.get(trust);
  const hit = known?.get(header);
  if (hit) return hit;
  const [payload, signature, extra] = header.split('.');
  if (!payload || !signature || extra !== undefined) return 'malformed identity';
  let signed: SignedPayload;
  try {
    signed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return 'malformed identity';
  }
  if (
    typeof signed !== 'object' ||
    signed === null ||
    typeof signed.caller !== 'string' ||
    typeof signed.iat !== 'number' ||
    typeof signed.aud !== 'string' ||
    typeof signed.method !== 'string' ||
    typeof signed.path !== 'string' ||
    typeof signed.body !== 'string' ||
    (signed.obo !== undefined && typeof signed.obo !== 'string')
  ) {
    return 'malformed identity';
  }
  const key = signed.caller === 'gateway' ? trust.gateway : trust.serviceKey(signed.caller);
  if (!key) return 'unknown caller';
  if (!verify(null, Buffer.from(payload), key, Buffer.from(signature, 'base64url'))) return 'bad signature';
  // Only the gateway's key vouches for a user; a service's key names that service alone.
  if (signed.caller !== 'gateway' && signed.user !== undefined) return 'user not signed by the gateway';
  if (signed.caller === 'gateway' && signed.obo !== undefined) return 'malformed identity';
  if (!known) verifiedHeaders.set(trust, (known = new Map()));
  if (known.size >= MAX_VERIFIED_HEADERS) known.clear();
  const entry = { signed, key };
  known.set(header, entry);
  return entry;
}

/** The signed `body` of a header whose signature checks out, with the key that signed it; undefined otherwise. */
export function identityBodyOf(header: string, trust: IdentityTrust): { body: string; key: KeyObject } | undefined {
  const checked = checkedHeader(header, trust);
  return typeof checked === 'string' ? undefined : { body: checked.signed.body, key: checked.key };
}
