import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { Routes, EventTypes, PasswordResetMessages, type UserAccessChangedData } from '@rampquote/contracts';
import { publishTestEvent, startMailCatcher, waitFor, type MailCatcher } from '@rampquote/service-kit/testing';
import { startIdentity, type IdentityTestApp } from '../../../svc-identity/test/support/identity-app';
import { cookiePair, sessionCookie, startGateway, type RunningGateway } from '../support/gateway-app';
import { createTestDatabase } from '../support/test-database';

const PASSWORD = 'Str0ng#Pass';
const NEW_PASSWORD = 'N3w#Passw0rd';

/**
 * The gateway's calls to svc-identity against the real svc-identity (started once, on its own fresh database, from
 * its test support): the credential check behind login (POST /internal/credentials/verify), the reload of a
 * session's user (GET /internal/users/:id), the password reset (POST /internal/password-reset) and the profile
 * forms the gateway forwards (PATCH and PUT /api/user/profile). Each is checked by what the browser then sees.
 * svc-identity down or slow is a fault case of auth.test.ts and account.test.ts.
 */
describe('contract: gateway → real svc-identity', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let mail: MailCatcher;
  let identity: IdentityTestApp;
  let identityDb: DataSource;
  let gw: RunningGateway;

  beforeAll(async () => {
    [db, mail] = await Promise.all([createTestDatabase(), startMailCatcher()]);
    identity = await startIdentity({ SMTP_URL: mail.smtpUrl, PUBLIC_URL: 'http://rampquote.test' });
    identityDb = identity.app.get(DataSource);
    await identity.app.listen(0, '127.0.0.1');
    gw = await startGateway(db.name, { IDENTITY_URL: (await identity.app.getUrl()).replace('[::1]', '127.0.0.1') });
  }, 120_000);

  afterAll(async () => {
    await gw?.close();
    await identity?.close();
    mail?.close();
    await db?.drop();
  }, 60_000);

  /** A user registered at svc-identity; invited unless said otherwise. */
  async function registered(invited = true) {
    const email = `contract-${randomUUID().slice(0, 8)}@example.com`;
    const res = await identity
      .http()
      .post(Routes.auth.register)
      .use(identity.asGateway())
      .send({ firstName: 'Ada', lastName: 'Lovelace', email, password: PASSWORD });
    expect(res.status).toBe(201);
    if (invited)
      await identityDb.query(`INSERT INTO beta_invitations (id, kind, value) VALUES (gen_random_uuid(), 'email', $1)`, [
        email,
      ]);
    return { id: res.body.user.id as string, email };
  }

  const login = (email: string, password = PASSWORD) =>
    request(gw.url).post(Routes.auth.login).send({ email, password });
  const signedIn = async (email: string, password = PASSWORD) => {
    const res = await login(email, password);
    expect(res.status).toBe(200);
    return cookiePair(sessionCookie(res.headers)!);
  };
  const me = (cookie: string) => request(gw.url).get(Routes.auth.me).set('Cookie', cookie);

  describe('POST /internal/credentials/verify (login)', () => {
    it('signs in an invited user with the right password: the session holds the user svc-identity gave', async () => {
      const user = await registered();
      const res = await login(user.email.toUpperCase());
      expect(res.status).toBe(200);
      const who = await me(cookiePair(sessionCookie(res.headers)!));
      expect(who.status).toBe(200);
      expect(who.body).toMatchObject({
        id: user.id,
        email: user.email,
        username: user.email.split('@')[0],
        role: 'pilot',
        firstName: 'Ada',
        lastName: 'Lovelace',
        companyName: null,
      });
    });

    it('answers 401 for a wrong password and 403 beta_access_required for a user not invited', async () => {
      const user = await registered();
      const wrong = await login(user.email, 'Wr0ng#Pass');
      expect({ status: wrong.status, body: wrong.body }).toEqual({
        status: 401,
        body: { error: 'Invalid email or password' },
      });
      const uninvited = await registered(false);
      const refused = await login(uninvited.email);
      expect(refused.status).toBe(403);
      expect(refused.body.error).toBe('beta_access_required');
    });
  });

  describe("GET /internal/users/:id (a session's user reloaded)", () => {
    const announce = (data: UserAccessChangedData) =>
      publishTestEvent(gw.amqpUrl, gw.exchange, EventTypes.userAccessChanged, data, 'svc-identity');

    it("takes the user's new role from svc-identity on the next request after user-access-changed", async () => {
      const user = await registered();
      const cookie = await signedIn(user.email);
      await identityDb.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [user.id]);
      await announce({ userId: user.id, change: 'role' });
      const reloaded = await waitFor(
        async () => {
          const res = await me(cookie);
          return res.body.role === 'admin' && res;
        },
        10_000,
        'the session to show the new role',
      );
      expect(reloaded.body).toMatchObject({ id: user.id, email: user.email, role: 'admin', firstName: 'Ada' });
    });

    it('ends the session of a user svc-identity no longer knows', async () => {
      const user = await registered();
      const cookie = await signedIn(user.email);
      await identityDb.query(`DELETE FROM users WHERE id = $1`, [user.id]);
      await announce({ userId: user.id, change: 'email' });
      await waitFor(async () => (await me(cookie)).status === 401, 10_000, 'the session to end');
    });
  });

  describe('POST /internal/password-reset (POST /api/reset-password)', () => {
    it('sets the new password at svc-identity and ends the sessions of that user', async () => {
      const user = await registered();
      const cookie = await signedIn(user.email);
      const forgot = await request(gw.url).post(Routes.auth.forgotPassword).send({ email: user.email });
      expect(forgot.status).toBe(200);
      const message = await mail.waitFor(user.email, 'Reset your RampQuote password');
      const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(message.text)![1];

      const reset = await request(gw.url).post(Routes.auth.resetPassword).send({ token, password: NEW_PASSWORD });
      expect({ status: reset.status, body: reset.body }).toEqual({
        status: 200,
        body: { message: PasswordResetMessages.done },
      });
      expect((await me(cookie)).status).toBe(401);
      expect((await login(user.email)).status).toBe(401);
      expect((await login(user.email, NEW_PASSWORD)).status).toBe(200);
    });

    it("passes svc-identity's refusal of an unknown token on to the browser", async () => {
      const reset = await request(gw.url)
        .post(Routes.auth.resetPassword)
        .send({ token: 'x'.repeat(43), password: NEW_PASSWORD });
      expect({ status: reset.status, error: reset.body.error }).toEqual({
        status: 400,
        error: PasswordResetMessages.invalidOrExpired,
      });
    });
  });

  describe('PATCH and PUT /api/user/profile (forwarded by the gateway)', () => {
    it("stores the change at svc-identity and the session's user follows it", async () => {
      const user = await registered();
      const cookie = await signedIn(user.email);
      const patched = await request(gw.url)
        .patch(Routes.user.profile)
        .set('Cookie', cookie)
        .send({ firstName: 'Augusta' });
      expect(patched.status).toBe(200);
      expect(patched.body).toMatchObject({ id: user.id, firstName: 'Augusta', lastName: 'Lovelace' });
      expect((await me(cookie)).body).toMatchObject({ firstName: 'Augusta', lastName: 'Lovelace' });

      const put = await request(gw.url).put(Routes.user.profile).set('Cookie', cookie).send({
        firstName: 'Augusta',
        lastName: 'King',
        email: user.email,
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
      expect({ status: put.status, body: put.body }).toMatchObject({ status: 200, body: { lastName: 'King' } });
      expect((await me(cookie)).body).toMatchObject({ lastName: 'King', companyName: 'Analytical Engines' });
      const stored = await identity
        .http()
        .get(Routes.user.profile)
        .use(identity.asGateway({ ...user, role: 'pilot' }));
      expect(stored.body).toMatchObject({ lastName: 'King', companyName: 'Analytical Engines' });
    });
  });
});
