import type { KeyObject } from 'node:crypto';
import { IDENTITY_HEADER, type InternalIdentity } from '@rampquote/contracts';
import { identityTrustOf, privateKeyFrom, testKeyPair, type IdentityTrust } from '../auth/identity-keys';
import { bodyHash, signIdentity, type SignOptions } from '../identity-signing';

export { testKeyPair } from '../auth/identity-keys';

/**
 * The published TEST keys (never for production; a service refuses them there): what services started by the test
 * helpers trust and sign with unless their environment names other keys. `TEST_KEYS.of('svc-quotes')` for any name.
 */
export const TEST_KEYS = {
  gateway: testKeyPair('gateway'),
  of: (name: string) => testKeyPair(name),
  /** The private key of `gateway` or `svc-<name>`, as a KeyObject. */
  privateKey: (name: string): KeyObject => privateKeyFrom(testKeyPair(name).privateKey),
};

/** What a service started with the TEST keys trusts: the TEST gateway key, and every service's TEST key. */
export const TEST_TRUST: IdentityTrust = identityTrustOf({
  GATEWAY_PUBLIC_KEY: testKeyPair('gateway').publicKey,
  NODE_ENV: 'test',
});

/** The part of a supertest / superagent request the plugin reads and sets. */
export interface SignableRequest {
  method: string;
  url: string;
  set(field: string, value: string): unknown;
}

type Identity = Omit<InternalIdentity, 'iat'> & { iat?: number };

interface SuperagentInternals {
  _end(): unknown;
  _data?: unknown;
  _formData?: { getBuffer(): Buffer } | null;
  req?: { path: string; getHeader(name: string): unknown; setHeader(name: string, value: string): void };
}

/** The bytes superagent is about to send (JSON, a string, a Buffer, or a multipart form of buffers). */
function bodyOf(request: SuperagentInternals): Buffer | string {
  if (request._formData) return request._formData.getBuffer();
  const data = request._data;
  if (data === undefined || data === null) return '';
  if (typeof data === 'string' || Buffer.isBuffer(data)) return data;
  const type = String(request.req?.getHeader('content-type') ?? '');
  if (type.includes('x-www-form-urlencoded')) return new URLSearchParams(data as Record<string, string>).toString();
  return JSON.stringify(data);
}

/**
 * A supertest plugin signing `identity` with `key` for `service` and the request's own method, path, query string
 * and body, just before it is sent (so `.use()` may come before or after `.send()`, `.query()` or `.attach()`).
 */
export function signedWith(identity: Identity, key: KeyObject, service: string, options: SignOptions = {}) {
  return (req: SignableRequest): void => {
    const request = req as unknown as SuperagentInternals;
    const end = request._end.bind(request);
    request._end = () => {
      const sent = request.req!;
      const binding = { service, method: req.method, path: sent.path, body: bodyHash(bodyOf(request)) };
      sent.setHeader(IDENTITY_HEADER, signIdentity(identity, key, binding, options));
      return end();
    };
  };
}

/**
 * For integration tests: a supertest plugin that signs `identity` for `service` as the gateway would (TEST gateway
 * key), or, for `caller: 'svc-<name>'`, as that service would with its own TEST key. A service's call with a `user`
 * is made as InternalClient makes it: the service's own header, carrying a gateway header that sent that user to it.
 *
 * ```ts
 * await request(server).get('/api/aircraft/makes').use(signedAs({ caller: 'gateway', user }, 'fleet'));
 * ```
 */
export function signedAs(identity: Identity, service: string, options: SignOptions = {}) {
  const key = TEST_KEYS.privateKey(identity.caller);
  if (identity.caller === 'gateway' || !identity.user) return signedWith(identity, key, service, options);
  const { user, ...own } = identity;
  const fromGateway = signIdentity({ caller: 'gateway', user }, TEST_KEYS.privateKey('gateway'), {
    service: identity.caller,
    method: 'GET',
    path: '/',
  });
  return signedWith(own, key, service, { ...options, onBehalfOf: fromGateway });
}
