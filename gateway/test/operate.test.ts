import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { startGateway, type RunningGateway } from './support/gateway-app';
import { unusedUrl } from './support/fake-services';
import { startRealFleet } from './support/real-services';
import { startRecordingRelay, type RecordingRelay } from './support/recording-relay';
import { createTestDatabase } from './support/test-database';

/** svc-billing's own document, as its GET /openapi.json would give it (parameter named differently from the policy). */
const BILLING_DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'svc-billing', version: '0.1.0' },
  paths: {
    '/api/billing/subscription/{id}': {
      put: {
        requestBody: {
          content: {
            'application/json': {
              schema: { type: 'object', required: ['planId'], properties: { planId: { type: 'string' } } },
            },
          },
        },
        responses: {},
      },
    },
  },
};

/**
 * The real svc-fleet (behind a relay that shows what reached it) answers the proxied calls. For the merged API
 * document, svc-billing is a stand-in giving a document of its own, and svc-identity, svc-quotes and svc-airports are
 * down (fault cases: the document names them unavailable); the document of every real service is merged in
 * contracts/openapi.contract.test.ts.
 */
describe('gateway operation: /api/docs, X-Request-Id, /metrics', () => {
  let db: { name: string; drop: () => Promise<void> };
  let gw: RunningGateway;
  let fleetService: Awaited<ReturnType<typeof startRealFleet>>;
  let fleet: RecordingRelay;
  let billing: Server;

  beforeAll(async () => {
    [db, fleetService] = await Promise.all([createTestDatabase(), startRealFleet()]);
    fleet = await startRecordingRelay(fleetService.url);
    billing = createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(req.url === '/openapi.json' ? BILLING_DOCUMENT : {}));
    });
    await new Promise<void>((r) => billing.listen(0, '127.0.0.1', r));
    const down = await unusedUrl();
    gw = await startGateway(db.name, {
      FLEET_URL: fleet.url,
      BILLING_URL: `http://127.0.0.1:${(billing.address() as AddressInfo).port}`,
      IDENTITY_URL: down,
      QUOTES_URL: down,
      AIRPORTS_URL: down,
    });
  }, 60_000);
  afterAll(async () => {
    await gw?.close();
    await fleet?.close();
    await fleetService?.close();
    billing?.close();
    await db?.drop();
  });

  it("serves Swagger UI at /api/docs with the site's security headers, and the merged document beside it", async () => {
    const page = await request(gw.url).get('/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.text).toContain('<script src="/api/docs/swagger-ui-bundle.js"></script>');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['x-frame-options']).toBe('DENY');
    for (const asset of [
      '/api/docs/swagger-ui-bundle.js',
      '/api/docs/swagger-ui.css',
      '/api/docs/swagger-initializer.js',
    ]) {
      const res = await request(gw.url).get(asset);
      expect(res.status).toBe(200);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    const doc = await request(gw.url).get('/api/docs/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toBe('3.1.0');
    expect(doc.body.paths['/api/quote-requests/{id}'].get['x-rampquote-policy']).toEqual({
      owner: 'quotes',
      handler: 'proxy',
      session: 'required',
    });
    expect(
      doc.body.paths['/api/billing/subscription/{subscriptionId}'].put.requestBody.content['application/json'].schema
        .required,
    ).toEqual(['planId']);
    expect(doc.body['x-rampquote-unavailable']).toEqual(
      expect.arrayContaining(['svc-identity', 'svc-quotes', 'svc-airports']),
    );
  });

  it('returns X-Request-Id on every answer and passes it to the service it forwards to', async () => {
    const res = await request(gw.url).get('/api/aircraft/makes').set('X-Request-Id', 'caller-id-42');
    expect(res.status).toBe(200);
    expect(res.headers['x-request-id']).toBe('caller-id-42');
    expect(fleet.seen.at(-1)?.headers['x-request-id']).toBe('caller-id-42');
    // Another address: svc-fleet marks the list public, so the first answer may come from the edge cache.
    const fresh = await request(gw.url).get('/api/aircraft/makes?again=1').set('X-Request-Id', 'bad id with spaces');
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(fleet.seen.at(-1)?.headers['x-request-id']).toBe(fresh.headers['x-request-id']);
    const page = await request(gw.url).get('/no-such-page');
    expect(page.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers /metrics to this machine only (not through a proxy), by route pattern, never raw paths', async () => {
    await request(gw.url).get('/api/aircraft/models/Cessna');
    const res = await request(gw.url).get('/metrics');
    expect(res.status).toBe(200);
    expect(res.text).toMatch(
      /http_requests_total\{method="GET",route="\/api\/aircraft\/models\/:make",status="200",service="gateway"\} \d+/,
    );
    expect(res.text).not.toContain('/api/aircraft/models/Cessna');
    expect(res.text).toContain('db_pool_connections{state="total",service="gateway"}');
    const relayed = await request(gw.url).get('/metrics').set('X-Forwarded-For', '203.0.113.9');
    expect(relayed.status).toBe(404);
  });
});
