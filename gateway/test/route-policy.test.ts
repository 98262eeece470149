import request from 'supertest';
import { sendWithExpectContinue } from './support/expect-continue';
import {
  ADMIN,
  PILOT,
  PILOT_PASSWORD,
  startEchoService,
  startFakeIdentity,
  verifyReceived,
  type FakeServer,
} from './support/fake-services';
import { cookiePair, sessionCookie, setCookies, startGateway, type RunningGateway } from './support/gateway-app';
import { createTestDatabase } from './support/test-database';

const REGISTER_LIMITED = { error: 'Too many registration attempts. Please wait an hour and try again.' };
const SUPPORT_LIMITED = { error: 'Too many support messages. Please wait an hour and try again.' };
const FORGOT_LIMITED = { error: 'Too many password reset requests. Please wait an hour and try again.' };

/** The route policy of libs/contracts as the gateway applies it (fake services record what reaches them). */
describe('gateway route policy: matching, sessions, roles, limits (fake services, real PostgreSQL)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let identity: FakeServer;
  let fleet: FakeServer;
  let quotes: FakeServer;
  let airports: FakeServer;
  let gw: RunningGateway;
  let nextClient = 1;

  beforeAll(async () => {
    db = await createTestDatabase();
    [identity, fleet, quotes, airports] = await Promise.all([
      startFakeIdentity(),
      startEchoService('fleet'),
      startEchoService('quotes'),
      startEchoService('airports'),
    ]);
    gw = await startGateway(db.name, {
      IDENTITY_URL: identity.url,
      FLEET_URL: fleet.url,
      QUOTES_URL: quotes.url,
      AIRPORTS_URL: airports.url,
      // Each test speaks from its own client address (X-Forwarded-For from loopback), so limits never carry over.
      TRUST_PROXY: 'loopback',
      RATE_LIMIT_REGISTER: '2',
      RATE_LIMIT_FORGOT_PASSWORD: '1',
      RATE_LIMIT_SUPPORT: '1',
    });
  });

  afterAll(async () => {
    await gw?.close();
    await Promise.all([identity?.close(), fleet?.close(), quotes?.close(), airports?.close()]);
    await db?.drop();
  });

  /** A client address of its own for one test. */
  const newClient = () => `203.0.113.${nextClient++}`;
  const signIn = async (email = PILOT.email) => {
    const res = await request(gw.url).post('/api/auth/login').send({ email, password: PILOT_PASSWORD });
    expect(res.status).toBe(200);
    return cookiePair(sessionCookie(res.headers)!);
  };
  const upstreamCalls = () =>
    identity.requests.length + fleet.requests.length + quotes.requests.length + airports.requests.length;

  it('answers a method or path that the table does not list with a JSON 404, without calling a service', async () => {
    const cookie = await signIn();
    const before = upstreamCalls();
    for (const [method, path] of [
      ['get', '/api/auth/register'],
      ['post', '/api/user/aircraft'],
      ['get', '/api/nothing-here'],
      ['delete', '/api/airports/KSEA'],
      ['get', '/create-aircraft'],
      ['put', '/api/quote-requests'],
    ] as const) {
      const res = await request(gw.url)[method](path).set('Cookie', cookie).set('Accept', 'text/html');
      expect({ method, path, status: res.status, body: res.body }).toEqual({
        method,
        path,
        status: 404,
        body: { error: 'Not found' },
      });
    }
    expect(upstreamCalls()).toBe(before);
  });

  it('answers 401 on a route that needs a session when nobody is signed in, before calling the service', async () => {
    const before = upstreamCalls();
    for (const [method, path] of [
      ['get', '/api/aircraft'],
      ['post', '/create-aircraft'],
      ['get', '/api/quote-requests/7/events'],
      ['post', '/api/admin/import-airports'],
      ['patch', '/api/user/profile'],
    ] as const) {
      const res = await request(gw.url)[method](path);
      expect({ method, path, status: res.status, body: res.body }).toEqual({
        method,
        path,
        status: 401,
        body: { error: 'Authentication required' },
      });
    }
    expect(upstreamCalls()).toBe(before);
  });

  it('answers 403 when the route is for other roles, before calling the service; the admin gets through', async () => {
    const pilot = await signIn();
    const before = upstreamCalls();
    for (const path of ['/api/admin/import-status', '/api/admin/invites', '/api/admin/fbos', '/api/fbo-portal/inbox']) {
      const res = await request(gw.url).get(path).set('Cookie', pilot);
      expect({ path, status: res.status, body: res.body }).toEqual({ path, status: 403, body: { error: 'Forbidden' } });
    }
    expect(upstreamCalls()).toBe(before);

    const admin = await request(gw.url)
      .get('/api/admin/import-status')
      .set('Cookie', await signIn(ADMIN.email));
    expect(admin.status).toBe(200);
    expect(admin.body).toMatchObject({ upstream: 'airports', url: '/api/admin/import-status' });
    const signed = verifyReceived(airports.requests.at(-1)!, 'airports');
    expect(signed.ok && signed.identity.user).toEqual({ id: ADMIN.id, email: ADMIN.email, role: 'admin' });
  });

  it('forwards a route that uses no session with an anonymous identity, and leaves the session cookie alone', async () => {
    const cookie = await signIn();
    const res = await request(gw.url).get('/api/aircraft/makes').set('Cookie', cookie);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ upstream: 'fleet', url: '/api/aircraft/makes' });
    const signed = verifyReceived(fleet.requests.at(-1)!, 'fleet');
    expect(signed.ok && signed.identity).toMatchObject({ caller: 'gateway' });
    expect(signed.ok && signed.identity.user).toBeUndefined();
    expect(setCookies(res.headers)).toEqual([]);
    // A route with a session reads it (the user is forwarded); a fresh session is not re-sent (session-writes.test.ts).
    const withSession = await request(gw.url).get('/api/aircraft').set('Cookie', cookie);
    expect(withSession.status).toBe(200);
    const signedWithUser = verifyReceived(fleet.requests.at(-1)!, 'fleet');
    expect(signedWithUser.ok && signedWithUser.identity.user).toMatchObject({ id: PILOT.id });
    expect(sessionCookie(withSession.headers)).toBeUndefined();
  });

  it('limits POST /api/auth/register/ (trailing slash, any letter case) together with POST /api/auth/register', async () => {
    const client = newClient();
    const register = (path: string) =>
      request(gw.url).post(path).set('X-Forwarded-For', client).send({ email: 'new@rampquote.dev' });
    const first = await register('/api/auth/register/');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ upstream: 'identity', url: '/api/auth/register/' });
    expect((await register('/API/Auth/Register')).status).toBe(200);
    for (const path of ['/api/auth/register', '/api/auth/register/', '/api/Auth/register/']) {
      const limited = await register(path);
      expect({ path, status: limited.status, body: limited.body }).toEqual({
        path,
        status: 429,
        body: REGISTER_LIMITED,
      });
    }
  });

  it('limits POST /api/Support/contact like /api/support/contact', async () => {
    const client = newClient();
    const contact = (path: string) =>
      request(gw.url).post(path).set('X-Forwarded-For', client).send({ message: 'hello' });
    const first = await contact('/api/Support/contact');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ upstream: 'identity', url: '/api/Support/contact' });
    for (const path of ['/api/support/contact', '/api/Support/contact', '/api/support/contact/']) {
      const limited = await contact(path);
      expect({ path, status: limited.status, body: limited.body }).toEqual({
        path,
        status: 429,
        body: SUPPORT_LIMITED,
      });
    }
  });

  it('limits POST /api/auth/forgot-password/ like /api/auth/forgot-password, and still forwards its body', async () => {
    const client = newClient();
    const forgot = (path: string, email: string) =>
      request(gw.url).post(path).set('X-Forwarded-For', client).send({ email });
    const first = await forgot('/api/auth/forgot-password/', 'reset-me@rampquote.dev');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ upstream: 'identity', url: '/api/auth/forgot-password/' });
    expect(JSON.parse(first.body.body)).toEqual({ email: 'reset-me@rampquote.dev' });
    for (const path of ['/api/auth/forgot-password', '/api/Auth/Forgot-Password/']) {
      const limited = await forgot(path, 'Reset-Me@rampquote.dev');
      expect({ path, status: limited.status, body: limited.body }).toEqual({ path, status: 429, body: FORGOT_LIMITED });
    }
  });

  it('forwards a call sent with Expect: 100-continue like any other: signed identity, no cookie, whole body', async () => {
    const cookie = await signIn();
    const body = Buffer.from(JSON.stringify({ make: 'Cessna', model: '172', tailNumber: 'N100RQ' }));
    const res = await sendWithExpectContinue(
      gw.url,
      'POST',
      '/api/aircraft',
      { cookie, 'content-type': 'application/json' },
      body,
    );
    expect(res.continued).toBe(true);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toMatchObject({
      upstream: 'fleet',
      method: 'POST',
      url: '/api/aircraft',
      body: body.toString(),
    });
    const forwarded = fleet.requests.at(-1)!;
    const signed = verifyReceived(forwarded, 'fleet');
    expect(signed.ok && signed.identity.user).toEqual({ id: PILOT.id, email: PILOT.email, role: PILOT.role });
    expect(forwarded.headers.cookie).toBeUndefined();
    expect(forwarded.headers.expect).toBeUndefined();
  });
});
