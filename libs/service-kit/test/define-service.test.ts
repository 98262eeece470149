import { Body, Controller, Get, Inject, Injectable, Module, Post, type OnModuleInit } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { Column, DataSource, Entity, PrimaryColumn, type MigrationInterface, type QueryRunner } from 'typeorm';
import { z } from 'zod';
import * as amqp from 'amqplib';
import {
  defineService,
  envFlag,
  eventQueues,
  EventConsumer,
  Outbox,
  OutboxRelay,
  SERVICE_CONFIG,
  type ServiceConfigOf,
} from '../src';
import {
  collectEvents,
  createTestEnvironment,
  describeServiceSkeleton,
  signedAs,
  startTestService,
  waitFor,
  type TestService,
} from '../src/testing';

@Entity({ name: 'probe_notes' })
class ProbeNote {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ type: 'text' })
  text: string;
}

class CreateProbeNotes1767225700000 implements MigrationInterface {
  name = 'CreateProbeNotes1767225700000';
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE probe_notes (id uuid PRIMARY KEY, text text NOT NULL)`);
  }
  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE probe_notes`);
  }
}

const probeEnv = { PROBE_GREETING: z.string().min(1).default('hello'), PROBE_LOUD: envFlag() };
type ProbeConfig = ServiceConfigOf<typeof probeEnv>;

@Controller('probe')
class ProbeController {
  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: ProbeConfig,
    private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
  ) {}

  @Get('greeting')
  greeting() {
    return { greeting: this.config.PROBE_LOUD ? this.config.PROBE_GREETING.toUpperCase() : this.config.PROBE_GREETING };
  }

  @Post('notes')
  note(@Body() body: { text: string }) {
    return this.dataSource.transaction(async (manager) => {
      const note = await manager.save(manager.create(ProbeNote, { id: crypto.randomUUID(), text: body.text }));
      return this.outbox.add(manager, 'probe-noted', { id: note.id, text: note.text });
    });
  }
}

/** Keeps a note for every `probe-note-requested` (any payload), in the inbox transaction. */
@Injectable()
class NoteRequestedConsumer implements OnModuleInit {
  constructor(private readonly events: EventConsumer) {}
  onModuleInit() {
    this.events.on<{ text?: string }>('probe-note-requested', async (event, manager) => {
      await manager.insert(ProbeNote, { id: event.id, text: event.data.text ?? '' });
    });
  }
}

@Module({ controllers: [ProbeController], providers: [NoteRequestedConsumer] })
class ProbeModule {}

const probe = defineService({
  name: 'probe',
  port: 4999,
  config: probeEnv,
  entities: [ProbeNote],
  migrations: [CreateProbeNotes1767225700000],
  eventBindings: ['probe-note-requested'],
  modules: [ProbeModule],
});

describeServiceSkeleton(probe, { tables: ['probe_notes'] });

describe('a service made by defineService (real PostgreSQL and RabbitMQ)', () => {
  let t: TestService<ProbeConfig>;
  const asGateway = () => signedAs({ caller: 'gateway' }, 'probe');
  const http = (app: NestExpressApplication = t.app) => request(app.getHttpServer());

  beforeAll(async () => {
    t = await startTestService(probe, { env: { PROBE_GREETING: 'good morning' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('hands the features its typed config, its own variables read from the environment', async () => {
    const res = await http().get('/probe/greeting').use(asGateway());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ greeting: 'good morning' });
  });

  it('starts a sibling on the same database with its own environment', async () => {
    const loud = await t.startSibling({ PROBE_LOUD: 'true' });
    try {
      expect((await http(loud).get('/probe/greeting').use(asGateway())).body).toEqual({ greeting: 'GOOD MORNING' });
      expect((await http().get('/probe/greeting').use(asGateway())).body).toEqual({ greeting: 'good morning' });
    } finally {
      // Its relay would publish from the same outbox as the app's: the outage test below needs the app alone.
      await t.stopSibling(loud);
    }
  });

  it('keeps an event in the outbox while the broker is unreachable for the relay, and publishes it after', async () => {
    const collector = await collectEvents(t.env.amqpUrl, t.env.exchange, ['probe-noted']);
    const relay = t.app.get(OutboxRelay);
    try {
      await t.broker.cut('relay');
      expect(relay.connected).toBe(false);
      const res = await http().post('/probe/notes').use(asGateway()).send({ text: 'during the outage' });
      expect(res.status).toBe(201);
      const [row] = await t.app.get(DataSource).query(`SELECT sent_at FROM outbox_events WHERE id = $1`, [res.body.id]);
      expect(row).toEqual({ sent_at: null });
      expect(await relay.drain()).toBe(0);

      t.broker.restore();
      // The relay's link reconnects on its own backoff schedule; a loaded machine may need a few attempts.
      await waitFor(() => collector.received.length > 0, 40_000, 'probe-noted after the outage');
      expect(collector.received).toHaveLength(1);
      expect(collector.received[0]).toMatchObject({
        id: res.body.id,
        type: 'probe-noted',
        source: 'svc-probe',
        data: { text: 'during the outage' },
      });
      expect(relay.connected).toBe(true);
    } finally {
      t.broker.restore();
      await collector.close();
    }
  });
});

describe('the migration runner of a described service (real PostgreSQL and RabbitMQ)', () => {
  it('removes the binding of an event type the service no longer consumes from its existing queue', async () => {
    const env = await createTestEnvironment('retired', ['retired']);
    const connection = await amqp.connect(env.amqpUrl);
    try {
      const before = defineService({
        name: 'retired',
        port: 4998,
        eventBindings: ['retired-old', 'retired-kept'],
        modules: [],
      });
      const after = defineService({
        name: 'retired',
        port: 4998,
        eventBindings: ['retired-kept'],
        retiredEventBindings: ['retired-old'],
        modules: [],
      });
      await before.migrate(before.loadConfig(env.env));
      await after.migrate(after.loadConfig(env.env));

      const channel = await connection.createConfirmChannel();
      const returned: string[] = [];
      channel.on('return', (message: amqp.ConsumeMessage) => returned.push(message.fields.routingKey));
      for (const type of ['retired-old', 'retired-kept'])
        channel.publish(env.exchange, type, Buffer.from('{}'), { mandatory: true, persistent: true });
      await channel.waitForConfirms();
      expect(returned).toEqual(['retired-old']);
      const kept = await channel.get(eventQueues('retired', env.exchange).main, { noAck: true });
      expect(kept && kept.fields.routingKey).toBe('retired-kept');
      await channel.close();
    } finally {
      await connection.close();
      await env.cleanup();
    }
  });
});
