import request from 'supertest';
import { Client } from 'pg';
import { PasswordResetMessages, Routes } from '@rampquote/contracts';
import { databaseUrl } from '@rampquote/service-kit';
import { cookiePair, sessionCookie, startGateway, type RunningGateway } from './support/gateway-app';
import type { MailCatcher } from '@rampquote/service-kit/testing';
import { startRealIdentity, type RealIdentity, type TestAccount } from './support/real-identity';
import { startRecordingRelay, type RecordingRelay } from './support/recording-relay';
import { createTestDatabase, SERVER_URL } from './support/test-database';

const NEW_PASSWORD = 'N3w#Password';

/** The real svc-identity, shared by this file's gateways; every test uses accounts of its own. */
let identity: RealIdentity & { mail: MailCatcher };
beforeAll(async () => {
  identity = await startRealIdentity({ mail: true });
}, 60_000);
afterAll(async () => {
  await identity?.close();
});

/** The user as the gateway shows it (the account without its password). */
const shown = ({ password: _password, ...user }: TestAccount) => user;

const signIn = async (gw: RunningGateway, account: TestAccount, password = account.password) => {
  const res = await request(gw.url).post(Routes.auth.login).send({ email: account.email, password });
  expect(res.status).toBe(200);
  return cookiePair(sessionCookie(res.headers)!);
};

