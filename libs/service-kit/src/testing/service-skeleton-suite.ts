import type * as JestGlobals from '@jest/globals';
import * as amqp from 'amqplib';
import { DataSource } from 'typeorm';
import type { ServiceConfig } from '../config';
import { eventQueues } from '../events/topology';
import type { ServiceDefinition } from '../service/define-service';
import { startTestService, type TestService } from './test-service';

export interface ServiceSkeletonSuiteOptions {
  /** Tables the service's own migrations create. */
  tables: string[];
}

/**
 * The integration suite every service answers from its first day: on a fresh database and exchange, migrated by
 * its own migration runner, it reports database and broker up on /health, owns its tables, consumes its own
 * queue, and takes an event it is bound to (the first of `eventBindings`) from that queue into its inbox.
 * Call it from a service's `test/health.test.ts`: `describeServiceSkeleton(service, { tables: ['aircraft'] })`.
 */
export function describeServiceSkeleton<C extends ServiceConfig>(
  service: ServiceDefinition<C>,
  options: ServiceSkeletonSuiteOptions,
): void {
  // Loaded here, not at the top: the rest of the testing entry point also works outside jest (scripts, Playwright).
  const { afterAll, beforeAll, describe, expect, it } = require('@jest/globals') as typeof JestGlobals;
  describe(`svc-${service.name} skeleton (real PostgreSQL and RabbitMQ)`, () => {
    let t: TestService<C>;
    let url: string;

    beforeAll(async () => {
      t = await startTestService(service);
      await t.app.listen(0, '127.0.0.1');
      url = await t.app.getUrl();
    });
    afterAll(async () => {
      await t?.close();
    });

    it('reports database and broker up on /health', async () => {
      const res = await fetch(`${url}/health`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'ok', service: `svc-${service.name}`, database: 'up', broker: 'up' });
    });

    it('owns its database with its migrations applied', async () => {
      const tables: { table_name: string }[] = await t.app
        .get(DataSource)
        .query(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`);
      expect(tables.map((row) => row.table_name)).toEqual(
        expect.arrayContaining([...options.tables, 'inbox_events', 'outbox_events', 'migrations']),
      );
      const applied: { name: string }[] = await t.app.get(DataSource).query('SELECT name FROM migrations ORDER BY id');
      expect(applied.map((row) => row.name)).toEqual(service.migrations.map((m) => m.name));
    });

    it(`consumes its own queue (bound to: ${service.eventBindings.join(', ') || 'nothing yet'})`, async () => {
      const connection = await amqp.connect(t.env.amqpUrl);
      try {
        const channel = await connection.createChannel();
        const queues = eventQueues(service.name, t.env.exchange);
        expect(await channel.checkQueue(queues.main)).toMatchObject({ queue: queues.main, consumerCount: 1 });
        expect(await channel.checkQueue(queues.dead)).toMatchObject({ queue: queues.dead, messageCount: 0 });
        await channel.close();
      } finally {
        await connection.close();
      }
    });

    if (service.eventBindings.length) {
      const type = service.eventBindings[0];
      it(`takes \`${type}\` from its own queue into the inbox`, async () => {
        const connection = await amqp.connect(t.env.amqpUrl);
        try {
          const channel = await connection.createConfirmChannel();
          const id = crypto.randomUUID();
          const envelope = { id, type, occurredAt: new Date().toISOString(), source: 'svc-test', data: {} };
          channel.publish(t.env.exchange, type, Buffer.from(JSON.stringify(envelope)), {
            persistent: true,
            messageId: id,
          });
          await channel.waitForConfirms();
          const db = t.app.get(DataSource);
          let rows: unknown[] = [];
          for (const deadline = Date.now() + 10_000; Date.now() < deadline && rows.length === 0;) {
            rows = await db.query('SELECT type FROM inbox_events WHERE event_id = $1', [id]);
            if (!rows.length) await new Promise((r) => setTimeout(r, 50));
          }
          expect(rows).toEqual([{ type }]);
        } finally {
          await connection.close();
        }
      });
    }
  });
}
