import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Client } from 'pg';
import {
  Routes,
  EventTypes,
  type UserAccessChange,
  type UserAccessChangedData,
  type UserDto,
} from '@rampquote/contracts';
import { databaseUrl } from '@rampquote/service-kit';
import { publishTestEvent, waitFor } from '@rampquote/service-kit/testing';
import { PILOT, PILOT_PASSWORD, startFakeIdentity, type FakeIdentity } from './support/fake-services';
import { cookiePair, sessionCookie, startGateway, type RunningGateway } from './support/gateway-app';
import { createTestDatabase, SERVER_URL } from './support/test-database';

/**
 * Sessions follow the user's rights: svc-identity announces a change with `user-access-changed`
 * (published here on the gateway's exchange of the real RabbitMQ, as svc-identity's relay would); the gateway's
 * consumer records it, and the user's next request in every session sees it — without a call to svc-identity
 * while nothing changed.
 */
describe('gateway: sessions follow user-access-changed (fake svc-identity, real PostgreSQL and RabbitMQ)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let identity: FakeIdentity;
  let gw: RunningGateway;
  let pg: Client;
  let n = 0;

  beforeAll(async () => {
    db = await createTestDatabase();
    identity = await startFakeIdentity();
    gw = await startGateway(db.name, { IDENTITY_URL: identity.url });
    pg = new Client({ connectionString: databaseUrl(SERVER_URL, db.name) });
    await pg.connect();
  });
  afterAll(async () => {
    await pg?.end();
    await gw?.close();
    await identity?.close();
    await db?.drop();
  });

  /** A user of this test only, known to the stand-in svc-identity. */
  const newUser = (role: UserDto['role']): UserDto => {
    n++;
    const user: UserDto = {
      ...PILOT,
      id: randomUUID(),
      email: `access-${n}@rampquote.dev`,
      username: `access${n}`,
      role,
    };
    identity.users.set(user.id, user);
    return user;
  };
  const signIn = async (user: UserDto) => {
    const res = await request(gw.url).post('/api/auth/login').send({ email: user.email, password: PILOT_PASSWORD });
    expect(res.status).toBe(200);
    return cookiePair(sessionCookie(res.headers)!);
  };
  const get = (path: string, cookie: string) => request(gw.url).get(path).set('Cookie', cookie);
  const reloads = (user: UserDto) =>
    identity.requests.filter((r) => r.url === Routes.internal.userById(user.id)).length;
  const revision = async (userId: string) =>
    Number(
      (await pg.query<{ revision: string }>('SELECT revision FROM user_access WHERE user_id = $1', [userId])).rows[0]
        ?.revision ?? 0,
    );

  /** Publishes the event as svc-identity would, then waits until the gateway has recorded it. */
  async function announce(user: UserDto, change: UserAccessChange) {
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
    const admin = newUser('admin');
    const [first, second] = [await signIn(admin), await signIn(admin)];
    expect((await get('/api/admin/invites', first)).status).toBe(200);

    identity.users.set(admin.id, { ...admin, role: 'pilot' });
    // Until svc-identity says so, sessions are served from what they hold: no call to svc-identity per request.
    expect((await get('/api/admin/invites', second)).status).toBe(200);
    expect(reloads(admin)).toBe(0);

    await announce(admin, 'role');
    for (const cookie of [first, second]) {
      const res = await get('/api/admin/invites', cookie);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: 'Forbidden' });
      expect((await get('/api/auth/me', cookie)).body).toEqual({ ...admin, role: 'pilot' });
    }
    // One reload per session; after it the session is current again.
    expect(reloads(admin)).toBe(2);
    expect((await get('/api/user/profile', first)).status).toBe(200);
    expect(reloads(admin)).toBe(2);
  });

  it('a changed e-mail reaches the session and the identity the services receive', async () => {
    const pilot = newUser('pilot');
    const cookie = await signIn(pilot);
    const moved = { ...pilot, email: `moved-${n}@rampquote.dev` };
    identity.users.set(pilot.id, moved);
    await announce(pilot, 'email');
    expect((await get('/api/auth/me', cookie)).body).toEqual(moved);
    const before = identity.requests.length;
    expect((await get('/api/user/profile', cookie)).status).toBe(200);
    const forwarded = identity.requests.slice(before).find((r) => r.url === '/api/user/profile')!;
    const claims = JSON.parse(
      Buffer.from(String(forwarded.headers['x-rampquote-identity']).split('.')[0], 'base64url').toString(),
    );
    expect(claims.user).toEqual({ id: pilot.id, email: moved.email, role: 'pilot' });
  });

  it('a removed invitation (access-revoked) refuses the next call of every session and deletes the sessions', async () => {
    const pilot = newUser('pilot');
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
    const pilot = newUser('pilot');
    const before = await signIn(pilot);
    await announce(pilot, 'password');
    expect((await get('/api/user/profile', before)).status).toBe(401);

    const after = await signIn(pilot);
    expect((await get('/api/user/profile', after)).status).toBe(200);
    expect((await get('/api/auth/me', after)).body).toEqual(pilot);
  });

  it('a session of a session-ending change that races the login is ended on its first request', async () => {
    // The change is recorded while the credential check runs: the session may hold the old rights, so it ends.
    const pilot = newUser('pilot');
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
    const pilot = newUser('pilot');
    const cookie = await signIn(pilot);
    identity.users.delete(pilot.id);
    await announce(pilot, 'email');
    expect((await get('/api/user/profile', cookie)).status).toBe(401);
    expect(reloads(pilot)).toBe(1);
  });
});
