import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import type { InternalIdentity } from '@rampquote/contracts';

/**
 * How long a signed identity stays valid: long enough for one hop (and a little clock skew), short enough that a
 * captured header is of little use (ARCHITECTURE section 3).
 */
export const IDENTITY_MAX_AGE_MS = 30 * 1000;

/**
 * The one request a signed identity is good for: the service it is sent to and the request's method and path (the
 * query string is not part of it). A header captured on its way to one route cannot be replayed against another
 * route or another service.
 */
export interface IdentityBinding {
  /** The service called: `identity` or `svc-identity` (compared without the `svc-` prefix). */
  service: string;
  /** HTTP method, any letter case. */
  method: string;
  /** The request's path as sent (`/api/aircraft/42`); a query string is ignored. */
  path: string;
}

/** What is signed: the identity plus the request it is bound to. */
interface SignedPayload extends InternalIdentity {
  aud: string;
  method: string;
  path: string;
}

const b64url = (buf: Buffer) => buf.toString('base64url');

/** The secret as a key object, made once per secret (createHmac with a string converts the key on every call). */
const keys = new Map<string, KeyObject>();
function mac(secret: string, payload: string): Buffer {
  let key = keys.get(secret);
  if (!key) keys.set(secret, (key = createSecretKey(Buffer.from(secret, 'utf8'))));
  return createHmac('sha256', key).update(payload).digest();
}

const serviceName = (service: string) => service.replace(/^svc-/, '');
const pathOnly = (path: string) => {
  const q = path.indexOf('?');
  return q === -1 ? path : path.slice(0, q);
};

/**
 * Signs an identity for the `x-rampquote-identity` header, bound to one request: `<payload>.<hmac>`, both
 * base64url. `iat` (epoch ms) defaults to now.
 */
export function signIdentity(
  identity: Omit<InternalIdentity, 'iat'> & { iat?: number },
  secret: string,
  binding: IdentityBinding,
): string {
  const full: SignedPayload = {
    ...identity,
    iat: identity.iat ?? Date.now(),
    aud: serviceName(binding.service),
    method: binding.method.toUpperCase(),
    path: pathOnly(binding.path),
  };
  const payload = b64url(Buffer.from(JSON.stringify(full)));
  return `${payload}.${b64url(mac(secret, payload))}`;
}

export type VerifyFailure =
  'missing identity' | 'malformed identity' | 'bad signature' | 'expired identity' | 'wrong service' | 'wrong request';
export type VerifyResult = { ok: true; identity: InternalIdentity } | { ok: false; reason: VerifyFailure };

/**
 * Verifies a header made by signIdentity for the request at hand: signature, shape, age (at most
 * IDENTITY_MAX_AGE_MS either way) and binding (`expected`: this service, this request's method and path).
 */
export function verifyIdentity(
  header: string | undefined,
  secret: string,
  expected: IdentityBinding,
  now = Date.now(),
): VerifyResult {
  if (!header) return { ok: false, reason: 'missing identity' };
  const known = verifiedHeaders.get(header);
  const signed = known?.secret === secret ? known.signed : readSignedHeader(header, secret);
  if (typeof signed === 'string') return { ok: false, reason: signed };
  if (known?.secret !== secret) rememberVerified(header, secret, signed);
  if (Math.abs(now - signed.iat) > IDENTITY_MAX_AGE_MS) return { ok: false, reason: 'expired identity' };
  if (signed.aud !== serviceName(expected.service)) return { ok: false, reason: 'wrong service' };
  if (signed.method !== expected.method.toUpperCase() || signed.path !== pathOnly(expected.path)) {
    return { ok: false, reason: 'wrong request' };
  }
  const identity: InternalIdentity = { caller: signed.caller, iat: signed.iat };
  if (signed.user !== undefined) identity.user = signed.user;
  return { ok: true, identity };
}

/**
 * Headers whose signature and shape were verified, with what they carry: the same header again (a page's repeated
 * call, see the gateway's identity reuse) costs a map lookup instead of an HMAC and a JSON parse. Age and binding are
 * still checked on every use. Only verified headers are kept, per secret; emptied when full (a header lives 30 s).
 */
const verifiedHeaders = new Map<string, { secret: string; signed: SignedPayload }>();
const MAX_VERIFIED_HEADERS = 10_000;

function rememberVerified(header: string, secret: string, signed: SignedPayload): void {
  if (verifiedHeaders.size >= MAX_VERIFIED_HEADERS) verifiedHeaders.clear();
  verifiedHeaders.set(header, { secret, signed });
}

/** The signed payload of a header whose signature matches, or why not. */
function readSignedHeader(header: string, secret: string): SignedPayload | 'malformed identity' | 'bad signature' {
  const [payload, signature, extra] = header.split('.');
  if (!payload || !signature || extra !== undefined) return 'malformed identity';
  const wanted = mac(secret, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) {
    return 'bad signature';
  }
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
    typeof signed.path !== 'string'
  ) {
    return 'malformed identity';
  }
  return signed;
}
