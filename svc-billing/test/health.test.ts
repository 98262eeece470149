import * as amqp from 'amqplib';
import request from 'supertest';
import { DataSource } from 'typeorm';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createServiceApp, createTestEnvironment, migrateService, type TestEnvironment } from '@rampquote/service-kit';
import { AppModule } from '../src/app.module';
import { loadBillingConfig, SERVICE } from '../src/config';
import { ENTITIES, EVENT_BINDINGS, MIGRATIONS } from '../src/schema';

describe('svc-billing skeleton (real PostgreSQL and RabbitMQ)', () => {
  let env: TestEnvironment;
  let app: NestExpressApplication;

  beforeAll(async () => {
    env = await createTestEnvironment('billing', [SERVICE]);
    const config = loadBillingConfig(env.env);
    await migrateService({ service: SERVICE, config, entities: ENTITIES, migrations: MIGRATIONS, topology: { bindings: EVENT_BINDINGS } });
    app = await createServiceApp({ service: SERVICE, module: AppModule.forRoot(config), config });
  });
  afterAll(async () => {
    await app?.close();
    await env?.cleanup();
  });

  it('reports database and broker up on /health', async () => {
    const res = await request(app.getHttpServer()).get('/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', service: 'svc-billing', database: 'up', broker: 'up' });
  });

  it('owns its database with the first migration applied', async () => {
    const db = app.get(DataSource);
    const tables: { table_name: string }[] = await db.query(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`,
    );
    expect(tables.map((t) => t.table_name)).toEqual(expect.arrayContaining(['billing_customers', 'inbox_events', 'outbox_events', 'migrations']));
  });

  it('consumes `user-registered` from its own queue and records it in the inbox', async () => {
    const connection = await amqp.connect(env.amqpUrl);
    try {
      const channel = await connection.createConfirmChannel();
      const id = crypto.randomUUID();
      const envelope = { id, type: 'user-registered', occurredAt: new Date().toISOString(), source: 'svc-test', data: {} };
      channel.publish(env.exchange, 'user-registered', Buffer.from(JSON.stringify(envelope)), { persistent: true, messageId: id });
      await channel.waitForConfirms();
      const db = app.get(DataSource);
      const deadline = Date.now() + 10_000;
      let rows: unknown[] = [];
      while (Date.now() < deadline && rows.length === 0) {
        rows = await db.query('SELECT type FROM inbox_events WHERE event_id = $1', [id]);
        if (!rows.length) await new Promise((r) => setTimeout(r, 50));
      }
      expect(rows).toEqual([{ type: 'user-registered' }]);
    } finally {
      await connection.close();
    }
  });
});
