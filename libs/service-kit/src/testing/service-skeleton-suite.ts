import * as amqp from 'amqplib';
import type { DynamicModule } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import { createServiceApp } from '../bootstrap';
import type { ServiceConfig } from '../config';
import type { EntityList, MigrationList } from '../database/data-source';
import { migrateService } from '../database/run-migrations';
import { createTestEnvironment, type TestEnvironment } from './test-environment';

export interface ServiceSkeletonSuiteOptions<C extends ServiceConfig> {
  /** Service name without the `svc-` prefix. */
  service: string;
  loadConfig: (env: NodeJS.ProcessEnv) => C;
  module: (config: C) => DynamicModule;
  entities: EntityList;
  migrations: MigrationList;
  bindings: string[];
  /** Tables the service's own first migration creates. */
  tables: string[];
}

/**
 * The integration suite every service answers from its first day (issue 2): on a fresh database and exchange
 * it reports database and broker up on /health, owns its tables, and consumes an event it is bound to from
 * its own queue into its inbox. Call it from a service's `test/*.test.ts` (it declares jest tests).
 */
export function describeServiceSkeleton<C extends ServiceConfig>(options: ServiceSkeletonSuiteOptions<C>): void {
  describe(`svc-${options.service} skeleton (real PostgreSQL and RabbitMQ)`, () => {
    let env: TestEnvironment;
    let app: NestExpressApplication;
    let url: string;

    beforeAll(async () => {
      env = await createTestEnvironment(options.service, [options.service]);
      const config = options.loadConfig(env.env);
      await migrateService({ service: options.service, config, entities: options.entities, migrations: options.migrations, topology: { bindings: options.bindings } });
      app = await createServiceApp({ service: options.service, module: options.module(config), config });
      await app.listen(0, '127.0.0.1');
      url = await app.getUrl();
    });
    afterAll(async () => {
      await app?.close();
      await env?.cleanup();
    });

    it('reports database and broker up on /health', async () => {
      const res = await fetch(`${url}/health`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'ok', service: `svc-${options.service}`, database: 'up', broker: 'up' });
    });

    it('owns its database with the first migration applied', async () => {
      const tables: { table_name: string }[] = await app
        .get(DataSource)
        .query(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`);
      expect(tables.map((t) => t.table_name)).toEqual(expect.arrayContaining([...options.tables, 'inbox_events', 'outbox_events', 'migrations']));
    });

    it(`consumes \`${options.bindings[0]}\` from its own queue and records it in the inbox`, async () => {
      const type = options.bindings[0];
      const connection = await amqp.connect(env.amqpUrl);
      try {
        const channel = await connection.createConfirmChannel();
        const id = crypto.randomUUID();
        const envelope = { id, type, occurredAt: new Date().toISOString(), source: 'svc-test', data: {} };
        channel.publish(env.exchange, type, Buffer.from(JSON.stringify(envelope)), { persistent: true, messageId: id });
        await channel.waitForConfirms();
        const db = app.get(DataSource);
        let rows: unknown[] = [];
        for (const deadline = Date.now() + 10_000; Date.now() < deadline && rows.length === 0; ) {
          rows = await db.query('SELECT type FROM inbox_events WHERE event_id = $1', [id]);
          if (!rows.length) await new Promise((r) => setTimeout(r, 50));
        }
        expect(rows).toEqual([{ type }]);
      } finally {
        await connection.close();
      }
    });
  });
}
