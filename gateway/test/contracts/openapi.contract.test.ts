import request from 'supertest';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { ServiceName } from '@rampquote/contracts';
import type { OpenApiDocument, OpenApiOperation } from '@rampquote/service-kit';
import { signedAs } from '@rampquote/service-kit/testing';
import { startBilling } from '../../../svc-billing/test/support/billing-app';
import { startQuotes } from '../../../svc-quotes/test/support/quotes-app';
import { startGateway, type RunningGateway } from '../support/gateway-app';
import { createTestDatabase } from '../support/test-database';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** `METHOD path` → its request body, for every operation of a document that has one. */
const bodiesOf = (doc: OpenApiDocument) =>
  Object.fromEntries(
    Object.entries(doc.paths).flatMap(([path, item]) =>
      METHODS.flatMap((m) => {
        const op = (item as Partial<Record<string, OpenApiOperation>>)[m];
        return op?.requestBody ? [[`${m.toUpperCase()} ${path}`, op.requestBody]] : [];
      }),
    ),
  );

/**
 * The gateway's call to every service's GET /openapi.json (read for /api/docs/openapi.json) against the five real
 * services, each started once on its own database from its test support: the merged document names no service as
 * unavailable and carries, for each browser-facing route, the request body its service documents.
 */
describe('contract: gateway → every real service (GET /openapi.json)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let services: { name: ServiceName; app: NestExpressApplication; close: () => Promise<void> }[];
  let gw: RunningGateway;

  beforeAll(async () => {
    const [quotes, billing] = await Promise.all([startQuotes(), startBilling()]);
    // svc-quotes' harness starts the real svc-identity, svc-fleet and svc-airports as its neighbours (listening).
    const { identity, fleet, airports, urls: neighbourUrls } = quotes.neighbours;
    const closedWithQuotes = async () => undefined;
    services = [
      { name: 'identity', ...identity, close: closedWithQuotes },
      { name: 'fleet', ...fleet, close: closedWithQuotes },
      { name: 'quotes', ...quotes },
      { name: 'billing', ...billing },
      { name: 'airports', ...airports, close: closedWithQuotes },
    ];
    const urls: Record<string, string> = { ...neighbourUrls };
    for (const s of [
      { name: 'quotes', app: quotes.app },
      { name: 'billing', app: billing.app },
    ]) {
      await s.app.listen(0, '127.0.0.1');
      urls[`${s.name.toUpperCase()}_URL`] = (await s.app.getUrl()).replace('[::1]', '127.0.0.1');
    }
    db = await createTestDatabase();
    gw = await startGateway(db.name, urls);
  }, 180_000);

  afterAll(async () => {
    await gw?.close();
    await Promise.all((services ?? []).map((s) => s.close()));
    await db?.drop();
  }, 60_000);

  it("merges every service's document: none unavailable, each documented request body as the service gives it", async () => {
    const merged = await request(gw.url).get('/api/docs/openapi.json');
    expect(merged.status).toBe(200);
    const doc = merged.body as OpenApiDocument & { 'x-rampquote-unavailable'?: string[] };
    expect(doc['x-rampquote-unavailable']).toBeUndefined();
    const mergedBodies = bodiesOf(doc);
    for (const s of services) {
      const own = await request(s.app.getHttpServer())
        .get('/openapi.json')
        .use(signedAs({ caller: 'gateway' }, s.name));
      expect(own.status).toBe(200);
      const browserFacing = Object.entries(bodiesOf(own.body as OpenApiDocument)).filter(([key]) =>
        key.split(' ')[1].startsWith('/api/'),
      );
      expect(browserFacing.length).toBeGreaterThan(0);
      for (const [key, body] of browserFacing) expect({ [key]: mergedBodies[key] }).toEqual({ [key]: body });
    }
  });
});
