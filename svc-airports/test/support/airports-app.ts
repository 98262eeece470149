import request from 'supertest';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { IDENTITY_HEADER, type UserRole } from '@rampquote/contracts';
import { createServiceApp, createTestEnvironment, migrateService, signIdentity, type TestEnvironment } from '@rampquote/service-kit';
import { AppModule } from '../../src/app.module';
import { loadAirportsConfig, SERVICE, type AirportsConfig } from '../../src/config';
import { ENTITIES, EVENT_BINDINGS, MIGRATIONS } from '../../src/schema';

export interface AirportsTestApp {
  env: TestEnvironment;
  config: AirportsConfig;
  app: NestExpressApplication;
  http: () => ReturnType<typeof request>;
  /** Headers the gateway sends for a signed-in user of that role (or for a visitor). */
  as: (role?: UserRole) => Record<string, string>;
  close: () => Promise<void>;
}

/** svc-airports on a fresh database and its own exchange, migrated and initialised (relay and consumer running). */
export async function startAirports(extraEnv: Record<string, string> = {}): Promise<AirportsTestApp> {
  const env = await createTestEnvironment('airports', [SERVICE], extraEnv);
  const config = loadAirportsConfig(env.env);
  await migrateService({ service: SERVICE, config, entities: ENTITIES, migrations: MIGRATIONS, topology: { bindings: EVENT_BINDINGS } });
  const app = await createServiceApp({
    service: SERVICE,
    module: AppModule.forRoot(config, { maxBackoffMs: 1000, pollIntervalMs: 200 }),
    config,
  });
  return {
    env,
    config,
    app,
    http: () => request(app.getHttpServer()),
    as: (role) => ({
      [IDENTITY_HEADER]: signIdentity(
        { caller: 'gateway', ...(role ? { user: { id: crypto.randomUUID(), email: `${role}@example.com`, role } } : {}) },
        config.INTERNAL_SECRET,
      ),
    }),
    close: async () => {
      await app.close();
      await env.cleanup();
    },
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
