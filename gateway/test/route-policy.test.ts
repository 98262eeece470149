import request from 'supertest';
import { sendWithExpectContinue } from './support/expect-continue';
import { PasswordResetMessages, type AircraftDto } from '@rampquote/contracts';
import { unusedUrl, verifyReceived } from './support/fake-services';
import { cookiePair, sessionCookie, setCookies, startGateway, type RunningGateway } from './support/gateway-app';
import { startRealIdentity, type RealIdentity, type TestAccount } from './support/real-identity';
import { startRealAirports, startRealFleet } from './support/real-services';
import { startRecordingRelay, type RecordingRelay } from './support/recording-relay';
import { createTestDatabase } from './support/test-database';

const REGISTER_LIMITED = { error: 'Too many registration attempts. Please wait an hour and try again.' };
const SUPPORT_LIMITED = { error: 'Too many support messages. Please wait an hour and try again.' };
/** A support message svc-identity takes (201). */
const SUPPORT_MESSAGE = {
  name: 'Pat Pilot',
  email: 'pat@example.com',
  subject: 'Fuel prices at KBFI',
  message: 'Could you tell me how current the fuel prices are?',
};
const FORGOT_LIMITED = { error: 'Too many password reset requests. Please wait an hour and try again.' };

/**
 * The route policy of libs/contracts as the gateway applies it, in front of the real svc-identity, svc-fleet and
 * svc-airports (each behind a relay that records what reaches it). svc-quotes is not started: the routes of it
 * these tests call are answered by the gateway (a call to it would be a 502).
 */
