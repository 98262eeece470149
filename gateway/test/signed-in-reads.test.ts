import { createServer, get, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { IDENTITY_HEADER } from '@rampquote/contracts';
import { signIdentity } from '@rampquote/service-kit';
import { waitFor, TEST_KEYS } from '@rampquote/service-kit/testing';
import { SessionsService } from '../src/sessions/sessions.service';
import { startEchoService, unusedUrl, verifyReceived, type FakeServer } from './support/fake-services';
import {
  cookiePair,
  countSessionLoads,
  servedFromMemory,
  sessionCookie,
  startGateway,
  type RunningGateway,
} from './support/gateway-app';
import { startRealIdentity, type RealIdentity, type TestAccount } from './support/real-identity';
import { startRealAirports, startRealFleet } from './support/real-services';
import { startRecordingRelay, type RecordingRelay } from './support/recording-relay';
import { createTestDatabase } from './support/test-database';

/** The headers every answer of the site carries (helmet's, set by the gateway), compared between two reads. */
const SECURITY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

const PROXY_TIMEOUT_MS = 400;

/**
 * A stand-in svc-fleet for the fault cases: `GET /api/aircraft/silent` never answers (recorded in `held`, its connection's end in `closed`),
 * `GET /api/aircraft/broken` sends its headers and part of its body and then drops the connection, anything else
 * is echoed like startEchoService does.
 */
async function startFleetStub(): Promise<FakeServer & { held: string[]; closed: string[] }> {
  const echo = await startEchoService('fleet');
  const held: string[] = [];
  const closed: string[] = [];
  const server: Server = createServer((req, res) => {
    if (req.url === '/api/aircraft/silent') {
      held.push(req.url);
      req.socket.once('close', () => closed.push(req.url!));
      return;
    }
    if (req.url === '/api/aircraft/broken') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('[{"id":');
      setImmediate(() => req.socket.destroy());
      return;
    }
    const forward = httpRequest(`${echo.url}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: echo.requests,
    held,
    closed,
    close: async () => {
      await new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r())));
      await echo.close();
    },
  };
}

/** The real svc-identity, shared by this file's gateways; every test signs in with an account of its own. */
let identity: RealIdentity;
beforeAll(async () => {
  identity = await startRealIdentity();
}, 60_000);
afterAll(async () => {
  await identity?.close();
});

/** The user as the gateway shows it (the account without its password). */
const shown = ({ password: _password, ...user }: TestAccount) => user;

/** Signs a new pilot in at `gw`: the cookie, and the account. */
async function signInAt(gw: RunningGateway) {
  const pilot = await identity.account();
  const res = await request(gw.url).post('/api/auth/login').send({ email: pilot.email, password: pilot.password });
  expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: shown(pilot) });
  return { cookie: cookiePair(sessionCookie(res.headers)!), pilot };
}

/**
 * A signed-in read whose session is cached and needs nothing done gets the cached read-only session (SessionsService.load)
 * and goes to the service over undici (service-proxy.ts). The first read of a session loads it through
 * express-session; the repeats use the cached one. Both must give the same answer: what the browser sees and what
 * the service receives (the real svc-fleet and svc-airports, behind relays that record what reaches them).
 */
describe('gateway signed-in reads (real svc-identity, svc-fleet and svc-airports, real PostgreSQL)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let services: { close: () => Promise<void> }[];
  let fleet: RecordingRelay;
  let airports: RecordingRelay;
  let gw: RunningGateway;
  let sessionLoads: () => number;

  beforeAll(async () => {
    let fleetService, airportsService;
    [db, fleetService, airportsService] = await Promise.all([
      createTestDatabase(),
      startRealFleet(),
      startRealAirports(),
    ]);
    services = [fleetService, airportsService];
    [fleet, airports] = await Promise.all([
      startRecordingRelay(fleetService.url),
      startRecordingRelay(airportsService.url),
    ]);
    gw = await startGateway(db.name, {
      IDENTITY_URL: identity.url,
      FLEET_URL: fleet.url,
      AIRPORTS_URL: airports.url,
      QUOTES_URL: await unusedUrl(),
    });
    sessionLoads = countSessionLoads(gw).loads;
    await waitFor(() => gw.app.get(SessionsService).cache.enabled, 10_000, 'the gateway to listen for session changes');
  }, 60_000);

  afterAll(async () => {
    await gw?.close();
    await Promise.all([fleet?.close(), airports?.close()]);
    await Promise.all((services ?? []).map((s) => s.close()));
    await db?.drop();
  });

  const signIn = () => signInAt(gw);

  it('answers a repeated read like the first: same security headers, the user signed in for the service, no cookie or forged identity passed on', async () => {
    const { cookie, pilot } = await signIn();
    const before = sessionLoads();
    const first = await request(gw.url).get('/api/aircraft?page=1').set('Cookie', cookie);
    // The first read of a new session loads it (through express-session).
    expect(sessionLoads()).toBeGreaterThan(before);
    const forged = signIdentity(
      { caller: 'gateway', user: { id: 'x', email: 'evil@example.com', role: 'admin' } },
      TEST_KEYS.privateKey('svc-quotes'),
      {
        service: 'fleet',
        method: 'GET',
        path: '/api/aircraft',
      },
    );
    const repeat = await servedFromMemory(sessionLoads, () =>
      request(gw.url).get('/api/aircraft?page=1').set('Cookie', cookie).set(IDENTITY_HEADER, forged),
    );

    for (const res of [first, repeat]) {
      // svc-fleet lists the pilot's aircraft (none yet) for the user it was signed.
      expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: [] });
      expect(res.headers['x-request-id']).toMatch(/\S/);
      expect(res.headers['x-powered-by']).toBeUndefined();
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    for (const name of SECURITY_HEADERS) {
      expect(first.headers[name]).toBeDefined();
      expect(repeat.headers[name]).toBe(first.headers[name]);
    }
    const received = fleet.seen.slice(-2);
    for (const forwarded of received) {
      expect({ method: forwarded.method, url: forwarded.url }).toEqual({ method: 'GET', url: '/api/aircraft?page=1' });
      const verified = verifyReceived(forwarded, 'fleet');
      expect(verified.ok && verified.identity.user).toEqual({ id: pilot.id, email: pilot.email, role: pilot.role });
      expect(forwarded.headers.cookie).toBeUndefined();
    }
    expect(received[1]!.headers[IDENTITY_HEADER]).not.toBe(forged);
  });

  it('answers a repeated GET /api/auth/me (from the cached session) exactly like the first; a conditional one gets 304, a signed-out one 401', async () => {
    const { cookie, pilot } = await signIn();
    const before = sessionLoads();
    const first = await request(gw.url).get('/api/auth/me').set('Cookie', cookie);
    expect(sessionLoads()).toBeGreaterThan(before);
    const repeat = await servedFromMemory(sessionLoads, () =>
      request(gw.url).get('/api/auth/me').set('Cookie', cookie),
    );
    for (const res of [first, repeat]) {
      expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: shown(pilot) });
      expect(res.headers['x-request-id']).toMatch(/\S/);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    for (const name of [...SECURITY_HEADERS, 'cache-control', 'content-type', 'content-length', 'etag']) {
      expect(first.headers[name]).toBeDefined();
      expect(repeat.headers[name]).toBe(first.headers[name]);
    }
    expect(repeat.headers['cache-control']).toBe('no-store');

    const unchanged = await request(gw.url)
      .get('/api/auth/me')
      .set('Cookie', cookie)
      .set('If-None-Match', first.headers.etag!);
    expect(unchanged.status).toBe(304);

    expect((await request(gw.url).post('/api/auth/logout').set('Cookie', cookie)).status).toBe(200);
    const after = await request(gw.url).get('/api/auth/me').set('Cookie', cookie);
    expect({ status: after.status, body: after.body }).toEqual({ status: 401, body: { error: 'Not authenticated' } });
  });

  it('forwards the body of a repeated read that carries one (express-session and the streaming proxy take it)', async () => {
    const { cookie, pilot } = await signIn();
    expect((await request(gw.url).get('/api/aircraft').set('Cookie', cookie)).status).toBe(200);
    const res = await request(gw.url)
      .get('/api/aircraft?with=body')
      .set('Cookie', cookie)
      .set('Content-Type', 'application/json')
      .send('{"q":1}');
    // A body reached svc-fleet, which answers only when it hashes to what the gateway signed: this one.
    expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: [] });
    const forwarded = fleet.seen.at(-1)!;
    expect(forwarded.url).toBe('/api/aircraft?with=body');
    expect(forwarded.headers['content-length']).toBe('7');
    const verified = verifyReceived(forwarded, 'fleet', '{"q":1}');
    expect(verified.ok && verified.identity.user).toEqual({ id: pilot.id, email: pilot.email, role: pilot.role });
  });

  it('still refuses a route the role may not read (403), a cookie with a broken signature (401) and a signed-out cookie (401)', async () => {
    const { cookie } = await signIn();
    expect((await request(gw.url).get('/api/aircraft').set('Cookie', cookie)).status).toBe(200);
    const served = airports.seen.length;

    const admin = await request(gw.url).get('/api/admin/import-status').set('Cookie', cookie);
    expect(admin.status).toBe(403);
    expect(admin.body).toEqual({ error: 'Forbidden' });
    expect(airports.seen.length).toBe(served);

    // The signature's first character changed (always a different one: it carries 6 bits of the HMAC).
    const [name, value] = cookie.split('=');
    const signed = decodeURIComponent(value!);
    const dot = signed.lastIndexOf('.');
    const tampered = `${name}=${encodeURIComponent(`${signed.slice(0, dot + 1)}${signed[dot + 1] === 'A' ? 'B' : 'A'}${signed.slice(dot + 2)}`)}`;
    expect(tampered).not.toBe(cookie);
    const broken = await request(gw.url).get('/api/aircraft').set('Cookie', tampered);
    expect(broken.status).toBe(401);
    expect(broken.body).toEqual({ error: 'Authentication required' });

    expect((await request(gw.url).post('/api/auth/logout').set('Cookie', cookie)).status).toBeLessThan(300);
    const after = await request(gw.url).get('/api/aircraft').set('Cookie', cookie);
    expect(after.status).toBe(401);
  });
});

/** Fault cases: svc-fleet silent or breaking off its answer (a stand-in), the browser leaving, svc-quotes down. */
describe('gateway signed-in reads when the service fails (stand-in svc-fleet, real svc-identity, real PostgreSQL)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let fleet: Awaited<ReturnType<typeof startFleetStub>>;
  let gw: RunningGateway;
  /** The same gateway, but waiting a minute for an answer: a dropped call can only be the browser's doing. */
  let patient: RunningGateway;

  beforeAll(async () => {
    [db, fleet] = await Promise.all([createTestDatabase(), startFleetStub()]);
    gw = await startGateway(db.name, {
      IDENTITY_URL: identity.url,
      FLEET_URL: fleet.url,
      QUOTES_URL: await unusedUrl(),
      PROXY_TIMEOUT_MS: String(PROXY_TIMEOUT_MS),
    });
    patient = await startGateway(db.name, {
      IDENTITY_URL: identity.url,
      FLEET_URL: fleet.url,
      PROXY_TIMEOUT_MS: '60000',
    });
    for (const app of [gw, patient])
      await waitFor(
        () => app.app.get(SessionsService).cache.enabled,
        10_000,
        'the gateway to listen for session changes',
      );
  });

  afterAll(async () => {
    await gw?.close();
    await patient?.close();
    await fleet?.close();
    await db?.drop();
  });

  const signIn = async () => (await signInAt(gw)).cookie;

  it('answers 502 in the JSON error shape when the service of a repeated read is down', async () => {
    const cookie = await signIn();
    expect((await request(gw.url).get('/api/aircraft').set('Cookie', cookie)).status).toBe(200);
    const res = await request(gw.url).get('/api/quote-requests').set('Cookie', cookie);
    expect(res.status).toBe(502);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({ error: 'Service unavailable', details: [{ message: 'svc-quotes is not reachable' }] });
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('gives up on a repeated read the service does not answer in time: 504 naming the service, and the call is dropped', async () => {
    const cookie = await signIn();
    expect((await request(gw.url).get('/api/aircraft').set('Cookie', cookie)).status).toBe(200);
    const res = await request(gw.url).get('/api/aircraft/silent').set('Cookie', cookie);
    expect(res.status).toBe(504);
    expect(res.body).toEqual({
      error: 'Service unavailable',
      details: [{ message: 'svc-fleet did not answer in time' }],
    });
    await waitFor(
      () => fleet.closed.includes('/api/aircraft/silent'),
      5_000,
      'the gateway to drop the unanswered call',
    );
  });

  it("drops the service's call when the browser goes away before the answer", async () => {
    const { cookie } = await signInAt(patient);
    expect((await request(patient.url).get('/api/aircraft').set('Cookie', cookie)).status).toBe(200);
    const [heldBefore, closedBefore] = [fleet.held.length, fleet.closed.length];
    const browser = get(`${patient.url}/api/aircraft/silent`, { headers: { cookie } });
    browser.on('error', () => undefined);
    await waitFor(() => fleet.held.length > heldBefore, 5_000, 'the call to reach the service');
    browser.destroy();
    await waitFor(() => fleet.closed.length > closedBefore, 5_000, 'the call to the service to be dropped');
  });

  it("ends the browser's answer when the service breaks off after its headers (never a complete-looking answer)", async () => {
    const cookie = await signIn();
    expect((await request(gw.url).get('/api/aircraft').set('Cookie', cookie)).status).toBe(200);
    const outcome = await new Promise<{ status?: number; complete: boolean; body: string }>((resolve) => {
      const browser = get(`${gw.url}/api/aircraft/broken`, { headers: { cookie } }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('close', () => resolve({ status: res.statusCode, complete: res.complete, body }));
      });
      browser.on('error', () => resolve({ complete: false, body: '' }));
    });
    expect(outcome.complete).toBe(false);
    expect(outcome.body.length).toBeLessThan(100);
  });
});
