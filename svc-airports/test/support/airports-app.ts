import request from 'supertest';
import type { UserRole } from '@rampquote/contracts';
import {
  checkAnswersAgainstContracts,
  signedAs,
  startTestService,
  type TestService,
} from '@rampquote/service-kit/testing';
import type { AirportsConfig } from '../../src/config';
import { service } from '../../src/service';

export interface AirportsTestApp extends TestService<AirportsConfig> {
  http: () => ReturnType<typeof request>;
  /** Signs the request as the gateway does for a signed-in user of that role (or for a visitor): `.use(t.as('admin'))`. */
  as: (role?: UserRole) => ReturnType<typeof signedAs>;
}

/** svc-airports on a fresh database and its own exchange, migrated and initialised (relay and consumer running). */
export async function startAirports(extraEnv: Record<string, string> = {}): Promise<AirportsTestApp> {
  const t = await startTestService(service, { env: extraEnv });
  checkAnswersAgainstContracts(t.app.getHttpServer());
  return {
    ...t,
    http: () => request(t.app.getHttpServer()),
    as: (role) =>
      signedAs(
        {
          caller: 'gateway',
          ...(role ? { user: { id: crypto.randomUUID(), email: `${role}@example.com`, role } } : {}),
        },
        service.name,
      ),
  };
}

/** Polls `check` until it returns a truthy value (or the time runs out). */
export async function eventually<T>(check: () => Promise<T> | T, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}
