import { Controller, Get, Inject, Injectable, Module, Param, Post, type OnModuleInit } from '@nestjs/common';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createInternalClient, defineService, EventConsumer, Outbox, SERVICE_CONFIG, type ServiceConfig } from '../src';
import { publishTestEvent, signedAs, startTestService, waitFor, type TestService } from '../src/testing';

/** A neighbour service that remembers the headers of the calls it gets. */
let neighbourUrl = '';
const neighbourHeaders: IncomingHttpHeaders[] = [];

@Controller('probe')
class ProbeController {
  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
    private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
  ) {}

  @Get('items/:id')
  async item(@Param('id') id: string) {
    const neighbour = createInternalClient('probe', 'fleet', neighbourUrl, this.config.SERVICE_PRIVATE_KEY);
    await neighbour.get(`/things/${id}`);
    return { id };
  }

  @Get('links/:token')
  link(@Param('token') _token: string): never {
    throw new Error('the link failed at the database');
  }

  @Post('items/:id/touch')
  touch(@Param('id') id: string) {
    return this.dataSource.transaction((m) => this.outbox.add(m, 'probe-touched', { itemId: id }));
  }
}

@Injectable()
class FailingConsumer implements OnModuleInit {
  constructor(private readonly events: EventConsumer) {}
  onModuleInit() {
    this.events.on('probe-fails', () => {
      throw new Error('always fails');
    });
  }
}

@Module({ controllers: [ProbeController], providers: [FailingConsumer] })
class ProbeModule {}

const probe = defineService({ name: 'obsprobe', port: 4998, eventBindings: ['probe-fails'], modules: [ProbeModule] });

