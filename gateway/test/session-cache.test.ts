import request from 'supertest';
import { Client } from 'pg';
import { databaseUrl } from '@rampquote/service-kit';
import { waitFor } from '@rampquote/service-kit/testing';
import { SessionsService } from '../src/sessions/sessions.service';
import {
  cookiePair,
  countSessionLoads,
  servedFromMemory,
  sessionCookie,
  startGateway,
  type RunningGateway,
} from './support/gateway-app';
import { startRealIdentity, type RealIdentity, type TestAccount } from './support/real-identity';
import { createTestDatabase, SERVER_URL } from './support/test-database';

/**
 * Two gateway replicas on one database. Each keeps the sessions it loaded in memory, so a signed-in read of an
 * unchanged session costs no query; a change of the session row or of the user's access, made by the other replica
 * or straight in the database, reaches it through the database's notifications (migration NotifySessionChanges).
 */
describe('gateway session cache (two replicas, real svc-identity, real PostgreSQL)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let identity: RealIdentity;
  let a: RunningGateway;
  let b: RunningGateway;
  let sql: Client;
  let sessionLoadsOnB: () => number;

  beforeAll(async () => {
    [db, identity] = await Promise.all([createTestDatabase(), startRealIdentity()]);
    a = await startGateway(db.name, { IDENTITY_URL: identity.url });
    b = await startGateway(db.name, { IDENTITY_URL: identity.url });
    // Counts the session loads replica B sends to the database (the store's prepared statement).
    sessionLoadsOnB = countSessionLoads(b).loads;
    sql = new Client({ connectionString: databaseUrl(SERVER_URL, db.name) });
    await sql.connect();
    for (const gw of [a, b])
      await waitFor(
        () => gw.app.get(SessionsService).cache.enabled,
        10_000,
        'the gateway to listen for session changes',
      );
  });

  afterAll(async () => {
    await sql?.end();
    await a?.close();
    await b?.close();
    await identity?.close();
    await db?.drop();
  });

  /** Signs `account` (a new pilot unless given) in on replica A. */
  const signIn = async (account?: TestAccount) => {
    const { email, password } = account ?? (await identity.account());
    const res = await request(a.url).post('/api/auth/login').send({ email, password });
    expect(res.status).toBe(200);
    return cookiePair(sessionCookie(res.headers)!);
  };
  /** The user as the gateway shows it (the account without its password). */
  const shown = ({ password: _password, ...user }: TestAccount) => user;
  const me = (gw: RunningGateway, cookie: string) => request(gw.url).get('/api/auth/me').set('Cookie', cookie);
  const sidOf = (cookie: string) => decodeURIComponent(cookie.slice('rq.sid='.length)).slice(2).split('.')[0];
  /** Until `gw` answers `status` for the cookie (the change travels as a database notification). */
  const untilStatus = (gw: RunningGateway, cookie: string, status: number) =>
    waitFor(async () => (await me(gw, cookie)).status === status, 5_000, `GET /api/auth/me to answer ${status}`);

  it('reads a signed-in session from the database once, then from memory while it is unchanged', async () => {
    const pilot = await identity.account();
    const cookie = await signIn(pilot);
    const before = sessionLoadsOnB();
    expect((await me(b, cookie)).body).toEqual(shown(pilot));
    expect(sessionLoadsOnB()).toBeGreaterThan(before);
    // The sign-in's own change notification may reach B while that first load is on its way: B then drops what it
    // read (it may be older than the change) and the next read loads once more.
    expect((await servedFromMemory(sessionLoadsOnB, () => me(b, cookie))).body).toEqual(shown(pilot));
    const settled = sessionLoadsOnB();
    for (let i = 0; i < 5; i += 1) {
      const res = await me(b, cookie);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(shown(pilot));
    }
    expect(sessionLoadsOnB()).toBe(settled);
  });

  it('a logout on one replica signs the cookie out on the other', async () => {
    const cookie = await signIn();
    expect((await me(b, cookie)).status).toBe(200);
    expect((await request(a.url).post('/api/auth/logout').set('Cookie', cookie)).status).toBe(200);
    await untilStatus(b, cookie, 401);
    expect((await me(a, cookie)).body).toEqual({ error: 'Not authenticated' });
  });

  it('a session deleted in the database, or made older than its user access allows, ends on every replica', async () => {
    const pilot = await identity.account();
    const deleted = await signIn(pilot);
    const revoked = await signIn(pilot);
    for (const gw of [a, b]) for (const cookie of [deleted, revoked]) expect((await me(gw, cookie)).status).toBe(200);

    await sql.query(`DELETE FROM "session" WHERE sid = $1`, [sidOf(deleted)]);
    // A password change as the gateway records it: a new access revision that older sessions may not use.
    await sql.query(
      `INSERT INTO user_access (user_id, revision, valid_from, changed_at) VALUES ($1, 1000, 1000, now())
       ON CONFLICT (user_id) DO UPDATE SET revision = user_access.revision + 1000, valid_from = user_access.revision + 1000, changed_at = now()`,
      [pilot.id],
    );
    for (const gw of [a, b]) {
      await untilStatus(gw, deleted, 401);
      await untilStatus(gw, revoked, 401);
    }
  });

  it('misses no change made while its listening connection is cut, and listens again', async () => {
    const cookie = await signIn();
    expect((await me(b, cookie)).status).toBe(200);
    await sql.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'rampquote-gateway-sessions' AND datname = $1`,
      [db.name],
    );
    await sql.query(`DELETE FROM "session" WHERE sid = $1`, [sidOf(cookie)]);
    await untilStatus(b, cookie, 401);
    await waitFor(() => b.app.get(SessionsService).cache.enabled, 10_000, 'replica B to listen again');

    // Served from memory again once it listens.
    const next = await signIn();
    expect((await me(b, next)).status).toBe(200);
    expect((await servedFromMemory(sessionLoadsOnB, () => me(b, next))).status).toBe(200);
  });
});
