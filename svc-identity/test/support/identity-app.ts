import request from 'supertest';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { IDENTITY_HEADER } from '@rampquote/contracts';
import { createServiceApp, createTestEnvironment, migrateService, signIdentity, type TestEnvironment } from '@rampquote/service-kit';
import { AppModule } from '../../src/app.module';
import { loadIdentityConfig, SERVICE, type IdentityConfig } from '../../src/config';
import { ENTITIES, EVENT_BINDINGS, MIGRATIONS } from '../../src/schema';

export interface IdentityTestApp {
  env: TestEnvironment;
  config: IdentityConfig;
  app: NestExpressApplication;
  /** supertest agent for the app. */
  http: () => ReturnType<typeof request>;
  /** The header value the gateway would send. */
  asGateway: () => Record<string, string>;
  /** Another app instance on the same database with other settings (e.g. BETA_OPEN). */
  startSibling: (env: Record<string, string>) => Promise<NestExpressApplication>;
  close: () => Promise<void>;
}

/** svc-identity on a fresh database and its own exchange, migrated, initialised (relay and consumer running). */
export async function startIdentity(extraEnv: Record<string, string> = {}): Promise<IdentityTestApp> {
  const env = await createTestEnvironment('identity', [SERVICE], extraEnv);
  const config = loadIdentityConfig(env.env);
  await migrateService({ service: SERVICE, config, entities: ENTITIES, migrations: MIGRATIONS, topology: { bindings: EVENT_BINDINGS } });
  const start = (c: IdentityConfig) =>
    createServiceApp({ service: SERVICE, module: AppModule.forRoot(c, { maxBackoffMs: 1000, pollIntervalMs: 200 }), config: c });
  const app = await start(config);
  const siblings: NestExpressApplication[] = [];
  return {
    env,
    config,
    app,
    http: () => request(app.getHttpServer()),
    asGateway: () => ({ [IDENTITY_HEADER]: signIdentity({ caller: 'gateway' }, config.INTERNAL_SECRET) }),
    startSibling: async (more) => {
      const sibling = await start(loadIdentityConfig({ ...env.env, ...more }));
      siblings.push(sibling);
      return sibling;
    },
    close: async () => {
      for (const s of siblings) await s.close();
      await app.close();
      await env.cleanup();
    },
  };
}