describe('observability of a service: request id through calls and events, /metrics (real PostgreSQL and RabbitMQ)', () => {
  let t: TestService<ServiceConfig>;
  let neighbour: Server;

  beforeAll(async () => {
    neighbour = createServer((req, res) => {
      neighbourHeaders.push(req.headers);
      res.setHeader('content-type', 'application/json');
      res.end('{}');
    });
    await new Promise<void>((r) => neighbour.listen(0, '127.0.0.1', r));
    neighbourUrl = `http://127.0.0.1:${(neighbour.address() as AddressInfo).port}`;
    t = await startTestService(probe, { events: { maxAttempts: 2, retryDelayMs: 50 } });
  });
  afterAll(async () => {
    await t?.close();
    neighbour?.close();
  });

  const metrics = async () => (await request(t.app.getHttpServer()).get('/metrics')).text;
  const sample = (text: string, name: string, labels: Record<string, string>) => {
    const line = text
      .split('\n')
      .find((l) => l.startsWith(`${name}{`) && Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`)));
    return line === undefined ? undefined : Number(line.split(' ').pop());
  };

  it('passes the request id on to the services it calls and into the events it records', async () => {
    const res = await request(t.app.getHttpServer())
      .get('/probe/items/a1')
      .set('X-Request-Id', 'req-probe-1')
      .use(signed());
    expect(res.status).toBe(200);
    expect(res.headers['x-request-id']).toBe('req-probe-1');
    expect(neighbourHeaders.at(-1)?.['x-request-id']).toBe('req-probe-1');
    const touched = await request(t.app.getHttpServer())
      .post('/probe/items/a1/touch')
      .set('X-Request-Id', 'req-probe-2')
      .use(signed());
    expect(touched.body.requestId).toBe('req-probe-2');
  });

  it('counts requests by route pattern and status with their latency, never by raw path', async () => {
    for (const id of ['x1', 'x2', 'x3']) await request(t.app.getHttpServer()).get(`/probe/items/${id}`).use(signed());
    const text = await metrics();
    expect(
      sample(text, 'http_requests_total', {
        method: 'GET',
        route: '/probe/items/:id',
        status: '200',
        service: 'svc-obsprobe',
      }),
    ).toBeGreaterThanOrEqual(3);
    expect(
      sample(text, 'http_request_duration_seconds_count', { route: '/probe/items/:id', status: '200' }),
    ).toBeGreaterThanOrEqual(3);
    expect(text).not.toContain('/probe/items/x1');
    expect(sample(text, 'http_requests_total', { route: 'unmatched', status: '404' })).toBeUndefined();
    await request(t.app.getHttpServer()).get('/nowhere/at/all').use(signed());
    expect(sample(await metrics(), 'http_requests_total', { route: 'unmatched', status: '404' })).toBe(1);
  });

  it('reports the outbox backlog and its oldest age, retries and dead letters, and the database pool', async () => {
    await t.broker.cut();
    try {
      await request(t.app.getHttpServer()).post('/probe/items/b1/touch').use(signed());
      await waitFor(async () => (sample(await metrics(), 'outbox_unsent_events', {}) ?? 0) >= 1, 10_000, 'a backlog');
      await new Promise((r) => setTimeout(r, 1100));
      expect(sample(await metrics(), 'outbox_oldest_unsent_age_seconds', {})).toBeGreaterThanOrEqual(1);
    } finally {
      t.broker.restore();
    }
    await waitFor(async () => sample(await metrics(), 'outbox_unsent_events', {}) === 0, 15_000, 'the backlog drained');
    expect(sample(await metrics(), 'outbox_oldest_unsent_age_seconds', {})).toBe(0);

    await publishTestEvent(t.config.AMQP_URL, t.config.EVENTS_EXCHANGE, 'probe-fails', { itemId: 'c1' });
    await waitFor(
      async () => sample(await metrics(), 'events_consumed_total', { type: 'probe-fails', outcome: 'dead' }) === 1,
      15_000,
      'a dead letter',
    );
    expect(sample(await metrics(), 'events_consumed_total', { type: 'probe-fails', outcome: 'retried' })).toBe(1);
    const text = await metrics();
    expect(sample(text, 'db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'db_pool_connections', { state: 'max' })).toBeGreaterThanOrEqual(1);
  });

  it('answers /metrics without a token only to a caller on this machine that no proxy relayed', async () => {
    expect((await request(t.app.getHttpServer()).get('/metrics')).status).toBe(200);
    const relayed = await request(t.app.getHttpServer()).get('/metrics').set('X-Forwarded-For', '203.0.113.9');
    expect(relayed.status).toBe(404);
    expect(relayed.body).toEqual({ error: 'Not found' });
  });

  it("logs a failed request's route pattern, never its path (link tokens stay out of the logs)", async () => {
    const written: string[] = [];
    const capture = (chunk: unknown) => (written.push(String(chunk)), true);
    const out = jest.spyOn(process.stdout, 'write').mockImplementation(capture as typeof process.stdout.write);
    const err = jest.spyOn(process.stderr, 'write').mockImplementation(capture as typeof process.stderr.write);
    try {
      const token = 'secret-link-token-4f9c2e';
      const res = await request(t.app.getHttpServer())
        .get(`/probe/links/${token}`)
        .use(signedAs({ caller: 'gateway' }, 'obsprobe'));
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ error: 'Internal server error' });
      await waitFor(
        async () => written.some((line) => line.includes('/probe/links/:token failed')),
        5_000,
        'the error line',
      );
      expect(written.join('')).not.toContain(token);
    } finally {
      out.mockRestore();
      err.mockRestore();
    }
  });

  it('keeps /metrics to the holder of METRICS_TOKEN when one is set', async () => {
    const sibling = await t.startSibling({ METRICS_TOKEN: 'metrics-token-0123456789' });
    expect((await request(sibling.getHttpServer()).get('/metrics')).status).toBe(404);
    expect(
      (await request(sibling.getHttpServer()).get('/metrics').set('Authorization', 'Bearer wrong-token-0123456789'))
        .status,
    ).toBe(404);
    const ok = await request(sibling.getHttpServer())
      .get('/metrics')
      .set('Authorization', 'Bearer metrics-token-0123456789');
    expect(ok.status).toBe(200);
    expect(ok.headers['content-type']).toContain('text/plain');
    expect(ok.text).toContain('# TYPE http_requests_total counter');
  });

  function signed() {
    return signedAs({ caller: 'gateway' }, 'obsprobe');
  }
});
