import request from 'supertest';
import { cookiePair, sessionCookie, startGateway, type RunningGateway } from './support/gateway-app';
import { Routes } from '@rampquote/contracts';
import { unusedUrl } from './support/fake-services';
import { startRealIdentity, type RealIdentity, type TestAccount } from './support/real-identity';
import { createTestDatabase } from './support/test-database';

const INVITE_ONLY = "RampQuote is invite-only during the beta. We'll e-mail you as soon as your access is open.";

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

describe('gateway sessions and login (real svc-identity, real PostgreSQL)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let gw: RunningGateway;
  const server = () => gw.url;

  beforeAll(async () => {
    db = await createTestDatabase();
    gw = await startGateway(db.name, { IDENTITY_URL: identity.url });
  });

  afterAll(async () => {
    await gw?.close();
    await db?.drop();
  });

  const login = (body: object, cookie?: string) => {
    const req = request(server()).post('/api/auth/login').send(body);
    return cookie ? req.set('Cookie', cookie) : req;
  };

  it('logs in: 200 with the user, an HttpOnly SameSite=Lax session cookie, and /me returns the user', async () => {
    const pilot = await identity.account();
    const res = await login({ email: pilot.email, password: pilot.password });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(shown(pilot));
    const cookie = sessionCookie(res.headers);
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).not.toMatch(/; Secure/i); // plain HTTP here
    expect(cookie).not.toMatch(/Expires=|Max-Age=/i); // without "remember": a browser-session cookie

    const me = await request(server()).get('/api/auth/me').set('Cookie', cookiePair(cookie!));
    expect(me.status).toBe(200);
    expect(me.body).toEqual(shown(pilot));
  });

  it("is let in by svc-identity's credential check, which answers only a call the gateway signed for it", async () => {
    const pilot = await identity.account();
    expect((await login({ email: pilot.email, password: pilot.password })).status).toBe(200);
    const unsigned = await request(identity.url)
      .post(Routes.internal.verifyCredentials)
      .send({ email: pilot.email, password: pilot.password });
    expect(unsigned.status).toBe(401);
  });

  it('answers a 96 KB e-mail with 400 without freezing the gateway, and a concurrent request does not wait', async () => {
    const timed = async <T>(call: () => Promise<T>) => {
      const started = performance.now();
      const result = await call();
      return { result, ms: performance.now() - started };
    };
    const badEmail = [{ field: 'email', message: 'Please enter a valid email address' }];
    const normal = await timed(() => login({ email: 'pilot@rampquote', password: 'x' }));
    expect(normal.result.status).toBe(400);
    expect(normal.result.body).toEqual({ error: 'Invalid request data', details: badEmail });

    // Dotted labels with no end: what made a backtracking e-mail pattern quadratic.
    const huge = { email: `a@${'a.'.repeat(48 * 1024)}@`, password: 'x' };
    const [oversized, concurrent] = await Promise.all([
      timed(() => login(huge)),
      timed(() => request(server()).get('/api/auth/me')),
    ]);
    expect(oversized.result.status).toBe(400);
    expect(oversized.result.body).toEqual({ error: 'Invalid request data', details: badEmail });
    // The backtracking pattern froze the event loop ~3 s for this body on an idle machine; a busy CI machine
    // adds a few hundred ms to any answer, so the bound sits between the two.
    expect(oversized.ms).toBeLessThan(normal.ms + 1000);
    expect(concurrent.result.status).toBe(401);
    expect(concurrent.ms).toBeLessThan(normal.ms + 1000);
  });

  it('answers /me with 401 when nobody is signed in', async () => {
    const res = await request(server()).get('/api/auth/me');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'Not authenticated' });
  });

  it('gives a new session id at login, and the old id no longer signs anybody in', async () => {
    const pilot = await identity.account();
    const first = sessionCookie((await login({ email: pilot.email, password: pilot.password })).headers)!;
    const second = sessionCookie(
      (await login({ email: pilot.email, password: pilot.password }, cookiePair(first))).headers,
    )!;
    expect(cookiePair(second)).not.toBe(cookiePair(first));
    expect((await request(server()).get('/api/auth/me').set('Cookie', cookiePair(first))).status).toBe(401);
    expect((await request(server()).get('/api/auth/me').set('Cookie', cookiePair(second))).status).toBe(200);
  });

  it('keeps the cookie for 30 days with remember: true', async () => {
    const pilot = await identity.account();
    const res = await login({ email: pilot.email, password: pilot.password, remember: true });
    const cookie = sessionCookie(res.headers)!;
    const expires = /Expires=([^;]+)/i.exec(cookie)?.[1];
    expect(expires).toBeDefined();
    const days = (new Date(expires!).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30.01);
  });

  it('logs out: 200 {message}, the cookie is cleared and the session ends', async () => {
    const pilot = await identity.account();
    const cookie = cookiePair(sessionCookie((await login({ email: pilot.email, password: pilot.password })).headers)!);
    const res = await request(server()).post('/api/auth/logout').set('Cookie', cookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Logged out' });
    expect(sessionCookie(res.headers)).toMatch(/^rq\.sid=;.*Expires=Thu, 01 Jan 1970/);
    expect((await request(server()).get('/api/auth/me').set('Cookie', cookie)).status).toBe(401);
  });

  it('answers logout with 200 when already signed out', async () => {
    const res = await request(server()).post('/api/auth/logout');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Logged out' });
  });

  it('answers a wrong password, or an unknown e-mail, with 401 and the spec text, without a session', async () => {
    const pilot = await identity.account();
    const res = await login({ email: pilot.email, password: 'wrong-password' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'Invalid email or password' });
    expect(sessionCookie(res.headers)).toBeUndefined();
    const unknown = await login({ email: `nobody-${pilot.id}@example.com`, password: pilot.password });
    expect({ status: unknown.status, body: unknown.body }).toEqual({
      status: 401,
      body: { error: 'Invalid email or password' },
    });
  });

  it('answers an uninvited account with 403 beta_access_required and the invite-only notice', async () => {
    const waiting = await identity.account({ invited: false });
    const res = await login({ email: waiting.email, password: waiting.password });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: 'beta_access_required', details: [{ message: INVITE_ONLY }] });
    expect(sessionCookie(res.headers)).toBeUndefined();
  });

  it('answers a bad body with 400 and the spec field messages', async () => {
    const both = await login({});
    expect(both.status).toBe(400);
    expect(both.body).toEqual({
      error: 'Invalid request data',
      details: [
        { field: 'email', message: 'Please enter a valid email address' },
        { field: 'password', message: 'Password is required' },
      ],
    });
    const badEmail = await login({ email: 'not-an-email', password: 'x' });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.details).toEqual([{ field: 'email', message: 'Please enter a valid email address' }]);
    const emptyPassword = await login({ email: 'pilot@example.com', password: '' });
    expect(emptyPassword.status).toBe(400);
    expect(emptyPassword.body.details).toEqual([{ field: 'password', message: 'Password is required' }]);
  });

  it('answers a password or e-mail that is not valid Unicode with 400, as svc-identity would, not a 503', async () => {
    const res = await request(server())
      .post('/api/auth/login')
      .set('Content-Type', 'application/json')
      .send('{"email":"nobody@example.com","password":"\\ud800"}');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'Invalid request data',
      details: [{ field: 'password', message: 'Text must be valid Unicode' }],
    });
    const email = await request(server())
      .post('/api/auth/login')
      .set('Content-Type', 'application/json')
      .send('{"email":"a\\udc00@example.com","password":"x"}');
    expect(email.status).toBe(400);
    expect(email.body.details).toEqual([{ field: 'email', message: 'Text must be valid Unicode' }]);
  });

  it('answers malformed JSON with the JSON error shape', async () => {
    const res = await request(server())
      .post('/api/auth/login')
      .set('Content-Type', 'application/json')
      .send('{"email":');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Invalid request data');
  });

  it('keeps sessions and login limits in PostgreSQL: they survive a new gateway instance', async () => {
    const pilot = await identity.account();
    const victim = (await identity.account()).email;
    const signedIn = cookiePair(
      sessionCookie((await login({ email: pilot.email, password: pilot.password })).headers)!,
    );
    for (let i = 0; i < 5; i++) {
      expect((await login({ email: victim, password: `guess-${i}` })).status).toBe(401);
    }
    const blocked = await login({ email: victim, password: 'guess-6' });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ error: 'Too many login attempts. Please wait 15 minutes and try again.' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);

    // Restart: the old instance is closed, a new one opens the same database.
    await gw.close();
    gw = await startGateway(db.name, { IDENTITY_URL: identity.url });

    const stillBlocked = await login({ email: victim.toUpperCase(), password: 'guess-7' });
    expect(stillBlocked.status).toBe(429);
    expect(Number(stillBlocked.headers['retry-after'])).toBeGreaterThan(800);
    const me = await request(server()).get('/api/auth/me').set('Cookie', signedIn);
    expect(me.status).toBe(200);
    expect(me.body).toEqual(shown(pilot));
  });

  // The limits themselves (per address and e-mail, per e-mail, per address) are covered by abuse-limits.test.ts.
  it('refuses even the right password from an address that used up its attempts for the e-mail', async () => {
    const { email, password } = await identity.account();
    for (let i = 0; i < 5; i++) expect((await login({ email, password: `nope-${i}` })).status).toBe(401);
    const res = await login({ email, password });
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    expect(sessionCookie(res.headers)).toBeUndefined();
  });
});

