import request from 'supertest';
import { Client } from 'pg';
import { databaseUrl } from '@rampquote/service-kit';
import { waitFor } from '@rampquote/service-kit/testing';
import { cookiePair, sessionCookie, startGateway, type RunningGateway } from './support/gateway-app';
import { startRealIdentity, type RealIdentity, type TestAccount } from './support/real-identity';
import { createTestDatabase, SERVER_URL } from './support/test-database';

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

/**
 * Sessions slide without a write per request: a read that changes nothing writes no session row and re-sends no
 * cookie; once a tenth of the lifetime has passed since the last write, a read moves the expiry on (and re-sends a
 * remember-me cookie); a session left alone for its whole lifetime is over, and a gateway restart signs nobody out.
 */
describe('gateway session writes (real svc-identity, real PostgreSQL)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let identity: RealIdentity;
  let gw: RunningGateway;
  let sql: Client;

  beforeAll(async () => {
    [db, identity] = await Promise.all([createTestDatabase(), startRealIdentity()]);
    gw = await startGateway(db.name, { IDENTITY_URL: identity.url });
    sql = new Client({ connectionString: databaseUrl(SERVER_URL, db.name) });
    await sql.connect();
  });

  afterAll(async () => {
    await sql?.end();
    await gw?.close();
    await identity?.close();
    await db?.drop();
  });

  /** Signs `account` (a new pilot unless given) in. */
  const signIn = async (remember = false, account?: TestAccount) => {
    const { email, password } = account ?? (await identity.account());
    const res = await request(gw.url).post('/api/auth/login').send({ email, password, remember });
    expect(res.status).toBe(200);
    return cookiePair(sessionCookie(res.headers)!);
  };
  /** The user as the gateway shows it (the account without its password). */
  const shown = ({ password: _password, ...user }: TestAccount) => user;
  /** The session id inside a signed `rq.sid=s:<id>.<signature>` cookie. */
  const sidOf = (cookie: string) => decodeURIComponent(cookie.slice('rq.sid='.length)).slice(2).split('.')[0];
  /** The stored row: its version (xmin changes with every write), expiry and last write time. */
  const row = async (cookie: string) => {
    const { rows } = await sql.query<{ version: string; expire: Date; touched_at: string | null }>(
      `SELECT xmin::text AS version, expire, sess ->> 'touchedAt' AS touched_at FROM "session" WHERE sid = $1`,
      [sidOf(cookie)],
    );
    return rows[0];
  };
  /** Pretends the session was last written `ago` ms ago, with the expiry it was given then. */
  const age = async (cookie: string, ago: number, lifetime: number) => {
    const touchedAt = Date.now() - ago;
    await sql.query(
      `UPDATE "session" SET sess = jsonb_set(sess::jsonb, '{touchedAt}', to_jsonb($2::bigint))::json, expire = to_timestamp($3 / 1000.0) WHERE sid = $1`,
      [sidOf(cookie), touchedAt, touchedAt + lifetime],
    );
  };
  const me = (cookie: string) => request(gw.url).get('/api/auth/me').set('Cookie', cookie);

  it('writes no session row and sends no cookie for reads of a fresh session', async () => {
    for (const remember of [false, true]) {
      const pilot = await identity.account();
      const cookie = await signIn(remember, pilot);
      const stored = await row(cookie);
      expect(stored.touched_at).not.toBeNull();
      for (let i = 0; i < 5; i += 1) {
        const res = await me(cookie);
        expect(res.status).toBe(200);
        expect(res.body).toEqual(shown(pilot));
        expect(sessionCookie(res.headers)).toBeUndefined();
      }
      expect(await row(cookie)).toEqual(stored);
    }
  });

  it('moves a remember-me session on, and re-sends its cookie, once a tenth of its 30 days has passed', async () => {
    const cookie = await signIn(true);
    await age(cookie, 4 * DAY, 30 * DAY);
    const res = await me(cookie);
    expect(res.status).toBe(200);
    const resent = sessionCookie(res.headers);
    expect(resent).toBeDefined();
    expect(cookiePair(resent!)).toBe(cookie);
    const days = (new Date(/Expires=([^;]+)/i.exec(resent!)![1]).getTime() - Date.now()) / DAY;
    expect(days).toBeGreaterThan(29.9);
    const moved = await row(cookie);
    expect((moved.expire.getTime() - Date.now()) / DAY).toBeGreaterThan(29.9);
    expect(Date.now() - Number(moved.touched_at)).toBeLessThan(60_000);
    // Moved on once: the next read writes nothing again.
    expect(sessionCookie((await me(cookie)).headers)).toBeUndefined();
    expect(await row(cookie)).toEqual(moved);
  });

  it('never moves a remember-me session past 90 days after its sign-in, and ends it then', async () => {
    const cookie = await signIn(true);
    const signedInAgo = (ago: number) =>
      sql.query(
        `UPDATE "session" SET sess = jsonb_set(sess::jsonb, '{signedInAt}', to_jsonb($2::bigint))::json WHERE sid = $1`,
        [sidOf(cookie), Date.now() - ago],
      );
    await signedInAgo(88 * DAY);
    await age(cookie, 4 * DAY, 30 * DAY);
    // The read after the database announced the change slides the session: to its 90th day, not 30 days on.
    const resent = await waitFor(
      async () => {
        const res = await me(cookie);
        expect(res.status).toBe(200);
        return sessionCookie(res.headers);
      },
      5_000,
      'the session to be moved on',
    );
    const days = (new Date(/Expires=([^;]+)/i.exec(resent)![1]).getTime() - Date.now()) / DAY;
    expect(days).toBeGreaterThan(1.9);
    expect(days).toBeLessThan(2.01);
    expect(((await row(cookie)).expire.getTime() - Date.now()) / DAY).toBeLessThan(2.01);

    await signedInAgo(90 * DAY + 1000);
    const ended = await waitFor(
      async () => {
        const res = await me(cookie);
        return res.status === 401 && res;
      },
      5_000,
      'the session to end',
    );
    expect(ended.body).toEqual({ error: 'Not authenticated' });
    expect(await row(cookie)).toBeUndefined();
  });

  it('moves a browser session on once more than 1.2 of its 12 idle hours have passed, not before', async () => {
    const cookie = await signIn(false);
    await age(cookie, 1 * HOUR, 12 * HOUR);
    const early = await row(cookie);
    expect((await me(cookie)).status).toBe(200);
    expect(await row(cookie)).toEqual(early);

    await age(cookie, 11 * HOUR, 12 * HOUR);
    // The gateway keeps the session it read in memory and hears of the row's change from the database (a
    // notification, sessions/session-cache.ts): the reads after it move the session on.
    const moved = await waitFor(
      async () => {
        expect((await me(cookie)).status).toBe(200);
        const stored = await row(cookie);
        return (stored.expire.getTime() - Date.now()) / HOUR > 11.9 && stored;
      },
      5_000,
      'the session to be moved on',
    );
    expect(Date.now() - Number(moved.touched_at)).toBeLessThan(60_000);
  });

  it('ends a session left without requests for its lifetime, and keeps the others across a gateway restart', async () => {
    const pilot = await identity.account();
    const idle = await signIn(false, pilot);
    const active = await signIn(true, pilot);
    await age(idle, 12 * HOUR + 1000, 12 * HOUR);
    const gone = await me(idle);
    expect(gone.status).toBe(401);
    expect(gone.body).toEqual({ error: 'Not authenticated' });

    await gw.close();
    gw = await startGateway(db.name, { IDENTITY_URL: identity.url });
    const after = await me(active);
    expect(after.status).toBe(200);
    expect(after.body).toEqual(shown(pilot));
    expect((await me(idle)).status).toBe(401);
  });
});