describe('gateway: profile changes update the session, a password reset ends sessions (real svc-identity, real PostgreSQL)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  /** Between the gateway and svc-identity: what reached the service. */
  let relay: RecordingRelay;
  let gw: RunningGateway;
  let pg: Client;

  beforeAll(async () => {
    db = await createTestDatabase();
    relay = await startRecordingRelay(identity.url);
    gw = await startGateway(db.name, { IDENTITY_URL: relay.url });
    pg = new Client({ connectionString: databaseUrl(SERVER_URL, db.name) });
    await pg.connect();
  });
  afterAll(async () => {
    await pg?.end();
    await gw?.close();
    await relay?.close();
    await db?.drop();
  });

  const login = (account: TestAccount, password?: string) => signIn(gw, account, password);
  const me = (cookie: string) => request(gw.url).get(Routes.auth.me).set('Cookie', cookie);
  const sessionsOf = async (userId: string) =>
    (await pg.query(`SELECT count(*)::int AS n FROM session WHERE (sess -> 'user') ->> 'id' = $1`, [userId])).rows[0]
      .n as number;

  it("PATCH /api/user/profile changes the signed-in user's own profile and replaces the session user with the answer", async () => {
    const pilot = await identity.account();
    const cookie = await login(pilot);
    const res = await request(gw.url)
      .patch(Routes.user.profile)
      .set('Cookie', cookie)
      .send({ firstName: 'Patricia', companyName: 'Acme Air', phoneNumber: '5550101234' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: pilot.id,
      firstName: 'Patricia',
      companyName: 'Acme Air',
      phoneNumber: '5550101234',
    });
    expect((await me(cookie)).body).toEqual({ ...shown(pilot), firstName: 'Patricia', companyName: 'Acme Air' });
    expect(await identity.userNow(pilot.id)).toMatchObject({ firstName: 'Patricia', companyName: 'Acme Air' });
  });

  it('PUT /api/user/profile does the same', async () => {
    const pilot = await identity.account();
    const cookie = await login(pilot);
    const res = await request(gw.url).put(Routes.user.profile).set('Cookie', cookie).send({
      firstName: 'Pat',
      lastName: 'Pilot',
      email: pilot.email,
      phoneNumber: '555-010-1234',
      dateOfBirth: '1975-05-05',
      pilotCertificateNumber: 'C-9',
      pilotCertificationLevel: 'ATP',
      hasInstrumentRating: 'Yes',
      isFlightInstructor: 'No',
      flightHoursPerYear: '151-225',
      homeAirportCode: 'KBFI',
      medicalClass: '2nd',
      companyName: 'Analytical Engines',
    });
    expect({ status: res.status, firstName: res.body.firstName }).toEqual({ status: 200, firstName: 'Pat' });
    expect((await me(cookie)).body).toMatchObject({ firstName: 'Pat', lastName: 'Pilot' });
  });

  it('PATCH /api/user/Profile (any letter case, trailing slash) refreshes the session user like /api/user/profile', async () => {
    const pilot = await identity.account();
    const cookie = await login(pilot);
    for (const [path, firstName] of [
      ['/api/user/Profile', 'Paula'],
      ['/API/User/profile/', 'Petra'],
    ]) {
      const res = await request(gw.url).patch(path).set('Cookie', cookie).send({ firstName });
      expect({ path, status: res.status, firstName: res.body.firstName }).toEqual({ path, status: 200, firstName });
      expect((await me(cookie)).body.firstName).toBe(firstName);
    }
    // The gateway called svc-identity on the one path it serves (never the browser's spelling).
    const patched = relay.seen.filter((c) => c.method === 'PATCH').map((c) => c.url);
    expect(patched).not.toContain('/api/user/Profile');
    expect(patched).not.toContain('/API/User/profile/');
  });

  it("passes svc-identity's refusal of a change through and keeps the session user", async () => {
    const pilot = await identity.account();
    const cookie = await login(pilot);
    await request(gw.url).patch(Routes.user.profile).set('Cookie', cookie).send({ firstName: 'Before' });
    const res = await request(gw.url).patch(Routes.user.profile).set('Cookie', cookie).send({ firstName: '' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'Invalid request data',
      details: [{ field: 'firstName', message: 'First name is required' }],
    });
    expect((await me(cookie)).body.firstName).toBe('Before');
    expect((await identity.userNow(pilot.id)).firstName).toBe('Before');
  });

  it('answers a profile change without a session with 401, without calling the service', async () => {
    const before = relay.seen.length;
    const res = await request(gw.url).patch(Routes.user.profile).send({ firstName: 'X' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'Authentication required' });
    // A call that does reach svc-identity, after the refused one, is the next one it sees.
    await request(gw.url).post(Routes.auth.login).send({ email: 'nobody@example.com', password: 'x' });
    expect(relay.seen.slice(before).map((c) => c.url)).toEqual([Routes.internal.verifyCredentials]);
  });

  it('records the user id of each session (the table can be searched by it)', async () => {
    const pilot = await identity.account();
    await login(pilot);
    expect(await sessionsOf(pilot.id)).toBeGreaterThan(0);
  });

  it("a failed reset leaves sessions alone and passes svc-identity's error through", async () => {
    const pilot = await identity.account();
    const cookie = await login(pilot);
    const res = await request(gw.url)
      .post(Routes.auth.resetPassword)
      .send({ token: 'x'.repeat(43), password: NEW_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: PasswordResetMessages.invalidOrExpired });
    expect((await me(cookie)).status).toBe(200);
  });

  it('a successful reset ends every session of that user (and only theirs) and answers 200', async () => {
    const pilot = await identity.account();
    const someoneElse = await identity.account();
    const first = await login(pilot);
    const second = await login(pilot);
    const other = await login(someoneElse);
    expect((await request(gw.url).post(Routes.auth.forgotPassword).send({ email: pilot.email })).status).toBe(200);
    const message = await identity.mail.waitFor(pilot.email, 'Reset your RampQuote password');
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(message.text)![1];

    const res = await request(gw.url).post(Routes.auth.resetPassword).send({ token, password: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Your password has been reset. You can now log in.' });
    expect((await me(first)).status).toBe(401);
    expect((await me(second)).status).toBe(401);
    expect((await me(other)).status).toBe(200);
    expect(await sessionsOf(pilot.id)).toBe(0);
    await login(pilot, NEW_PASSWORD);
  });
});

describe('fault cases: svc-identity slow or down during a profile change', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  /** Keeps every profile change without an answer; the rest reaches svc-identity. */
  let relay: RecordingRelay;
  let gw: RunningGateway;

  beforeAll(async () => {
    db = await createTestDatabase();
    relay = await startRecordingRelay(identity.url, {
      hold: (req) => req.method === 'PATCH' && req.url === Routes.user.profile,
    });
    // Long enough for a sign-in (a password hash) on a busy machine; the held profile change outlasts it.
    gw = await startGateway(db.name, { IDENTITY_URL: relay.url, IDENTITY_TIMEOUT_MS: '5000' });
  });
  afterAll(async () => {
    await gw?.close();
    await relay?.close();
    await db?.drop();
  });

  it('answers 504 naming svc-identity when it does not answer a profile change in time, and keeps the session user', async () => {
    const pilot = await identity.account();
    const cookie = await signIn(gw, pilot);
    const res = await request(gw.url).patch(Routes.user.profile).set('Cookie', cookie).send({ firstName: 'Slow' });
    expect(res.status).toBe(504);
    expect(res.body).toEqual({
      error: 'Service unavailable',
      details: [{ message: 'svc-identity did not answer in time' }],
    });
    expect((await request(gw.url).get(Routes.auth.me).set('Cookie', cookie)).body.firstName).toBe(pilot.firstName);
  });

  it('answers 502 when svc-identity is down', async () => {
    const pilot = await identity.account();
    const cookie = await signIn(gw, pilot);
    await relay.close();
    const res = await request(gw.url).patch(Routes.user.profile).set('Cookie', cookie).send({ firstName: 'X' });
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ error: 'Service unavailable', details: [{ message: 'svc-identity is not reachable' }] });
  });
});