describe('fault case: svc-identity unreachable', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let gw: RunningGateway;

  beforeAll(async () => {
    db = await createTestDatabase();
    gw = await startGateway(db.name, { IDENTITY_URL: await unusedUrl() });
  });
  afterAll(async () => {
    await gw?.close();
    await db?.drop();
  });

  it('answers login with 503 and a retry message', async () => {
    const res = await request(gw.url).post('/api/auth/login').send({ email: 'pilot@example.com', password: 'x' });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ error: 'Login is temporarily unavailable. Please try again shortly.' });
  });
});

describe('a site served over TLS behind a proxy the gateway does not trust (PUBLIC_URL https)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let gw: RunningGateway;

  beforeAll(async () => {
    db = await createTestDatabase();
    gw = await startGateway(db.name, {
      IDENTITY_URL: identity.url,
      PUBLIC_URL: 'https://rampquote.example',
      TRUST_PROXY: 'false',
    });
  });
  afterAll(async () => {
    await gw?.close();
    await db?.drop();
  });

  it('signs in with a Secure __Host- cookie, sends HSTS, and the cookie signs the user in', async () => {
    const pilot = await identity.account();
    const res = await request(gw.url)
      .post('/api/auth/login')
      .set('X-Forwarded-Proto', 'https')
      .send({ email: pilot.email, password: pilot.password });
    expect(res.status).toBe(200);
    expect(res.headers['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
    const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('__Host-rq.sid='));
    expect(cookie).toMatch(/; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    expect(cookie).not.toMatch(/Domain=/i);

    const me = await request(gw.url).get('/api/auth/me').set('Cookie', cookie!.split(';')[0]);
    expect(me.status).toBe(200);
    expect(me.body).toEqual(shown(pilot));
    expect(me.headers['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
  });
});