describe('gateway route policy: matching, sessions, roles, limits (real services, real PostgreSQL)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let identity: RealIdentity;
  let services: { close: () => Promise<void> }[];
  let relays: Record<'identity' | 'fleet' | 'airports', RecordingRelay>;
  let gw: RunningGateway;
  let nextClient = 1;

  beforeAll(async () => {
    let fleet, airports;
    [db, identity, fleet, airports] = await Promise.all([
      createTestDatabase(),
      startRealIdentity(),
      startRealFleet(),
      startRealAirports(),
    ]);
    services = [identity, fleet, airports];
    relays = {
      identity: await startRecordingRelay(identity.url),
      fleet: await startRecordingRelay(fleet.url),
      airports: await startRecordingRelay(airports.url),
    };
    gw = await startGateway(db.name, {
      IDENTITY_URL: relays.identity.url,
      FLEET_URL: relays.fleet.url,
      QUOTES_URL: await unusedUrl(),
      AIRPORTS_URL: relays.airports.url,
      // Each test speaks from its own client address (X-Forwarded-For from loopback), so limits never carry over.
      TRUST_PROXY: 'loopback',
      RATE_LIMIT_REGISTER: '2',
      RATE_LIMIT_FORGOT_PASSWORD: '1',
      RATE_LIMIT_SUPPORT: '1',
    });
  }, 60_000);

  afterAll(async () => {
    await gw?.close();
    await Promise.all(Object.values(relays ?? {}).map((r) => r.close()));
    await Promise.all((services ?? []).map((s) => s.close()));
    await db?.drop();
  });

  /** A client address of its own for one test. */
  const newClient = () => `203.0.113.${nextClient++}`;
  /** Signs `account` (a new pilot unless given) in. */
  const signIn = async (account?: TestAccount) => {
    const { email, password } = account ?? (await identity.account());
    const res = await request(gw.url).post('/api/auth/login').send({ email, password });
    expect(res.status).toBe(200);
    return cookiePair(sessionCookie(res.headers)!);
  };
  const upstreamCalls = () => Object.values(relays).reduce((n, r) => n + r.seen.length, 0);
  /** The last call that reached the service. */
  const lastAt = (service: keyof typeof relays) => relays[service].seen.at(-1)!;

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
    for (const path of ['/api/admin/import-status', '/api/admin/invites', '/api/admin/fbos']) {
      const res = await request(gw.url).get(path).set('Cookie', pilot);
      expect({ path, status: res.status, body: res.body }).toEqual({ path, status: 403, body: { error: 'Forbidden' } });
    }
    expect(upstreamCalls()).toBe(before);

    const adminAccount = await identity.account({ role: 'admin' });
    const admin = await request(gw.url)
      .get('/api/admin/import-status')
      .set('Cookie', await signIn(adminAccount));
    // svc-airports answers its admin route: it took the admin from the gateway's signed identity.
    expect(admin.status).toBe(200);
    expect(admin.body.counts).toMatchObject({ airports: 0 });
    expect(lastAt('airports').url).toBe('/api/admin/import-status');
    const signed = verifyReceived(lastAt('airports'), 'airports');
    expect(signed.ok && signed.identity.user).toEqual({
      id: adminAccount.id,
      email: adminAccount.email,
      role: 'admin',
    });
  });

  it('forwards a route that uses no session with an anonymous identity, and leaves the session cookie alone', async () => {
    const pilot = await identity.account();
    const cookie = await signIn(pilot);
    const res = await request(gw.url).get('/api/aircraft/makes').set('Cookie', cookie);
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body) && res.body.length).toBeGreaterThan(0);
    expect(lastAt('fleet').url).toBe('/api/aircraft/makes');
    const signed = verifyReceived(lastAt('fleet'), 'fleet');
    expect(signed.ok && signed.identity).toMatchObject({ caller: 'gateway' });
    expect(signed.ok && signed.identity.user).toBeUndefined();
    expect(setCookies(res.headers)).toEqual([]);
    // A route with a session reads it (the user is forwarded); a fresh session is not re-sent (session-writes.test.ts).
    const withSession = await request(gw.url).get('/api/aircraft').set('Cookie', cookie);
    expect({ status: withSession.status, body: withSession.body }).toEqual({ status: 200, body: [] });
    const signedWithUser = verifyReceived(lastAt('fleet'), 'fleet');
    expect(signedWithUser.ok && signedWithUser.identity.user).toMatchObject({ id: pilot.id });
    expect(sessionCookie(withSession.headers)).toBeUndefined();
  });

  it('limits POST /api/auth/register/ (trailing slash, any letter case) together with POST /api/auth/register', async () => {
    const client = newClient();
    let n = 0;
    const register = (path: string) =>
      request(gw.url)
        .post(path)
        .set('X-Forwarded-For', client)
        .send({
          firstName: 'Ada',
          lastName: 'Lovelace',
          email: `new-${client}-${n++}@example.com`,
          password: 'Str0ng#Pass',
        });
    // svc-identity registers both (its route, whatever the browser's spelling).
    const first = await register('/api/auth/register/');
    expect(first.status).toBe(201);
    expect(first.body.user).toMatchObject({ email: `new-${client}-0@example.com` });
    expect((await register('/API/Auth/Register')).status).toBe(201);
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
    const contact = (path: string) => request(gw.url).post(path).set('X-Forwarded-For', client).send(SUPPORT_MESSAGE);
    const first = await contact('/api/Support/contact');
    expect(first.status).toBe(201);
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
    // svc-identity read the e-mail of the forwarded body (without it, its answer is a 400).
    expect({ status: first.status, body: first.body }).toEqual({
      status: 200,
      body: { message: PasswordResetMessages.forgotAccepted },
    });
    for (const path of ['/api/auth/forgot-password', '/api/Auth/Forgot-Password/']) {
      const limited = await forgot(path, 'Reset-Me@rampquote.dev');
      expect({ path, status: limited.status, body: limited.body }).toEqual({ path, status: 429, body: FORGOT_LIMITED });
    }
  });

  it('forwards a call sent with Expect: 100-continue like any other: signed identity, no cookie, whole body', async () => {
    const pilot = await identity.account();
    const cookie = await signIn(pilot);
    const body = Buffer.from(JSON.stringify({ make: 'Cessna', model: '172', tailNumber: 'N100RQ' }));
    const res = await sendWithExpectContinue(
      gw.url,
      'POST',
      '/api/aircraft',
      { cookie, 'content-type': 'application/json' },
      body,
    );
    expect(res.continued).toBe(true);
    // svc-fleet saved the whole body for the signed-in pilot.
    expect(res.status).toBe(201);
    const saved = JSON.parse(res.text) as AircraftDto;
    expect(saved).toMatchObject({ userId: pilot.id, make: 'Cessna', model: '172', tailNumber: 'N100RQ' });
    const forwarded = lastAt('fleet');
    expect({ method: forwarded.method, url: forwarded.url }).toEqual({ method: 'POST', url: '/api/aircraft' });
    const signed = verifyReceived(forwarded, 'fleet', body.toString());
    expect(signed.ok && signed.identity.user).toEqual({ id: pilot.id, email: pilot.email, role: pilot.role });
    expect(forwarded.headers.cookie).toBeUndefined();
    expect(forwarded.headers.expect).toBeUndefined();
  });
});
