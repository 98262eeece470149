import type { Provider } from '@nestjs/common';
import { InternalClient } from '@rampquote/service-kit';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';

/** Injection token of the gateway's client for svc-identity (service-kit's InternalClient, caller `gateway`). */
export const IDENTITY_SERVICE = Symbol('IDENTITY_SERVICE');

/** The one way the gateway calls svc-identity itself: signed, JSON, bounded by IDENTITY_TIMEOUT_MS. */
export const identityServiceProvider: Provider = {
  provide: IDENTITY_SERVICE,
  inject: [GATEWAY_CONFIG],
  useFactory: (config: GatewayConfig) =>
    new InternalClient({
      baseUrl: config.IDENTITY_URL,
      caller: 'gateway',
      privateKey: config.GATEWAY_PRIVATE_KEY,
      target: 'identity',
      timeoutMs: config.IDENTITY_TIMEOUT_MS,
    }),
};
