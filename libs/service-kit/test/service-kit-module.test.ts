import {
  Body,
  Controller,
  Get,
  Module,
  Post,
  BadRequestException,
  UseInterceptors,
  UploadedFile,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { request as httpRequest } from 'node:http';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { IDENTITY_HEADER, type InternalIdentity } from '@rampquote/contracts';
import {
  BODY_IN_TRAILER,
  BODY_TRAILER,
  bodyHash,
  createInternalClient,
  createServiceApp,
  CurrentIdentity,
  EventTables1767225600000,
  loadConfig,
  migrateService,
  Outbox,
  RequireIdentity,
  serviceConfigSchema,
  ServiceKitModule,
  signBodyTrailer,
  signIdentity,
  type InternalClient,
  type ServiceConfig,
} from '../src';
import {
  BrokerOutage,
  collectEvents,
  createTestEnvironment,
  signedAs,
  signedWith,
  TEST_KEYS,
  waitFor,
  type TestEnvironment,
} from '../src/testing';

@Controller('probe')
class ProbeController {
  constructor(
    private readonly outbox: Outbox,
    private readonly dataSource: DataSource,
  ) {}

  @Get('any')
  any(@CurrentIdentity() identity: InternalIdentity) {
    return { caller: identity.caller, user: identity.user ?? null };
  }

  @Post('echo')
  echo(@Body() body: unknown, @CurrentIdentity() identity: InternalIdentity) {
    return { caller: identity.caller, body };
  }

  @Post('upload')
  @UseInterceptors(FileInterceptor('file'))
  upload(@UploadedFile() file: { buffer: Buffer } | undefined) {
    return { bytes: file?.buffer.length ?? 0 };
  }

  /** Calls /probe/any of this same service (with its own key), on behalf of the user of this request. */
  @Get('relay')
  async relay(@CurrentIdentity() identity: InternalIdentity) {
    const res = await ProbeController.client!.get('/probe/any', { user: identity.user });
    return { status: res.status, body: res.body };
  }

  static client: InternalClient | undefined;

  @Get('admin')
  @RequireIdentity({ role: 'admin' })
  admin() {
    return { ok: true };
  }

  @Get('gateway-only')
  @RequireIdentity({ caller: 'gateway' })
  gatewayOnly() {
    return { ok: true };
  }

  @Get('boom')
  boom() {
    throw new Error('database password is hunter2');
  }

  @Post('invalid')
  invalid() {
    throw new BadRequestException(['name should not be empty', 'email must be an email']);
  }

  @Post('event')
  async event() {
    return this.dataSource.transaction((m) => this.outbox.add(m, 'kitmod-probed', { at: 1 }));
  }
}

@Module({ controllers: [ProbeController] })
class ProbeModule {}

describe('ServiceKitModule in a Nest app (real PostgreSQL and RabbitMQ)', () => {
  let env: TestEnvironment;
  let config: ServiceConfig;
  let app: NestExpressApplication;
  const outage = new BrokerOutage();
  const sign = (identity: Omit<InternalIdentity, 'iat'>) => signedAs(identity, 'kitmod');
  /** A header as it would be captured on its way to `method path` of `service`. */
  const captured = (
    identity: Omit<InternalIdentity, 'iat'> & { iat?: number },
    method: string,
    path: string,
    service = 'kitmod',
    body?: string,
  ) =>
    signIdentity(identity, TEST_KEYS.privateKey(identity.caller), {
      service,
      method,
      path,
      ...(body === undefined ? {} : { body: bodyHash(body) }),
    });
  const admin = { id: '11111111-1111-4111-8111-111111111111', email: 'admin@rampquote.dev', role: 'admin' as const };
  const pilot = { id: '22222222-2222-4222-8222-222222222222', email: 'pilot@rampquote.dev', role: 'pilot' as const };

  beforeAll(async () => {
    env = await createTestEnvironment('service_kit_module', ['kitmod']);
    config = loadConfig(serviceConfigSchema(4998), env.env);
    const schema = { service: 'kitmod', config, entities: [], migrations: [EventTables1767225600000] };
    await migrateService({ ...schema, topology: { bindings: [] } });
    app = await createServiceApp({
      service: 'kitmod',
      config,
      module: {
        module: class AppModule {},
        imports: [
          ServiceKitModule.forRoot({
            ...schema,
            events: { pollIntervalMs: 10_000, maxBackoffMs: 500, connect: outage.connect },
          }),
          ProbeModule,
        ],
      },
    });
  });
  afterAll(async () => {
    await app?.close();
    await env?.cleanup();
  });

  const http = () => request(app.getHttpServer());
  /** The app's port, listening from the first test that needs one on. */
  let port: number | undefined;
  const listeningPort = async () => {
    if (port === undefined) {
      await app.listen(0, '127.0.0.1');
      port = (app.getHttpServer().address() as { port: number }).port;
    }
    return port;
  };

  it('answers /health without an identity', async () => {
    const res = await http().get('/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', service: 'svc-kitmod', database: 'up', broker: 'up' });
  });

  it('guards every other route with the signed identity and hands it to the handler', async () => {
    expect((await http().get('/probe/any')).status).toBe(401);
    const res = await http()
      .get('/probe/any')
      .use(sign({ caller: 'gateway', user: pilot }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ caller: 'gateway', user: pilot });
  });

  it('accepts a signed identity only for the service, method and path it was made for (401 when replayed elsewhere)', async () => {
    const header = captured({ caller: 'gateway', user: admin }, 'GET', '/probe/any?page=2');
    expect((await http().get('/probe/any?page=2').set(IDENTITY_HEADER, header)).status).toBe(200);
    const unauthorized = { error: 'Unauthorized', details: [{ message: 'Missing or invalid internal identity' }] };
    const replays = [
      await http().get('/probe/any?page=3').set(IDENTITY_HEADER, header), // another query string
      await http().get('/probe/any').set(IDENTITY_HEADER, header), // no query string
      await http().get('/probe/admin').set(IDENTITY_HEADER, header), // another path
      await http()
        .get('/probe/any')
        .set(IDENTITY_HEADER, captured({ caller: 'gateway', user: admin }, 'POST', '/probe/any')), // another method
      await http()
        .get('/probe/any')
        .set(IDENTITY_HEADER, captured({ caller: 'gateway', user: admin }, 'GET', '/probe/any', 'fleet')), // another service
    ];
    expect(replays.map((r) => [r.status, r.body])).toEqual([
      [401, unauthorized],
      [401, unauthorized],
      [401, unauthorized],
      [401, unauthorized],
      [401, unauthorized],
    ]);
  });

  it('accepts a signed identity only with the body it was made for: another body is refused before any handler', async () => {
    const sent = JSON.stringify({ amount: 10 });
    const header = captured({ caller: 'gateway', user: admin }, 'POST', '/probe/echo', 'kitmod', sent);
    const ok = await http().post('/probe/echo').set(IDENTITY_HEADER, header).type('json').send(sent);
    expect(ok.status).toBe(201);
    expect(ok.body).toEqual({ caller: 'gateway', body: { amount: 10 } });
    const unauthorized = { error: 'Unauthorized', details: [{ message: 'Missing or invalid internal identity' }] };
    const otherBody = await http().post('/probe/echo').set(IDENTITY_HEADER, header).type('json').send('{"amount":99}');
    expect([otherBody.status, otherBody.body]).toEqual([401, unauthorized]);
    const noBody = await http().post('/probe/echo').set(IDENTITY_HEADER, header);
    expect([noBody.status, noBody.body]).toEqual([401, unauthorized]);
    // A multipart upload is checked too, as multer reads it.
    const upload = (file: Buffer) => http().post('/probe/upload').attach('file', file, 'a.csv');
    const signedUpload = await upload(Buffer.from('a,b\n1,2\n')).use(sign({ caller: 'gateway', user: admin }));
    expect([signedUpload.status, signedUpload.body]).toEqual([201, { bytes: 8 }]);
    const forgedUpload = upload(Buffer.from('a,b\n6,6\n'));
    forgedUpload.set(
      IDENTITY_HEADER,
      captured({ caller: 'gateway', user: admin }, 'POST', '/probe/upload', 'kitmod', 'x'),
    );
    const refused = await forgedUpload;
    expect([refused.status, refused.body]).toEqual([401, unauthorized]);
  });

  it('checks a streamed body against the hash in its signed trailer: another body or no trailer is refused', async () => {
    const port = await listeningPort();
    const gatewayKey = TEST_KEYS.privateKey('gateway');
    const header = signIdentity({ caller: 'gateway', user: admin }, gatewayKey, {
      service: 'kitmod',
      method: 'POST',
      path: '/probe/echo',
      body: BODY_IN_TRAILER,
    });
    const sent = '{"streamed":true}';
    const post = (body: string, trailer?: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/probe/echo',
            headers: {
              [IDENTITY_HEADER]: header,
              'content-type': 'application/json',
              'transfer-encoding': 'chunked',
              ...(trailer ? { trailer: BODY_TRAILER } : {}),
            },
          },
          (res) => {
            let text = '';
            res.on('data', (c) => (text += c));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
          },
        );
        req.on('error', reject);
        req.write(body.slice(0, 5));
        req.write(body.slice(5));
        if (trailer) req.addTrailers({ [BODY_TRAILER]: trailer });
        req.end();
      });
    const signedTrailer = signBodyTrailer(header, bodyHash(sent), gatewayKey);
    const ok = await post(sent, signedTrailer);
    expect([ok.status, JSON.parse(ok.body)]).toEqual([201, { caller: 'gateway', body: { streamed: true } }]);
    expect((await post('{"streamed":false}', signedTrailer)).status).toBe(401);
    expect((await post(sent)).status).toBe(401);
    // A trailer signed by another key (a service's) does not vouch for the gateway's body.
    const quotesTrailer = signBodyTrailer(header, bodyHash(sent), TEST_KEYS.privateKey('svc-quotes'));
    expect((await post(sent, quotesTrailer)).status).toBe(401);
  });

  it('takes a user only from the gateway key; a service key names that service alone; other keys are refused', async () => {
    const unauthorized = { error: 'Unauthorized', details: [{ message: 'Missing or invalid internal identity' }] };
    const attempts = [
      // svc-quotes's own key, naming an admin.
      await http()
        .get('/probe/any')
        .use(signedWith({ caller: 'svc-quotes', user: admin }, TEST_KEYS.privateKey('svc-quotes'), 'kitmod')),
      // svc-quotes's key, claiming to be the gateway or svc-billing.
      await http()
        .get('/probe/any')
        .use(signedWith({ caller: 'gateway', user: admin }, TEST_KEYS.privateKey('svc-quotes'), 'kitmod')),
      await http()
        .get('/probe/any')
        .use(signedWith({ caller: 'svc-billing' }, TEST_KEYS.privateKey('svc-quotes'), 'kitmod')),
      // A key no one here knows.
      await http()
        .get('/probe/any')
        .use(signedWith({ caller: 'gateway' }, TEST_KEYS.privateKey('someone-else'), 'kitmod')),
    ];
    expect(attempts.map((r) => [r.status, r.body])).toEqual(attempts.map(() => [401, unauthorized]));
    const own = await http()
      .get('/probe/any')
      .use(sign({ caller: 'svc-quotes' }));
    expect([own.status, own.body]).toEqual([200, { caller: 'svc-quotes', user: null }]);
  });

  it('refuses a signed identity older than 30 seconds', async () => {
    const header = captured({ caller: 'gateway', user: admin, iat: Date.now() - 31_000 }, 'GET', '/probe/any');
    expect((await http().get('/probe/any').set(IDENTITY_HEADER, header)).status).toBe(401);
    const fresh = captured({ caller: 'gateway', user: admin, iat: Date.now() - 25_000 }, 'GET', '/probe/any');
    expect((await http().get('/probe/any').set(IDENTITY_HEADER, fresh)).status).toBe(200);
  });

  it('enforces a required role: 401 without a user, 403 with another role', async () => {
    const anonymous = await http()
      .get('/probe/admin')
      .use(sign({ caller: 'gateway' }));
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ error: 'Authentication required' });
    const asPilot = await http()
      .get('/probe/admin')
      .use(sign({ caller: 'gateway', user: pilot }));
    expect(asPilot.status).toBe(403);
    expect(asPilot.body).toEqual({ error: 'Forbidden' });
    expect(
      (
        await http()
          .get('/probe/admin')
          .use(sign({ caller: 'gateway', user: admin }))
      ).status,
    ).toBe(200);
  });

  it('gives its OpenAPI document to the gateway only', async () => {
    const anonymous = await http().get('/openapi.json');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({
      error: 'Unauthorized',
      details: [{ message: 'Missing or invalid internal identity' }],
    });
    expect(
      (
        await http()
          .get('/openapi.json')
          .use(sign({ caller: 'svc-quotes' }))
      ).status,
    ).toBe(403);
    const gateway = await http()
      .get('/openapi.json')
      .use(sign({ caller: 'gateway' }));
    expect(gateway.status).toBe(200);
    expect(gateway.body.info.title).toBe('svc-kitmod');
  });

  it('enforces a required caller', async () => {
    expect(
      (
        await http()
          .get('/probe/gateway-only')
          .use(sign({ caller: 'svc-quotes' }))
      ).status,
    ).toBe(403);
    expect(
      (
        await http()
          .get('/probe/gateway-only')
          .use(sign({ caller: 'gateway' }))
      ).status,
    ).toBe(200);
  });

  it('signs service-to-service calls as svc-<name>, for the target service and the path called', async () => {
    const port = await listeningPort();
    const fleetKey = TEST_KEYS.privateKey('svc-fleet');
    const client = createInternalClient('svc-fleet', 'kitmod', `http://127.0.0.1:${port}`, fleetKey);
    const res = await client.get<{ caller: string; user: unknown }>('/probe/any?x=1');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ caller: 'svc-fleet', user: null });
    const echoed = await client.post('/probe/echo', { n: 1 });
    expect([echoed.status, echoed.body]).toEqual([201, { caller: 'svc-fleet', body: { n: 1 } }]);
    // A client made for another service signs for that one: this service refuses its calls.
    const misdirected = createInternalClient('svc-fleet', 'quotes', `http://127.0.0.1:${port}`, fleetKey);
    expect((await misdirected.get('/probe/any')).status).toBe(401);
    // Outside a request made by a user, a service cannot name one.
    await expect(client.get('/probe/any', { user: pilot })).rejects.toThrow(/only while serving that user's request/);
  });

  it("calls on a user's behalf with the gateway's header of the request it serves", async () => {
    const port = await listeningPort();
    ProbeController.client = createInternalClient(
      'kitmod',
      'kitmod',
      `http://127.0.0.1:${port}`,
      TEST_KEYS.privateKey('svc-kitmod'),
    );
    const res = await http()
      .get('/probe/relay')
      .use(sign({ caller: 'gateway', user: pilot }));
    expect(res.body).toEqual({ status: 200, body: { caller: 'svc-kitmod', user: pilot } });
    // The gateway's header for another service's request does not carry a user to this one.
    const forOtherService = captured({ caller: 'gateway', user: admin }, 'GET', '/probe/relay', 'billing');
    const relayed = await http()
      .get('/probe/any')
      .set(
        IDENTITY_HEADER,
        signIdentity(
          { caller: 'svc-quotes' },
          TEST_KEYS.privateKey('svc-quotes'),
          {
            service: 'kitmod',
            method: 'GET',
            path: '/probe/any',
          },
          { onBehalfOf: forOtherService },
        ),
      );
    expect(relayed.status).toBe(401);
  });

  it('answers errors in the JSON error shape and hides unknown ones', async () => {
    const boom = await http()
      .get('/probe/boom')
      .use(sign({ caller: 'gateway' }));
    expect(boom.status).toBe(500);
    expect(boom.body).toEqual({ error: 'Internal server error' });
    const invalid = await http()
      .post('/probe/invalid')
      .use(sign({ caller: 'gateway' }));
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual({
      error: 'Invalid request data',
      details: [{ message: 'name should not be empty' }, { message: 'email must be an email' }],
    });
    const badJson = await http()
      .post('/probe/invalid')
      .use(sign({ caller: 'gateway' }))
      .set('content-type', 'application/json')
      .send('{nope');
    expect(badJson.status).toBe(400);
    expect(badJson.body).toEqual({ error: 'Invalid JSON body' });
    const missing = await http().get('/nowhere');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'Cannot GET /nowhere' });
  });

  it('publishes an event right after its transaction commits (without waiting for the poll)', async () => {
    const collector = await collectEvents(env.amqpUrl, env.exchange, ['kitmod-probed']);
    try {
      const started = Date.now();
      const res = await http()
        .post('/probe/event')
        .use(sign({ caller: 'gateway' }));
      expect(res.status).toBe(201);
      await waitFor(() => collector.received.length === 1, 3000, 'the event');
      expect(Date.now() - started).toBeLessThan(3000); // the poll interval here is 10 s
      expect(collector.received[0]).toEqual(res.body);
    } finally {
      await collector.close();
    }
  });

  it('reports the broker down (503) while the consumer has no connection, and up again after', async () => {
    try {
      await outage.cut('consumer');
      const down = await http().get('/health');
      expect(down.status).toBe(503);
      expect(down.body).toEqual({ status: 'down', service: 'svc-kitmod', database: 'up', broker: 'down' });
    } finally {
      outage.restore();
    }
    await waitFor(async () => (await http().get('/health')).status === 200, 10_000, 'the consumer to reconnect');
  });
});
