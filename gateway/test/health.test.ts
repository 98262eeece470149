import http from 'node:http';
import request from 'supertest';
import type { Pool } from 'pg';
import { PG_POOL } from '../src/database/database.module';
import { startGateway, type RunningGateway } from './support/gateway-app';
import { createTestDatabase } from './support/test-database';

/** GET /health of the gateway: the launcher's readiness check, answered by the pipeline's first steps. */
describe('gateway /health (real PostgreSQL)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let gw: RunningGateway;

  beforeAll(async () => {
    db = await createTestDatabase();
    gw = await startGateway(db.name);
  });
  afterAll(async () => {
    await gw?.close();
    await db?.drop();
  });

  it('answers 200 with the database up, as JSON, not cached, with the site security headers and no cookie', async () => {
    const res = await request(gw.url).get('/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', checks: { database: 'up' } });
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeUndefined(); // plain HTTP
    expect(res.headers['set-cookie']).toBeUndefined();
    // The same headers as any page or API answer of the site (helmet's, through Express).
    const api = await request(gw.url).get('/api/auth/me');
    for (const header of [
      'content-security-policy',
      'x-frame-options',
      'referrer-policy',
      'x-content-type-options',
      'cross-origin-opener-policy',
    ]) {
      expect(res.headers[header]).toBe(api.headers[header]);
    }
  });

  it("tells keep-alive clients it keeps an idle connection 65 s (longer than a load balancer's 60 s), on /health and the API", async () => {
    const agent = new http.Agent({ keepAlive: true });
    try {
      for (const path of ['/health', '/api/auth/me']) {
        const headers = await new Promise<http.IncomingHttpHeaders>((resolve, reject) => {
          http
            .get(`${gw.url}${path}`, { agent }, (res) => {
              res.resume();
              res.on('end', () => resolve(res.headers));
            })
            .on('error', reject);
        });
        expect(headers.connection).toBe('keep-alive');
        expect(headers['keep-alive']).toBe('timeout=65');
      }
    } finally {
      agent.destroy();
    }
  });

  it('answers a query string and HEAD the same way', async () => {
    const withQuery = await request(gw.url).get('/health?probe=1');
    expect(withQuery.status).toBe(200);
    expect(withQuery.body).toEqual({ status: 'ok', checks: { database: 'up' } });
    const head = await request(gw.url).head('/health');
    expect(head.status).toBe(200);
    expect(head.headers['cache-control']).toBe('no-store');
  });

  it('asks the database about once a second however many checks arrive', async () => {
    const pool = gw.app.get<Pool>(PG_POOL);
    const query = jest.spyOn(pool, 'query');
    try {
      const answers = await Promise.all(Array.from({ length: 200 }, () => request(gw.url).get('/health')));
      expect(answers.every((a) => a.status === 200)).toBe(true);
      const checks = query.mock.calls.filter(([sql]) => sql === 'SELECT 1').length;
      expect(checks).toBeLessThanOrEqual(3);
    } finally {
      query.mockRestore();
    }
  });
});

describe('gateway /health with its database gone', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let gw: RunningGateway;

  beforeAll(async () => {
    db = await createTestDatabase();
    gw = await startGateway(db.name);
  });
  afterAll(async () => {
    await gw?.close();
  });

  it('answers 503 naming the database once it stops answering', async () => {
    expect((await request(gw.url).get('/health')).status).toBe(200);
    await db.drop();
    const deadline = Date.now() + 10_000;
    let res = await request(gw.url).get('/health');
    while (res.status === 200 && Date.now() < deadline) res = await request(gw.url).get('/health');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: 'error', checks: { database: 'down' } });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
