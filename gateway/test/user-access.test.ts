import request from 'supertest';
import { Client } from 'pg';
import { Routes, EventTypes, type UserAccessChange, type UserAccessChangedData } from '@rampquote/contracts';
import { databaseUrl } from '@rampquote/service-kit';
import { publishTestEvent, waitFor } from '@rampquote/service-kit/testing';
import { cookiePair, sessionCookie, startGateway, type RunningGateway } from './support/gateway-app';
import { startRealIdentity, type RealIdentity, type TestAccount } from './support/real-identity';
import { startRecordingRelay, type RecordingRelay } from './support/recording-relay';
import { createTestDatabase, SERVER_URL } from './support/test-database';

/**
 * Sessions follow the user's rights: svc-identity announces a change with `user-access-changed`
 * (published here on the gateway's exchange of the real RabbitMQ, as svc-identity's relay would); the gateway's
 * consumer records it, and the user's next request in every session sees it — without a call to svc-identity
 * while nothing changed. svc-identity is the real one (its users changed in its database, as its admin pages
 * would), behind a relay that shows which calls reached it.
 */
describe('gateway: sessions follow user-access-changed (real svc-identity, real PostgreSQL and RabbitMQ)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let identity: RealIdentity;
  let relay: RecordingRelay;
  let gw: RunningGateway;
  let pg: Client;

  beforeAll(async () => {
    [db, identity] = await Promise.all([createTestDatabase(), startRealIdentity()]);
    relay = await startRecordingRelay(identity.url);
    gw = await startGateway(db.name, { IDENTITY_URL: relay.url });
    pg = new Client({ connectionString: databaseUrl(SERVER_URL, db.name) });
    await pg.connect();
  });
  afterAll(async () => {
    await pg?.end();
    await gw?.close();
    await relay?.close();
    await identity?.close();
    await db?.drop();
  });

  /** A user of this test only, registered at svc-identity. */
  const newUser = (role: TestAccount['role']) => identity.account({ role, emailPrefix: 'access' });
  /** The user as the gateway shows it (the account without its password). */
  const shown = ({ password: _password, ...user }: TestAccount) => user;
  const signIn = async (user: TestAccount) => {
    const res = await request(gw.url).post('/api/auth/login').send({ email: user.email, password: user.password });
    expect(res.status).toBe(200);
    return cookiePair(sessionCookie(res.headers)!);
  };
  const get = (path: string, cookie: string) => request(gw.url).get(path).set('Cookie', cookie);
  /** How often the gateway reloaded the user from svc-identity. */
  const reloads = (user: TestAccount) => relay.seen.filter((r) => r.url === Routes.internal.userById(user.id)).length;
  /** Changes the user in svc-identity's database. */
  const change = (sql: string, params: unknown[]) => identity.db.query(sql, params);
  const revision = async (userId: string) =>
    Number(
      (await pg.query<{ revision: string }>('SELECT revision FROM user_access WHERE user_id = $1', [userId])).rows[0]
        ?.revision ?? 0,
    );

  /** Publishes the event as svc-identity would, then waits until the gateway has recorded it. */
  async function announce(user: TestAccount, change: UserAccessChange) {
    const before = await revision(user.id);
    const data: UserAccessChangedData = { userId: user.id, change };
    await publishTestEvent(gw.amqpUrl, gw.exchange, EventTypes.userAccessChanged, data, 'svc-identity');
    await waitFor(
      async () => (await revision(user.id)) > before,
      10_000,
      `the gateway to record ${change} for ${user.email}`,
    );
  }

  it('an admin demoted in svc-identity gets 403 on the next admin call, in every session, after user-access-changed', async () => {
    const admin = await newUser('admin');
    const [first, second] = [await signIn(admin), await signIn(admin)];
    expect((await get('/api/admin/invites', first)).status).toBe(200);

    await change(`UPDATE users SET role = 'pilot' WHERE id = $1`, [admin.id]);
    // Until svc-identity says so, sessions are served from what they hold: no call to svc-identity per request.
    expect((await get('/api/admin/invites', second)).status).toBe(200);
    expect(reloads(admin)).toBe(0);

    await announce(admin, 'role');
    for (const cookie of [first, second]) {
      const res = await get('/api/admin/invites', cookie);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: 'Forbidden' });
      expect((await get('/api/auth/me', cookie)).body).toEqual({ ...shown(admin), role: 'pilot' });
    }
    // One reload per session; after it the session is current again.
    expect(reloads(admin)).toBe(2);
    expect((await get('/api/user/profile', first)).status).toBe(200);
    expect(reloads(admin)).toBe(2);
  });

  it('a changed e-mail reaches the session and the identity the services receive', async () => {
    const pilot = await newUser('pilot');
    const cookie = await signIn(pilot);
    const moved = { ...shown(pilot), email: `moved-${pilot.id}@example.com` };
    await change(`UPDATE users SET email = $2 WHERE id = $1`, [pilot.id, moved.email]);
    await announce(pilot, 'email');
    expect((await get('/api/auth/me', cookie)).body).toEqual(moved);
    const before = relay.seen.length;
    const profile = await get('/api/user/profile', cookie);
    expect({ status: profile.status, email: profile.body.email }).toEqual({ status: 200, email: moved.email });
    const forwarded = relay.seen.slice(before).find((r) => r.url === '/api/user/profile')!;
    const claims = JSON.parse(
      Buffer.from(String(forwarded.headers['x-rampquote-identity']).split('.')[0], 'base64url').toString(),
    );
    expect(claims.user).toEqual({ id: pilot.id, email: moved.email, role: 'pilot' });
  });

  it('a removed invitation (access-revoked) refuses the next call of every session and deletes the sessions', async () => {
    const pilot = await newUser('pilot');
    const [first, second] = [await signIn(pilot), await signIn(pilot)];
    expect((await get('/api/user/profile', first)).status).toBe(200);

    await announce(pilot, 'access-revoked');
    const { rows } = await pg.query(`SELECT sid FROM session WHERE (sess -> 'user') ->> 'id' = $1`, [pilot.id]);
    expect(rows).toEqual([]);
    for (const cookie of [first, second]) {
      const res = await get('/api/user/profile', cookie);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'Authentication required' });
      expect((await get('/api/auth/me', cookie)).status).toBe(401);
    }
    expect(reloads(pilot)).toBe(0);
  });

  it('a password change ends every older session; a login after it stays signed in', async () => {
    const pilot = await newUser('pilot');
    const before = await signIn(pilot);
    await announce(pilot, 'password');
    expect((await get('/api/user/profile', before)).status).toBe(401);

    const after = await signIn(pilot);
    expect((await get('/api/user/profile', after)).status).toBe(200);
    expect((await get('/api/auth/me', after)).body).toEqual(shown(pilot));
  });

  it('a session of a session-ending change that races the login is ended on its first request', async () => {
    // The change is recorded while the credential check runs: the session may hold the old rights, so it ends.
    const pilot = await newUser('pilot');
    const stale = await signIn(pilot);
    await pg.query(
      `INSERT INTO user_access (user_id, revision, valid_from, changed_at) VALUES ($1, 1, 1, now() + interval '1 minute')
       ON CONFLICT (user_id) DO UPDATE SET revision = 1, valid_from = 1, changed_at = now() + interval '1 minute'`,
      [pilot.id],
    );
    const racing = await signIn(pilot);
    expect((await get('/api/user/profile', stale)).status).toBe(401);
    expect((await get('/api/user/profile', racing)).status).toBe(401);
  });

  it('ends the session of a user svc-identity no longer knows', async () => {
    const pilot = await newUser('pilot');
    const cookie = await signIn(pilot);
    await change(`DELETE FROM users WHERE id = $1`, [pilot.id]);
    await announce(pilot, 'email');
    expect((await get('/api/user/profile', cookie)).status).toBe(401);
    expect(reloads(pilot)).toBe(1);
  });
});
