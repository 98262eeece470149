import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { IDENTITY_HEADER, PasswordResetMessages, type AircraftDto } from '@rampquote/contracts';
import { signIdentity } from '@rampquote/service-kit';
import { TEST_KEYS } from '@rampquote/service-kit/testing';
import { cookiePair, sessionCookie, startGateway, type RunningGateway } from './support/gateway-app';
import { startQuotes, type QuotesTestApp } from '../../svc-quotes/test/support/quotes-app';
import { startEchoService, unusedUrl, verifyReceived, type FakeServer } from './support/fake-services';
import { identityAccounts, type IdentityAccounts, type TestAccount } from './support/real-identity';
import { startRecordingRelay, type RecordingRelay } from './support/recording-relay';
import { createTestDatabase } from './support/test-database';

/** Where the micro-frontends live: their own hosts, a CDN prefix, and a path behind the site's own Ingress. */
const REMOTE_URLS = {
  REMOTE_URL_MF_ACCOUNT: 'http://localhost:3101/',
  REMOTE_URL_MF_QUOTES: 'https://cdn.example.com/rampquote/mf-quotes/1.4.2',
  REMOTE_URL_MF_FBO_PORTAL: 'http://localhost:3103/',
  REMOTE_URL_MF_ADMIN: '/mf/admin/',
};

/** A WEB_ROOT with a built shell, and a built micro-frontend the gateway must not serve (it has a host of its own). */
function makeWebRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'rq-webroot-'));
  mkdirSync(join(root, 'shell', 'dist'), { recursive: true });
  writeFileSync(
    join(root, 'shell', 'dist', 'index.html'),
    '<!doctype html><title>RampQuote shell</title><div id="root"></div>',
  );
  writeFileSync(join(root, 'shell', 'dist', 'main.3f9a1c2b.js'), 'console.log("shell")');
  mkdirSync(join(root, 'mf-account', 'dist'), { recursive: true });
  writeFileSync(join(root, 'mf-account', 'dist', 'mf-manifest.json'), '{"name":"account"}');
  writeFileSync(join(root, 'mf-account', 'dist', 'remoteEntry.js'), 'var account;');
  writeFileSync(join(root, 'mf-account', 'dist', '412.0a1b2c3d.js'), 'chunk');
  return root;
}

/** A support message svc-identity takes (201). */
const SUPPORT_MESSAGE = {
  name: 'Pat Pilot',
  email: 'pat@example.com',
  subject: 'Fuel prices at KBFI',
  message: 'Could you tell me how current the fuel prices are?',
};

/**
 * The gateway in front of the real svc-identity, svc-fleet, svc-airports and svc-quotes (svc-quotes' test support
 * starts the other three as its neighbours), each behind a relay that records what reaches it; svc-billing is down.
 */
