import request from 'supertest';
import type { InternalIdentity } from '@rampquote/contracts';
import {
  checkAnswersAgainstContracts,
  signedAs,
  startTestService,
  type TestService,
} from '@rampquote/service-kit/testing';
import type { IdentityConfig } from '../../src/config';
import { service } from '../../src/service';

type Signer = ReturnType<typeof signedAs>;

export interface IdentityTestApp extends TestService<IdentityConfig> {
  /** supertest agent for the app. */
  http: () => ReturnType<typeof request>;
  /** Signs the request as the gateway does (for `user` when given): `.use(t.asGateway())`. */
  asGateway: (user?: InternalIdentity['user']) => Signer;
  /** Signs the request for another caller (`svc-quotes`, ...), on behalf of `user` when given. */
  asCaller: (caller: string, user?: InternalIdentity['user']) => Signer;
}

/** svc-identity on a fresh database and its own exchange, migrated, initialised (relay and consumer running). */
export async function startIdentity(extraEnv: Record<string, string> = {}): Promise<IdentityTestApp> {
  const t = await startTestService(service, { env: extraEnv });
  checkAnswersAgainstContracts(t.app.getHttpServer());
  const asCaller = (caller: string, user?: InternalIdentity['user']) =>
    signedAs({ caller, ...(user ? { user } : {}) }, service.name);
  return {
    ...t,
    http: () => request(t.app.getHttpServer()),
    asGateway: (user) => asCaller('gateway', user),
    asCaller,
  };
}
