import { randomUUID } from 'node:crypto';
import type { SessionData } from 'express-session';
import { Pool } from 'pg';
import { databaseUrl } from '@rampquote/service-kit';
import { waitFor } from '@rampquote/service-kit/testing';
import { SESSION_TABLE } from '../src/database/tables';
import { SessionCache } from '../src/sessions/session-cache';
import { createSessionStore } from '../src/sessions/session-store';
import { countSessionLoadsOn } from './support/gateway-app';
import { createTestDatabase, SERVER_URL } from './support/test-database';

/**
 * The session store's reads of the session table, with its cache (real PostgreSQL, the cache's clock in the test's
 * hands): the requests that miss one session together share one query, a change announced while a read is on its
 * way is never answered with that read, and a session in use is read again in the background before its age limit,
 * so no request waits for it (without it, the moment a busy session aged out was a pile-up of full-path requests).
 */
describe('gateway session store reads (real PostgreSQL)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let pool: Pool;
  let sessionLoads: () => number;
  let now = 1_000;
  let cache: SessionCache;
  let store: ReturnType<typeof createSessionStore>;

  beforeAll(async () => {
    db = await createTestDatabase();
    pool = new Pool({ connectionString: databaseUrl(SERVER_URL, db.name), max: 4 });
    sessionLoads = countSessionLoadsOn(pool).loads;
  });

  beforeEach(() => {
    now = 1_000;
    cache = new SessionCache({ maxAgeMs: 30_000, now: () => now });
    cache.setEnabled(true);
    store = createSessionStore(
      pool,
      { tableName: SESSION_TABLE, createTableIfMissing: false, pruneSessionInterval: false },
      cache,
    );
  });

  afterAll(async () => {
    // pg-pool's end() resolves once it has asked its connections to close, not once they have: dropping the database
    // then can reach one still closing, and its error would reach the pool with no one listening.
    const closing = pool?.totalCount ?? 0;
    const closed = new Promise<void>((resolve) => {
      let left = closing;
      if (left === 0) resolve();
      pool?.on('remove', () => --left === 0 && resolve());
    });
    await pool?.end();
    await closed;
    await db?.drop();
  });

  const get = (sid: string) =>
    new Promise<SessionData | null | undefined>((resolve, reject) =>
      store.get(sid, (err, sess) => (err ? reject(err as Error) : resolve(sess))),
    );

  /** A signed-in session row, written straight to the table. */
  const stored = async (firstName = 'Pat') => {
    const sid = randomUUID();
    const sess = {
      cookie: { originalMaxAge: null, path: '/' },
      user: { id: randomUUID(), email: 'pat@example.com', firstName, role: 'pilot' },
      touchedAt: Date.now(),
    };
    await pool.query(`INSERT INTO "${SESSION_TABLE}" (sid, sess, expire) VALUES ($1, $2, now() + interval '1 hour')`, [
      sid,
      JSON.stringify(sess),
    ]);
    return sid;
  };
  const rename = (sid: string, firstName: string) =>
    pool.query(
      `UPDATE "${SESSION_TABLE}" SET sess = jsonb_set(sess::jsonb, '{user,firstName}', to_jsonb($2::text))::json WHERE sid = $1`,
      [sid, firstName],
    );
  const firstNameOf = (sess: SessionData | null | undefined) =>
    (sess?.user as { firstName?: string } | undefined)?.firstName;

  it('answers the requests that miss one session together with one query, each with a copy of its own', async () => {
    const sid = await stored();
    const before = sessionLoads();
    const [a, b] = await Promise.all([get(sid), get(sid)]);
    expect(sessionLoads() - before).toBe(1);
    expect(firstNameOf(a)).toBe('Pat');
    expect(a?.latestAccess).toEqual({ revision: 0, validFrom: 0 });
    // express-session changes the object it gets: one request's change is not another's.
    (a!.user as { firstName: string }).firstName = 'Changed';
    expect(firstNameOf(b)).toBe('Pat');
    expect(firstNameOf(await get(sid))).toBe('Pat');
    expect(sessionLoads() - before).toBe(1);
  });

  it('reads again for a request that comes after a change was announced, instead of taking the answer on its way', async () => {
    const sid = await stored();
    const before = sessionLoads();
    const onItsWay = get(sid);
    cache.applyNotification(`s:${sid}`);
    const afterTheChange = get(sid);
    await Promise.all([onItsWay, afterTheChange]);
    expect(sessionLoads() - before).toBe(2);
  });

  it('reads a session in use again in the background from half its age limit, serving it from memory meanwhile', async () => {
    const sid = await stored('Pat');
    expect(firstNameOf(await get(sid))).toBe('Pat');
    const before = sessionLoads();
    // Changed without the cache hearing of it (no listener here): what the age limit bounds.
    await rename(sid, 'Sam');

    now += 14_999;
    expect(firstNameOf(await get(sid))).toBe('Pat');
    expect(sessionLoads()).toBe(before);

    now += 1;
    expect(firstNameOf(await get(sid))).toBe('Pat');
    expect(sessionLoads() - before).toBe(1);
    await waitFor(async () => firstNameOf(await get(sid)) === 'Sam', 5_000, 'the background read to be served');
    expect(sessionLoads() - before).toBe(1);
  });

  it('forgets a session whose row the background read finds gone', async () => {
    const sid = await stored();
    expect(await get(sid)).toBeTruthy();
    await pool.query(`DELETE FROM "${SESSION_TABLE}" WHERE sid = $1`, [sid]);
    now += 15_000;
    expect(await get(sid)).toBeTruthy();
    await waitFor(() => cache.get(sid) === undefined, 5_000, 'the background read to forget the session');
    expect(await get(sid)).toBeNull();
  });
});