describe('gateway edge: proxy, CSRF, limits, headers, static hosting', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let identity: IdentityAccounts;
  let quotesApp: QuotesTestApp;
  let relays: Record<'identity' | 'fleet' | 'airports' | 'quotes', RecordingRelay>;
  let webRoot: string;
  let gw: RunningGateway;

  beforeAll(async () => {
    [db, quotesApp] = await Promise.all([createTestDatabase(), startQuotes()]);
    await quotesApp.app.listen(0, '127.0.0.1');
    const quotesUrl = (await quotesApp.app.getUrl()).replace('[::1]', '127.0.0.1');
    const { IDENTITY_URL, FLEET_URL, AIRPORTS_URL } = quotesApp.neighbours.urls;
    identity = identityAccounts(quotesApp.neighbours.identity, IDENTITY_URL);
    const [identityRelay, fleetRelay, airportsRelay, quotesRelay] = await Promise.all(
      [identity.url, FLEET_URL, AIRPORTS_URL, quotesUrl].map((url) => startRecordingRelay(url)),
    );
    relays = { identity: identityRelay, fleet: fleetRelay, airports: airportsRelay, quotes: quotesRelay };
    webRoot = makeWebRoot();
    gw = await startGateway(db.name, {
      IDENTITY_URL: relays.identity.url,
      FLEET_URL: relays.fleet.url,
      AIRPORTS_URL: relays.airports.url,
      QUOTES_URL: relays.quotes.url,
      BILLING_URL: await unusedUrl(),
      WEB_ROOT: webRoot,
      ...REMOTE_URLS,
      TRUST_PROXY: 'loopback',
      CSRF_TRUSTED_ORIGINS: 'http://localhost:3001',
      RATE_LIMIT_REGISTER: '2',
      RATE_LIMIT_FORGOT_PASSWORD: '1',
      RATE_LIMIT_SUPPORT: '1',
      RATE_LIMIT_FBO_SUBMIT: '1',
    });
  }, 120_000);

  afterAll(async () => {
    await gw?.close();
    await Promise.all(Object.values(relays ?? {}).map((r) => r.close()));
    await quotesApp?.close();
    await db?.drop();
    rmSync(webRoot, { recursive: true, force: true });
  }, 60_000);

  /** Signs `account` (a new pilot unless given) in. */
  const signIn = async (account?: TestAccount) => {
    const { email, password } = account ?? (await identity.account());
    const res = await request(gw.url).post('/api/auth/login').send({ email, password });
    expect(res.status).toBe(200);
    return cookiePair(sessionCookie(res.headers)!);
  };
  /** The last call that reached `service`. */
  const lastAt = (service: keyof typeof relays) => relays[service].seen.at(-1)!;

  describe('proxy', () => {
    it('forwards to the service of the route table with a freshly signed anonymous identity, dropping a forged one', async () => {
      const forged = signIdentity(
        { caller: 'gateway', user: { id: 'x', email: 'evil@example.com', role: 'admin' } },
        TEST_KEYS.privateKey('svc-quotes'),
        {
          service: 'fleet',
          method: 'GET',
          path: '/api/aircraft/makes',
        },
      );
      const res = await request(gw.url).get('/api/aircraft/makes?x=1').set(IDENTITY_HEADER, forged);
      // svc-fleet answers its catalogue of makes.
      expect(res.status).toBe(200);
      expect(res.body).toEqual(expect.arrayContaining(['Cessna']));
      expect({ method: lastAt('fleet').method, url: lastAt('fleet').url }).toEqual({
        method: 'GET',
        url: '/api/aircraft/makes?x=1',
      });
      const received = lastAt('fleet').headers[IDENTITY_HEADER] as string;
      expect(received).not.toBe(forged);
      const verified = verifyReceived(lastAt('fleet'), 'fleet');
      expect(verified.ok).toBe(true);
      expect(verified.ok && verified.identity).toMatchObject({ caller: 'gateway' });
      expect(verified.ok && verified.identity.user).toBeUndefined();
    });

    it('signs the session user into the identity header and keeps the session cookie away from services', async () => {
      const pilot = await identity.account();
      const cookie = await signIn(pilot);
      const res = await request(gw.url)
        .post('/api/aircraft')
        .set('Cookie', cookie)
        .send({ make: 'Cessna', model: '172' });
      // svc-fleet saved the aircraft for the signed-in pilot.
      expect(res.status).toBe(201);
      expect(res.body as AircraftDto).toMatchObject({ userId: pilot.id, make: 'Cessna', model: '172' });
      const forwarded = lastAt('fleet');
      const verified = verifyReceived(forwarded, 'fleet', JSON.stringify({ make: 'Cessna', model: '172' }));
      expect(verified.ok && verified.identity.user).toEqual({ id: pilot.id, email: pilot.email, role: pilot.role });
      expect(forwarded.headers.cookie).toBeUndefined();
    });

    it("tells the service where the call came from, with the service's own Host and none of the browser's connection headers", async () => {
      const res = await request(gw.url)
        .get('/api/aircraft/makes?from=hop')
        .set('Connection', 'keep-alive, X-Hop-Secret')
        .set('X-Hop-Secret', 'for the next hop only')
        .set('Keep-Alive', 'timeout=9')
        .set('Proxy-Authorization', 'Basic Zm9vOmJhcg==');
      expect(res.status).toBe(200);
      // The proxied answer carries the site's security headers like any other.
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      const forwarded = lastAt('fleet');
      expect(forwarded.url).toBe('/api/aircraft/makes?from=hop');
      expect(forwarded.headers.host).toBe(new URL(relays.fleet.url).host);
      expect(forwarded.headers['x-forwarded-host']).toBe(new URL(gw.url).host);
      expect(forwarded.headers['x-forwarded-proto']).toBe('http');
      expect(forwarded.headers['x-forwarded-port']).toBe(new URL(gw.url).port);
      expect(forwarded.headers['x-forwarded-for']).toMatch(/127\.0\.0\.1$/);
      expect(forwarded.headers['x-hop-secret']).toBeUndefined();
      expect(forwarded.headers['keep-alive']).toBeUndefined();
      expect(forwarded.headers['proxy-authorization']).toBeUndefined();
    });

    it('routes /api/user/aircraft to svc-fleet, the rest of /api/user to svc-identity and /api/quote-requests to svc-quotes', async () => {
      const pilot = await identity.account();
      const cookie = await signIn(pilot);
      const aircraft = await request(gw.url).get('/api/user/aircraft').set('Cookie', cookie);
      expect({ status: aircraft.status, body: aircraft.body, at: lastAt('fleet').url }).toEqual({
        status: 200,
        body: [],
        at: '/api/user/aircraft',
      });
      const profile = await request(gw.url).get('/api/user/profile').set('Cookie', cookie);
      expect({ status: profile.status, id: profile.body.id, at: lastAt('identity').url }).toEqual({
        status: 200,
        id: pilot.id,
        at: '/api/user/profile',
      });
      const quote = await request(gw.url).get('/api/quote-requests/42').set('Cookie', cookie);
      expect({ status: quote.status, at: lastAt('quotes').url }).toEqual({ status: 404, at: '/api/quote-requests/42' });
    });

    it('serves a repeated answer the service marked public from the edge cache, without asking the service again', async () => {
      // svc-fleet marks its catalogue public for five minutes.
      const path = `/api/aircraft/makes?n=${Date.now()}`;
      const before = relays.fleet.seen.length;
      const first = await request(gw.url).get(path);
      const second = await request(gw.url)
        .get(path)
        .set('Cookie', await signIn());
      expect(first.status).toBe(200);
      expect(first.headers['x-edge-cache']).toBeUndefined();
      expect(second.status).toBe(200);
      expect(second.headers['x-edge-cache']).toBe('HIT');
      expect(second.body).toEqual(first.body);
      expect(second.headers['cache-control']).toBe(first.headers['cache-control']);
      expect(second.headers['cache-control']).toMatch(/^public, max-age=\d+/);
      // A hit is answered without the service but carries the same security headers.
      expect(second.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
      expect(second.headers['content-security-policy']).toContain("default-src 'self'");
      expect(second.headers['x-content-type-options']).toBe('nosniff');
      expect(second.headers['x-frame-options']).toBe('DENY');
      expect(relays.fleet.seen.filter((r) => r.url === path)).toHaveLength(1);
      expect(relays.fleet.seen.length - before).toBe(1);
    });

    it('answers 502 JSON naming the service when it is down (svc-billing, a fault case)', async () => {
      const res = await request(gw.url).get('/api/billing/plans');
      expect(res.status).toBe(502);
      expect(res.body).toEqual({
        error: 'Service unavailable',
        details: [{ message: 'svc-billing is not reachable' }],
      });
    });

    it('answers unknown /api paths with a JSON 404, even for a page navigation', async () => {
      const res = await request(gw.url).get('/api/nothing-here').set('Accept', 'text/html');
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Not found' });
    });
  });

  describe('cross-site request forgery', () => {
    it('refuses a POST from another origin with 403, before reaching the service', async () => {
      const cookie = await signIn();
      const before = relays.fleet.seen.length;
      const res = await request(gw.url)
        .post('/api/aircraft')
        .set('Cookie', cookie)
        .set('Origin', 'https://evil.example')
        .send({ make: 'x' });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: 'Cross-site request refused' });
      // The next call that does reach svc-fleet is the next one it sees.
      expect((await request(gw.url).get('/api/aircraft').set('Cookie', cookie)).status).toBe(200);
      expect(relays.fleet.seen.slice(before).map((r) => r.method)).toEqual(['GET']);
    });

    it('refuses a cross-site login and a cross-site Referer', async () => {
      const pilot = await identity.account();
      const login = await request(gw.url)
        .post('/api/auth/login')
        .set('Origin', 'https://evil.example')
        .send({ email: pilot.email, password: pilot.password });
      expect(login.status).toBe(403);
      expect(sessionCookie(login.headers)).toBeUndefined();
      const referer = await request(gw.url).delete('/api/aircraft/1').set('Referer', 'https://evil.example/x');
      expect(referer.status).toBe(403);
    });

    it('accepts the same origin (PUBLIC_URL or the address the request was sent to) and Sec-Fetch-Site: same-origin', async () => {
      const pilot = await identity.account();
      const viaPublicUrl = await request(gw.url)
        .post('/api/auth/login')
        .set('Origin', 'http://localhost:8080')
        .send({ email: pilot.email, password: pilot.password });
      expect(viaPublicUrl.status).toBe(200);
      const cookie = await signIn(pilot);
      const saved = await request(gw.url)
        .post('/api/aircraft')
        .set('Cookie', cookie)
        .set('Sec-Fetch-Site', 'same-origin')
        .send({ make: 'Cessna', model: '172' });
      expect(saved.status).toBe(201);
      const id = (saved.body as AircraftDto).id;
      const viaHost = await request(gw.url)
        .put(`/api/aircraft/${id}`)
        .set('Cookie', cookie)
        .set('Origin', gw.url)
        .send({ make: 'Piper', model: 'PA-28' });
      // svc-fleet changed the aircraft.
      expect({ status: viaHost.status, make: viaHost.body.make }).toEqual({ status: 200, make: 'Piper' });
      const viaTrustedDevServer = await request(gw.url)
        .delete(`/api/aircraft/${id}`)
        .set('Cookie', cookie)
        .set('Origin', 'http://localhost:3001');
      expect(viaTrustedDevServer.status).toBe(200);
      expect((await request(gw.url).get('/api/aircraft').set('Cookie', cookie)).body).toEqual([]);
      const viaFetchMetadata = await request(gw.url).post('/api/auth/logout').set('Sec-Fetch-Site', 'same-origin');
      expect(viaFetchMetadata.status).toBe(200);
    });
  });

  describe('rate limits on proxied calls', () => {
    it('limits registrations per client with a 429 message and Retry-After', async () => {
      const register = (i: number) =>
        request(gw.url)
          .post('/api/auth/register')
          .send({ firstName: 'Ada', lastName: 'Lovelace', email: `edge-new${i}@example.com`, password: 'Str0ng#Pass' });
      for (let i = 0; i < 2; i++) {
        // svc-identity registers the account.
        const ok = await register(i);
        expect({ status: ok.status, email: ok.body.user?.email }).toEqual({
          status: 201,
          email: `edge-new${i}@example.com`,
        });
      }
      const res = await register(3);
      expect(res.status).toBe(429);
      expect(res.body).toEqual({ error: 'Too many registration attempts. Please wait an hour and try again.' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(3000);
    });

    it('limits forgot-password per client and e-mail, and still forwards the body', async () => {
      const first = await request(gw.url).post('/api/auth/forgot-password').send({ email: 'a@rampquote.dev' });
      // svc-identity read the e-mail of the forwarded body (without it, its answer is a 400).
      expect({ status: first.status, body: first.body }).toEqual({
        status: 200,
        body: { message: PasswordResetMessages.forgotAccepted },
      });
      const again = await request(gw.url).post('/api/auth/forgot-password').send({ email: 'A@rampquote.dev' });
      expect(again.status).toBe(429);
      expect(again.body).toEqual({ error: 'Too many password reset requests. Please wait an hour and try again.' });
      const other = await request(gw.url).post('/api/auth/forgot-password').send({ email: 'b@rampquote.dev' });
      expect(other.status).toBe(200);
    });

    it('limits support messages and FBO submissions per client', async () => {
      expect((await request(gw.url).post('/api/support/contact').send(SUPPORT_MESSAGE)).status).toBe(201);
      const support = await request(gw.url).post('/api/support/contact').send(SUPPORT_MESSAGE);
      expect(support.status).toBe(429);
      expect(support.body).toEqual({ error: 'Too many support messages. Please wait an hour and try again.' });

      // svc-quotes answers the first (no such link), the limit the second.
      const answered = await request(gw.url).post('/api/fbo-quote/fbo1/token1/submit').send({ total: 1 });
      expect({ status: answered.status, at: lastAt('quotes').url }).toEqual({
        status: 404,
        at: '/api/fbo-quote/fbo1/token1/submit',
      });
      const fbo = await request(gw.url).post('/api/fbo-quote/fbo1/token1/submit').send({ total: 2 });
      expect(fbo.status).toBe(429);
      expect(fbo.body).toEqual({ error: 'Too many quote submissions. Please wait an hour and try again.' });
      // A decline is an FBO answer too: it shares the limit.
      expect((await request(gw.url).post('/api/fbo-quote/fbo2/token2/decline').send({ reason: 'other' })).status).toBe(
        429,
      );
      // Reading the FBO page is not limited: svc-quotes answers it.
      const page = await request(gw.url).get('/api/fbo-quote/fbo1/token1');
      expect({ status: page.status, at: lastAt('quotes').url }).toEqual({
        status: 404,
        at: '/api/fbo-quote/fbo1/token1',
      });
    });
  });

  describe('headers', () => {
    it('sends the security headers and no X-Powered-By', async () => {
      const res = await request(gw.url).get('/remotes.json');
      const csp = res.headers['content-security-policy'];
      for (const directive of [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "connect-src 'self'",
        "frame-ancestors 'none'",
        "object-src 'none'",
        "base-uri 'self'",
      ]) {
        expect(csp).toContain(directive);
      }
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-powered-by']).toBeUndefined();
      expect(res.headers['strict-transport-security']).toBeUndefined();
    });

    it('behind a trusted TLS proxy: HSTS and a Secure session cookie', async () => {
      const pilot = await identity.account();
      const res = await request(gw.url)
        .post('/api/auth/login')
        .set('X-Forwarded-Proto', 'https')
        .send({ email: pilot.email, password: pilot.password });
      expect(res.status).toBe(200);
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(sessionCookie(res.headers)).toMatch(/; Secure/i);
    });
  });

  describe('static hosting', () => {
    it('serves /remotes.json from configuration (REMOTE_URL_MF_*), not cached', async () => {
      const res = await request(gw.url).get('/remotes.json');
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body.remotes.map((r: { name: string; entry: string }) => [r.name, r.entry])).toEqual([
        ['account', 'http://localhost:3101/mf-manifest.json'],
        ['quotes', 'https://cdn.example.com/rampquote/mf-quotes/1.4.2/mf-manifest.json'],
        ['fbo_portal', 'http://localhost:3103/mf-manifest.json'],
        ['admin', '/mf/admin/mf-manifest.json'],
      ]);
      expect(res.body.remotes[0].routes).toContain('/login');
    });

    it("lets the shell's page load code, styles and assets from the remotes' hosts (CSP), and nothing else", async () => {
      const res = await request(gw.url).get('/login').set('Accept', 'text/html');
      const directives = new Map(
        String(res.headers['content-security-policy'])
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .map(([name, ...values]) => [name, values] as const),
      );
      for (const name of ['script-src', 'connect-src', 'style-src', 'img-src', 'font-src']) {
        expect(directives.get(name)).toEqual(
          expect.arrayContaining([
            "'self'",
            'http://localhost:3101',
            'https://cdn.example.com',
            'http://localhost:3103',
          ]),
        );
        expect(directives.get(name)!.filter((v) => v.startsWith('http'))).toHaveLength(3);
      }
      expect(directives.get('default-src')).toEqual(["'self'"]);
      expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    });

    it('answers a page navigation such as /login with the shell index.html (no-cache)', async () => {
      for (const path of ['/', '/login', '/quote-details/42']) {
        const res = await request(gw.url).get(path).set('Accept', 'text/html,application/xhtml+xml');
        expect(res.status).toBe(200);
        expect(res.text).toContain('RampQuote shell');
        expect(res.headers['cache-control']).toBe('no-cache');
      }
    });

    it("caches the shell's hashed files for long and keeps its page fresh", async () => {
      const hashed = await request(gw.url).get('/main.3f9a1c2b.js');
      expect(hashed.status).toBe(200);
      expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const page = await request(gw.url).get('/index.html');
      expect(page.status).toBe(200);
      expect(page.headers['cache-control']).toBe('no-cache');
    });

    it("does not serve the micro-frontends' bundles (they live on their own hosts), nor the shell for missing files", async () => {
      for (const path of [
        '/mf/account/mf-manifest.json',
        '/mf/account/remoteEntry.js',
        '/mf-account/dist/remoteEntry.js',
        '/mf/account/412.0a1b2c3d.js',
        '/missing.js',
      ]) {
        const res = await request(gw.url).get(path).set('Accept', 'text/html');
        expect(res.status).toBe(404);
        expect(res.text).not.toContain('RampQuote shell');
      }
    });

    it('keeps /health a JSON answer for the launcher', async () => {
      const res = await request(gw.url).get('/health').set('Accept', 'text/html');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'ok', checks: { database: 'up' } });
    });
  });
});

