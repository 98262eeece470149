import request from 'supertest';
import { PasswordResetMessages, Routes } from '@rampquote/contracts';
import { sessionCookie, startGateway, type RunningGateway } from './support/gateway-app';
import { startRealIdentity, type RealIdentity, type TestAccount } from './support/real-identity';
import { startRecordingRelay, type RecordingRelay } from './support/recording-relay';
import { createTestDatabase } from './support/test-database';

const TOO_MANY_LOGINS = { error: 'Too many login attempts. Please wait 15 minutes and try again.' };
const TOO_MANY_FORGOT = { error: 'Too many password reset requests. Please wait an hour and try again.' };
const TOO_MANY_RESETS = { error: 'Too many password reset attempts. Please wait an hour and try again.' };

/**
 * Limits that keep one client from locking others out or from mailing anyone. Every test speaks from client
 * addresses of its own (X-Forwarded-For from a trusted loopback proxy) and uses e-mails of its own, so no test
 * depends on another's counts. svc-identity is the real one, behind a relay that shows which calls reached it.
 */
describe('gateway: login, forgot-password and reset-password limits (real svc-identity, real PostgreSQL)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let identity: RealIdentity;
  let relay: RecordingRelay;
  let gw: RunningGateway;
  let nextClient = 1;

  beforeAll(async () => {
    [db, identity] = await Promise.all([createTestDatabase(), startRealIdentity()]);
    relay = await startRecordingRelay(identity.url);
    gw = await startGateway(db.name, {
      IDENTITY_URL: relay.url,
      TRUST_PROXY: 'loopback',
      RATE_LIMIT_LOGIN_EMAIL: '10',
      RATE_LIMIT_LOGIN_IP: '12',
      RATE_LIMIT_FORGOT_PASSWORD: '2',
      RATE_LIMIT_FORGOT_PASSWORD_IP: '4',
      RATE_LIMIT_RESET_PASSWORD: '3',
    });
  });

  afterAll(async () => {
    await gw?.close();
    await relay?.close();
    await identity?.close();
    await db?.drop();
  });

  /** A client address of its own. */
  const newClient = () => `198.51.100.${nextClient++}`;
  /** A pilot of its own, registered at svc-identity. */
  const newPilot = () => identity.account();
  /** The user as the gateway shows it (the account without its password). */
  const shown = ({ password: _password, ...user }: TestAccount) => user;
  /** How many calls to `path` reached svc-identity. */
  const reached = (path: string) => relay.seen.filter((r) => r.url === path).length;
  const login = (client: string, email: string, password: string) =>
    request(gw.url).post('/api/auth/login').set('X-Forwarded-For', client).send({ email, password });

  describe('login', () => {
    it("throttles an attacker's address after 5 wrong passwords for a pilot's e-mail, while the pilot signs in from another address", async () => {
      const pilot = await newPilot();
      const attacker = newClient();
      const owner = newClient();
      for (let i = 0; i < 5; i++) expect((await login(attacker, pilot.email, `guess-${i}`)).status).toBe(401);
      const throttled = await login(attacker, pilot.email, 'guess-5');
      expect(throttled.status).toBe(429);
      expect(throttled.body).toEqual(TOO_MANY_LOGINS);
      expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(800);
      // Even the right password does not get through from the attacker's address ...
      const guessed = await login(attacker, pilot.email, pilot.password);
      expect(guessed.status).toBe(429);
      expect(sessionCookie(guessed.headers)).toBeUndefined();
      // ... but the owner, from their own address, signs in.
      const signedIn = await login(owner, pilot.email, pilot.password);
      expect(signedIn.status).toBe(200);
      expect(signedIn.body).toEqual(shown(pilot));
      expect(sessionCookie(signedIn.headers)).toBeDefined();
    });

    it("past an e-mail's limit across addresses (here 10), its failing addresses are throttled while the owner's address signs in", async () => {
      const pilot = await newPilot();
      const attackers = Array.from({ length: 5 }, () => newClient());
      for (const client of attackers)
        for (let j = 0; j < 2; j++) expect((await login(client, pilot.email, `guess-${j}`)).status).toBe(401);
      // Every address that has been failing is refused, even with the right password ...
      for (const client of attackers) {
        const res = await login(client, pilot.email, pilot.password);
        expect(res.status).toBe(429);
        expect(res.body).toEqual(TOO_MANY_LOGINS);
        expect(sessionCookie(res.headers)).toBeUndefined();
      }
      // ... the owner, from an address that has not been failing, signs in ...
      const owner = await login(newClient(), pilot.email, pilot.password);
      expect(owner.status).toBe(200);
      expect(owner.body).toEqual(shown(pilot));
      expect(sessionCookie(owner.headers)).toBeDefined();
      // ... and a new address gets one guess: its first failure throttles it for this e-mail.
      const fresh = newClient();
      expect((await login(fresh, pilot.email, 'one-more')).status).toBe(401);
      const again = await login(fresh, pilot.email, pilot.password);
      expect(again.status).toBe(429);
      expect(again.body).toEqual(TOO_MANY_LOGINS);
      // Another e-mail from a fresh address is not affected.
      expect((await login(newClient(), 'someone-else@rampquote.dev', 'wrong')).status).toBe(401);
    });

    it('limits one address across e-mails (password spraying, here 12)', async () => {
      const sprayer = newClient();
      for (let i = 0; i < 12; i++)
        expect((await login(sprayer, `spray-${i}@rampquote.dev`, 'Summer2026!')).status).toBe(401);
      const res = await login(sprayer, 'spray-last@rampquote.dev', 'Summer2026!');
      expect(res.status).toBe(429);
      expect(res.body).toEqual(TOO_MANY_LOGINS);
    });

    it("a successful login clears that address's failures for the e-mail", async () => {
      const client = newClient();
      const { email, password } = await newPilot();
      for (let i = 0; i < 4; i++) expect((await login(client, email, `nope-${i}`)).status).toBe(401);
      expect((await login(client, email, password)).status).toBe(200);
      for (let i = 0; i < 4; i++) expect((await login(client, email, `again-${i}`)).status).toBe(401);
      expect((await login(client, email, password)).status).toBe(200);
    });
  });

  describe('forgot-password', () => {
    const forgot = (client: string, email: string) =>
      request(gw.url).post('/api/auth/forgot-password').set('X-Forwarded-For', client).send({ email });

    it('limits one client across e-mails, so it cannot mail any number of people (here 4 an hour)', async () => {
      const client = newClient();
      for (let i = 0; i < 4; i++) {
        const res = await forgot(client, `victim-${i}@rampquote.dev`);
        expect({ status: res.status, body: res.body }).toEqual({
          status: 200,
          body: { message: PasswordResetMessages.forgotAccepted },
        });
      }
      const before = reached(Routes.auth.forgotPassword);
      const res = await forgot(client, 'victim-5@rampquote.dev');
      expect(res.status).toBe(429);
      expect(res.body).toEqual(TOO_MANY_FORGOT);
      expect(reached(Routes.auth.forgotPassword)).toBe(before);
      // Another client is not affected.
      expect((await forgot(newClient(), 'victim-5@rampquote.dev')).status).toBe(200);
    });

    it('still limits one client and e-mail pair more strictly (here 2 an hour)', async () => {
      const client = newClient();
      expect((await forgot(client, 'pair@rampquote.dev')).status).toBe(200);
      expect((await forgot(client, 'Pair@rampquote.dev')).status).toBe(200);
      const res = await forgot(client, 'pair@rampquote.dev');
      expect(res.status).toBe(429);
      expect(res.body).toEqual(TOO_MANY_FORGOT);
      expect((await forgot(client, 'another@rampquote.dev')).status).toBe(200);
    });
  });

  describe('reset-password', () => {
    const reset = (client: string, token: string) =>
      request(gw.url)
        .post('/api/reset-password')
        .set('X-Forwarded-For', client)
        .send({ token, password: 'N3w#Password' });
    const resetCalls = () => reached(Routes.internal.resetPassword);

    it('limits attempts per client (here 3 an hour) before svc-identity is asked', async () => {
      const client = newClient();
      for (let i = 0; i < 3; i++) expect((await reset(client, `guessed-token-${i}`)).status).not.toBe(429);
      const before = resetCalls();
      const res = await reset(client, 'guessed-token-3');
      expect(res.status).toBe(429);
      expect(res.body).toEqual(TOO_MANY_RESETS);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(3000);
      expect(resetCalls()).toBe(before);
      // Another client still reaches svc-identity.
      expect((await reset(newClient(), 'guessed-token-4')).status).not.toBe(429);
      expect(resetCalls()).toBe(before + 1);
    });
  });
});
