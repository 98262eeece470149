import { IDENTITY_HEADER, type InternalIdentity } from '@rampquote/contracts';
import { signIdentity } from '../identity-signing';

/** The part of a supertest / superagent request the plugin reads and sets. */
export interface SignableRequest {
  method: string;
  url: string;
  set(field: string, value: string): unknown;
}

/**
 * For integration tests: a supertest plugin that signs `identity` for `service` and the request's own method and
 * path, as the gateway or InternalClient would:
 *
 * ```ts
 * const asGateway = signedAs({ caller: 'gateway' }, t.config.INTERNAL_SECRET, 'fleet');
 * await request(server).get('/api/aircraft/makes').use(asGateway);
 * ```
 */
export function signedAs(identity: Omit<InternalIdentity, 'iat'> & { iat?: number }, secret: string, service: string) {
  return (req: SignableRequest): void => {
    const path = new URL(req.url, 'http://service.invalid').pathname;
    req.set(IDENTITY_HEADER, signIdentity(identity, secret, { service, method: req.method, path }));
  };
}