/**
 * The edge cache's choice for each Cache-Control a service may send, private among them (no service sends that
 * today): a stand-in that answers with the header the test picks (`?cache=`).
 */
describe('gateway edge cache with a stand-in service that sends the Cache-Control the test picks', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let echo: FakeServer;
  let gw: RunningGateway;

  beforeAll(async () => {
    [db, echo] = await Promise.all([createTestDatabase(), startEchoService('fleet')]);
    gw = await startGateway(db.name, { FLEET_URL: echo.url, IDENTITY_URL: await unusedUrl() });
  });
  afterAll(async () => {
    await gw?.close();
    await echo?.close();
    await db?.drop();
  });

  it('never keeps answers marked private or without a public max-age', async () => {
    for (const cacheControl of ['private, max-age=60', 'no-cache', '']) {
      const path = `/api/aircraft/makes?cache=${encodeURIComponent(cacheControl)}&n=${Date.now()}`;
      await request(gw.url).get(path);
      const again = await request(gw.url).get(path);
      expect(again.headers['x-edge-cache']).toBeUndefined();
      expect(echo.requests.filter((r) => r.url === path)).toHaveLength(2);
    }
  });
});

describe('gateway without built front ends', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let gw: RunningGateway;
  let webRoot: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    webRoot = mkdtempSync(join(tmpdir(), 'rq-empty-webroot-'));
    gw = await startGateway(db.name, { WEB_ROOT: webRoot, IDENTITY_URL: await unusedUrl() });
  });
  afterAll(async () => {
    await gw?.close();
    await db?.drop();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('still starts and answers pages with a JSON 404 and /remotes.json with the local hosts of the test mode', async () => {
    const page = await request(gw.url).get('/login').set('Accept', 'text/html');
    expect(page.status).toBe(404);
    expect(page.body).toEqual({ error: 'Not found' });
    const remotes = await request(gw.url).get('/remotes.json');
    expect(remotes.body.remotes.map((r: { name: string; entry: string }) => [r.name, r.entry])).toEqual([
      ['account', 'http://localhost:3101/mf-manifest.json'],
      ['quotes', 'http://localhost:3102/mf-manifest.json'],
      ['fbo_portal', 'http://localhost:3103/mf-manifest.json'],
      ['admin', 'http://localhost:3104/mf-manifest.json'],
    ]);
    expect((await request(gw.url).get('/health')).status).toBe(200);
  });
});
