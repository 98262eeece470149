import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerHealthFirst, isHealthRequest, sharedCheck } from './health-first';

describe('sharedCheck', () => {
  it('runs the check once for callers within the max age, and again after it', async () => {
    let runs = 0;
    let now = 1_000;
    const realNow = Date.now;
    Date.now = () => now;
    try {
      const check = sharedCheck(async () => ++runs, 1000);
      expect(await Promise.all([check(), check(), check()])).toEqual([1, 1, 1]);
      now += 999;
      expect(await check()).toBe(1);
      now += 2;
      expect(await check()).toBe(2);
      expect(runs).toBe(2);
    } finally {
      Date.now = realNow;
    }
  });

  it('does not keep a failed check: the next caller asks again', async () => {
    let runs = 0;
    const check = sharedCheck(async () => {
      runs += 1;
      if (runs === 1) throw new Error('down');
      return 'up';
    }, 60_000);
    await expect(check()).rejects.toThrow('down');
    expect(await check()).toBe('up');
  });
});

describe('isHealthRequest', () => {
  it('is GET /health, with or without a query string, and nothing else', () => {
    const req = (method: string, url: string) => ({ method, url }) as Parameters<typeof isHealthRequest>[0];
    expect(isHealthRequest(req('GET', '/health'))).toBe(true);
    expect(isHealthRequest(req('GET', '/health?x=1'))).toBe(true);
    expect(isHealthRequest(req('POST', '/health'))).toBe(false);
    expect(isHealthRequest(req('GET', '/healthz'))).toBe(false);
    expect(isHealthRequest(req('GET', '/health/db'))).toBe(false);
  });
});

describe('answerHealthFirst', () => {
  let server: Server;
  let base: string;
  let reachedApp: string[];
  let answer: { status: number; body: unknown };

  beforeAll(async () => {
    reachedApp = [];
    answer = { status: 200, body: { status: 'ok', service: 'svc-test', database: 'up', broker: 'up' } };
    server = createServer((req, res) => {
      reachedApp.push(`${req.method} ${req.url}`);
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.end('app');
    });
    answerHealthFirst(server, async () => answer);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('answers GET /health itself: the status and JSON body of the check, not cached', async () => {
    const res = await fetch(`${base}/health`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual(answer.body);
    answer = { status: 503, body: { status: 'down', service: 'svc-test', database: 'down', broker: 'up' } };
    const down = await fetch(`${base}/health`);
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual(answer.body);
    expect(reachedApp).toEqual([]);
  });

  it('hands every other request to the app', async () => {
    expect(await (await fetch(`${base}/api/things`)).text()).toBe('app');
    expect(await (await fetch(`${base}/health`, { method: 'POST', body: '{}' })).text()).toBe('app');
    expect(reachedApp).toEqual(['GET /api/things', 'POST /health']);
  });
});
