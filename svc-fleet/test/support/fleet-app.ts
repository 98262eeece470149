import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { ConfigOf } from '@rampquote/service-kit';
import {
  checkAnswersAgainstContracts,
  signedAs,
  startTestService,
  type TestService,
} from '@rampquote/service-kit/testing';
import { service } from '../../src/service';

export interface FleetTestApp extends TestService<ConfigOf<typeof service>> {
  http: () => ReturnType<typeof request>;
  /** Signs the request as the gateway does for a signed-in user (a supertest plugin: `.use(t.asUser(id))`). */
  asUser: (userId: string) => ReturnType<typeof signedAs>;
  /** Signs the request as the gateway does for a visitor (no user). */
  asVisitor: () => ReturnType<typeof signedAs>;
}

/** svc-fleet on a fresh database and its own exchange, migrated and initialised. */
export async function startFleet(env: Record<string, string> = {}): Promise<FleetTestApp> {
  const t = await startTestService(service, { env });
  checkAnswersAgainstContracts(t.app.getHttpServer());
  return {
    ...t,
    http: () => request(t.app.getHttpServer()),
    asUser: (userId) =>
      signedAs(
        { caller: 'gateway', user: { id: userId, email: `${userId.slice(0, 8)}@example.com`, role: 'pilot' } },
        service.name,
      ),
    asVisitor: () => signedAs({ caller: 'gateway' }, service.name),
  };
}

export const newUserId = () => randomUUID();
