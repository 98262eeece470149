import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { IDENTITY_HEADER } from '@rampquote/contracts';
import { createServiceApp, createTestEnvironment, migrateService, signIdentity, type TestEnvironment } from '@rampquote/service-kit';
import { AppModule } from '../../src/app.module';
import { loadFleetConfig, SERVICE, type FleetConfig } from '../../src/config';
import { ENTITIES, EVENT_BINDINGS, MIGRATIONS } from '../../src/schema';

export interface FleetTestApp {
  env: TestEnvironment;
  config: FleetConfig;
  app: NestExpressApplication;
  http: () => ReturnType<typeof request>;
  /** The header the gateway sends for a signed-in user. */
  asUser: (userId: string) => Record<string, string>;
  /** The header the gateway sends for a visitor (no user). */
  asVisitor: () => Record<string, string>;
  close: () => Promise<void>;
}

/** svc-fleet on a fresh database and its own exchange, migrated and initialised. */
export async function startFleet(): Promise<FleetTestApp> {
  const env = await createTestEnvironment('fleet', [SERVICE]);
  const config = loadFleetConfig(env.env);
  await migrateService({ service: SERVICE, config, entities: ENTITIES, migrations: MIGRATIONS, topology: { bindings: EVENT_BINDINGS } });
  const app = await createServiceApp({ service: SERVICE, module: AppModule.forRoot(config, { maxBackoffMs: 1000, pollIntervalMs: 200 }), config });
  return {
    env,
    config,
    app,
    http: () => request(app.getHttpServer()),
    asUser: (userId) => ({
      [IDENTITY_HEADER]: signIdentity({ caller: 'gateway', user: { id: userId, email: `${userId.slice(0, 8)}@example.com`, role: 'pilot' } }, config.INTERNAL_SECRET),
    }),
    asVisitor: () => ({ [IDENTITY_HEADER]: signIdentity({ caller: 'gateway' }, config.INTERNAL_SECRET) }),
    close: async () => {
      await app.close();
      await env.cleanup();
    },
  };
}

export const newUserId = () => randomUUID();
