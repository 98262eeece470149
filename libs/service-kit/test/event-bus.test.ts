import * as amqp from 'amqplib';
import type { DataSource } from 'typeorm';
import type { EventEnvelope } from '@rampquote/contracts';
import {
  ATTEMPT_HEADER,
  BrokerLink,
  createServiceDataSource,
  EventConsumer,
  EventTables1767225600000,
  eventQueues,
  loadConfig,
  migrateService,
  Outbox,
  OutboxRelay,
  serviceConfigSchema,
  TypeOrmInboxStore,
  TypeOrmOutboxStore,
  type DeliveryOutcome,
  type ServiceConfig,
} from '../src';
import { collectEvents, createTestEnvironment, waitFor, type TestEnvironment } from '../src/testing';
import { TcpProxy } from './support/tcp-proxy';

const silent = { log() {}, warn() {}, error() {}, debug() {}, verbose() {} };
const FAILING = 'kit-thing-failed';
const DONE = 'kit-thing-done';

describe('event bus (real PostgreSQL and RabbitMQ)', () => {
  let env: TestEnvironment;
  let config: ServiceConfig;
  let dataSource: DataSource;
  let broker: amqp.ChannelModel;
  let channel: amqp.ConfirmChannel;

  beforeAll(async () => {
    env = await createTestEnvironment('service_kit', ['kit', 'kitdup']);
    config = loadConfig(serviceConfigSchema(4999), env.env);
    const schema = { config, entities: [], migrations: [EventTables1767225600000] };
    await migrateService({ service: 'kit', ...schema, topology: { bindings: [FAILING] } });
    await migrateService({ service: 'kitdup', ...schema, topology: { bindings: [DONE] } });
    dataSource = await createServiceDataSource({ service: 'kit', ...schema }).initialize();
    broker = await amqp.connect(env.amqpUrl);
    channel = await broker.createConfirmChannel();
  });

  afterAll(async () => {
    await broker?.close().catch(() => undefined);
    await dataSource?.destroy();
    await env?.cleanup();
  });

  function envelope(type: string, data: unknown): EventEnvelope {
    return { id: crypto.randomUUID(), type, occurredAt: new Date().toISOString(), source: 'svc-test', data };
  }

  async function publish(event: EventEnvelope) {
    channel.publish(env.exchange, event.type, Buffer.from(JSON.stringify(event)), {
      persistent: true,
      messageId: event.id,
    });
    await channel.waitForConfirms();
  }

  function consumer(service: string, bindings: string[]) {
    return new EventConsumer({
      service,
      url: env.amqpUrl,
      exchange: env.exchange,
      bindings,
      inbox: new TypeOrmInboxStore(dataSource),
      logger: silent,
      maxAttempts: 3,
      retryDelayMs: 100,
    });
  }

  it('moves an event whose handler keeps throwing to the dead-letter queue after three attempts, and not before', async () => {
    const dead = eventQueues('kit', env.exchange).dead;
    const deadCountAtEachAttempt: number[] = [];
    const failing = consumer('kit', [FAILING]).on(FAILING, async () => {
      deadCountAtEachAttempt.push((await channel.checkQueue(dead)).messageCount);
      throw new Error('cannot handle this');
    });
    const outcomes: DeliveryOutcome[] = [];
    const original = failing.handleMessage.bind(failing);
    jest.spyOn(failing, 'handleMessage').mockImplementation(async (ch, msg) => {
      const outcome = await original(ch, msg);
      outcomes.push(outcome);
      return outcome;
    });
    await failing.start();
    try {
      const event = envelope(FAILING, { n: 1 });
      await publish(event);
      await waitFor(async () => (await channel.checkQueue(dead)).messageCount === 1, 15_000, 'the dead-letter queue');
      expect(deadCountAtEachAttempt).toEqual([0, 0, 0]);

      const message = await channel.get(dead, { noAck: true });
      expect(message).not.toBe(false);
      const m = message as amqp.GetMessage;
      expect(JSON.parse(m.content.toString())).toEqual(event);
      expect(m.properties.messageId).toBe(event.id);
      expect(m.properties.headers?.[ATTEMPT_HEADER]).toBe(3);
      expect(m.properties.headers?.['x-rampquote-error']).toBe('cannot handle this');

      // No fourth attempt: the third delivery settled as dead, and no copy is left in the queue or its retry queue.
      await waitFor(() => outcomes.length === 3, 10_000, 'the third delivery to settle');
      expect(outcomes).toEqual(['retried', 'retried', 'dead']);
      const { main, retry } = eventQueues('kit', env.exchange);
      expect([(await channel.checkQueue(main)).messageCount, (await channel.checkQueue(retry)).messageCount]).toEqual([
        0, 0,
      ]);
      expect(deadCountAtEachAttempt).toHaveLength(3);
      const inbox = await dataSource.query('SELECT 1 FROM inbox_events WHERE event_id = $1', [event.id]);
      expect(inbox).toHaveLength(0);
    } finally {
      await failing.stop();
    }
  });

  it('runs the handler once when the same event is delivered twice, and records it in the inbox', async () => {
    const handled: EventEnvelope[] = [];
    const c = consumer('kitdup', [DONE]).on(DONE, (event) => {
      handled.push(event);
    });
    const outcomes: DeliveryOutcome[] = [];
    const original = c.handleMessage.bind(c);
    jest.spyOn(c, 'handleMessage').mockImplementation(async (ch, msg) => {
      const outcome = await original(ch, msg);
      outcomes.push(outcome);
      return outcome;
    });
    await c.start();
    try {
      const event = envelope(DONE, { n: 2 });
      await publish(event);
      await publish(event);
      await waitFor(() => outcomes.length === 2, 10_000, 'two deliveries');
      // The two deliveries are handled side by side: which one finishes first is not fixed, only that one ran.
      expect([...outcomes].sort()).toEqual(['duplicate', 'handled']);
      expect(handled).toEqual([event]);
      const inbox = await dataSource.query('SELECT type FROM inbox_events WHERE event_id = $1', [event.id]);
      expect(inbox).toEqual([{ type: DONE }]);
    } finally {
      await c.stop();
    }
  });

  it('delivers an event added while the relay could not reach the broker, once the broker is reachable again', async () => {
    const target = new URL(env.amqpUrl);
    const proxy = new TcpProxy(target.hostname, Number(target.port || 5672));
    await proxy.open();
    const viaProxy = new URL(env.amqpUrl);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    const relay = new OutboxRelay({
      store: new TypeOrmOutboxStore(dataSource),
      exchange: env.exchange,
      pollIntervalMs: 100,
      logger: silent,
      link: new BrokerLink({
        url: viaProxy.toString(),
        name: 'kit-relay-test',
        logger: silent,
        maxBackoffMs: 500,
        setup: async (ch) => {
          await ch.assertExchange(env.exchange, 'topic', { durable: true });
        },
      }),
    });
    const outbox = new Outbox('svc-kit', () => relay.nudge());
    outbox.watchCommits(dataSource);
    const collector = await collectEvents(env.amqpUrl, env.exchange, ['kit-relay-ok', 'kit-relay-late']);
    try {
      await relay.start();
      expect(relay.connected).toBe(true);
      const first = await dataSource.transaction((m) => outbox.add(m, 'kit-relay-ok', { n: 1 }));
      await waitFor(() => collector.received.length === 1, 5000, 'the first event');
      expect(collector.received[0]).toEqual(first);

      await proxy.cut();
      await waitFor(() => !relay.connected, 5000, 'the relay to notice the outage');
      const second = await dataSource.transaction((m) => outbox.add(m, 'kit-relay-late', { n: 2 }));
      // The relay's drained state while the broker is unreachable: a drain ran and confirmed nothing.
      expect(await relay.drain()).toBe(0);
      expect(collector.received).toHaveLength(1);
      const [pending] = await dataSource.query('SELECT sent_at, attempts FROM outbox_events WHERE id = $1', [
        second.id,
      ]);
      expect(pending.sent_at).toBeNull();

      await proxy.restore();
      await waitFor(() => collector.received.length === 2, 15_000, 'the event published during the outage');
      expect(collector.received[1]).toEqual(second);
      await waitFor(
        async () => {
          const [row] = await dataSource.query('SELECT sent_at FROM outbox_events WHERE id = $1', [second.id]);
          return row.sent_at !== null;
        },
        5000,
        'the row to be marked sent',
      );
    } finally {
      await relay.stop();
      await proxy.cut();
      await collector.close();
    }
  });
});
