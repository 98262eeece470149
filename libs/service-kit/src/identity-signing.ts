import { createHmac, timingSafeEqual } from 'node:crypto';
import type { InternalIdentity } from '@rampquote/contracts';

/** How long a signed identity stays valid (clock skew and slow hops included). */
export const IDENTITY_MAX_AGE_MS = 5 * 60 * 1000;

const b64url = (buf: Buffer) => buf.toString('base64url');

function mac(secret: string, payload: string): Buffer {
  return createHmac('sha256', secret).update(payload).digest();
}

/** Signs an identity for the `x-rampquote-identity` header: `<payload>.<hmac>`, both base64url. */
export function signIdentity(identity: Omit<InternalIdentity, 'iat'> & { iat?: number }, secret: string): string {
  const full: InternalIdentity = { ...identity, iat: identity.iat ?? Date.now() };
  const payload = b64url(Buffer.from(JSON.stringify(full)));
  return `${payload}.${b64url(mac(secret, payload))}`;
}

export type VerifyResult = { ok: true; identity: InternalIdentity } | { ok: false; reason: string };

/** Verifies a header value made by signIdentity: signature, shape and age. */
export function verifyIdentity(header: string | undefined, secret: string, now = Date.now()): VerifyResult {
  if (!header) return { ok: false, reason: 'missing identity' };
  const [payload, signature, extra] = header.split('.');
  if (!payload || !signature || extra !== undefined) return { ok: false, reason: 'malformed identity' };
  const expected = mac(secret, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'bad signature' };
  }
  let identity: InternalIdentity;
  try {
    identity = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed identity' };
  }
  if (typeof identity.caller !== 'string' || typeof identity.iat !== 'number') {
    return { ok: false, reason: 'malformed identity' };
  }
  if (Math.abs(now - identity.iat) > IDENTITY_MAX_AGE_MS) return { ok: false, reason: 'expired identity' };
  return { ok: true, identity };
}
