import connectPgSimple from 'connect-pg-simple';
import session, { type SessionData } from 'express-session';
import type { Pool } from 'pg';
import { sharedFlights } from '@rampquote/service-kit';
import { SESSION_TABLE, USER_ACCESS_TABLE } from '../database/tables';
import type { CachedSession, SessionCache } from './session-cache';

/** What a session holds about the user's access (see SessionsService and SessionAccessCheck). */
export interface LatestAccess {
  /** The user's current access revision (0 while nothing changed since the gateway started counting). */
  revision: number;
  /** Sessions made with an older revision than this are over (a password change, a revoked access). */
  validFrom: number;
}

/** Name of the prepared statement that loads a session (parsed once per database connection, not per request). */
const LOAD_SESSION_STATEMENT = 'rq_session_load';

/** What a load found: the session, no (live) row, or a row whose `sess` is not JSON. */
type Loaded = CachedSession | null | 'unreadable';

interface StoredRow {
  sess: SessionData | string;
  revision: string | null;
  valid_from: string | null;
  expire: Date;
}

/**
 * connect-pg-simple's PostgreSQL store, reading the user's access revision with the session in the same query (no
 * second round trip on a signed-in request; a prepared statement). The revision is put on the loaded session as
 * `latestAccess` and is never written back.
 *
 * Writes: every save records when it happened (`touchedAt`, with the row's new expiry), and there is no `touch`.
 * A read that changes nothing therefore costs no write; SessionsService decides when a session's expiry is moved on
 * (slides) by saving it.
 *
 * With a `cache` (session-cache.ts), a session loaded once is served from memory until its row changes (the
 * database announces it), its row expires, or the cache's age limit passes; this store's own saves and deletes
 * forget it at once. A session in use is read again in the background before its age limit, and the requests that
 * miss one session together share one query.
 */
export function createSessionStore(
  pool: Pool,
  options: connectPgSimple.PGStoreOptions,
  cache?: SessionCache,
): connectPgSimple.PGStore {
  const PgStore = connectPgSimple(session);
  const query = `
    SELECT s.sess, a.revision, a.valid_from, s.expire
      FROM "${SESSION_TABLE}" s
      LEFT JOIN "${USER_ACCESS_TABLE}" a ON a.user_id = (s.sess -> 'user') ->> 'id'
     WHERE s.sid = $1 AND s.expire >= now()`;

  /** A session as express-session gets it: its own copy (it changes the object), with the user's access on it. */
  const sessionOf = (loaded: CachedSession): SessionData => {
    const sess = JSON.parse(loaded.json) as SessionData;
    if (sess.user) sess.latestAccess = { ...loaded.latestAccess };
    return sess;
  };

  /**
   * Reads a session's row (null: none, or expired; 'unreadable': its `sess` is not JSON) and keeps it in the cache.
   * One read per session at a time: a load asked for while one is on its way gets that one's answer, unless the
   * cache forgot something since it began (the generation is part of the key: the row may have changed after that
   * read, so it reads again). Without a cache nothing tells a write apart, and every load reads.
   */
  const shared = sharedFlights<Loaded>();
  const load = (sid: string): Promise<Loaded> => {
    const generation = cache?.generation ?? 0;
    const read = async (): Promise<Loaded> => {
      const { rows } = await pool.query<StoredRow>({ name: LOAD_SESSION_STATEMENT, text: query, values: [sid] });
      const row = rows[0];
      if (!row) return null;
      let sess: SessionData;
      try {
        sess = typeof row.sess === 'string' ? (JSON.parse(row.sess) as SessionData) : row.sess;
      } catch {
        return 'unreadable';
      }
      const latestAccess = { revision: Number(row.revision ?? 0), validFrom: Number(row.valid_from ?? 0) };
      const loaded = {
        json: JSON.stringify(sess),
        userId: sess.user?.id,
        latestAccess,
        expiresAt: row.expire.getTime(),
      };
      cache?.put(sid, loaded, generation);
      return loaded;
    };
    return cache ? shared(`${generation} ${sid}`, read) : read();
  };

  // A session in use is read again in the background before its entry ages out (SessionCache.refreshAfterMs); a row
  // found gone is forgotten at once. A failed read changes nothing: the entry ages out and the next request loads it.
  cache?.refreshWith((sid) => {
    load(sid).then(
      (read) => {
        if (read === null) cache.forgetSession(sid);
      },
      () => undefined,
    );
  });

  class SessionStore extends PgStore {
    override get(sid: string, callback: (err: unknown, session?: SessionData | null) => void): void {
      const cached = cache?.get(sid);
      if (cached) return callback(null, sessionOf(cached));
      load(sid).then(
        (read) => {
          if (read === 'unreadable') return this.destroy(sid, (err) => callback(err, null));
          callback(null, read && sessionOf(read));
        },
        (err: unknown) => callback(err),
      );
    }

    override set(sid: string, sess: SessionData, callback?: (err?: unknown) => void): void {
      const { latestAccess: _notStored, ...stored } = sess;
      cache?.forgetSession(sid);
      super.set(sid, { ...stored, touchedAt: Date.now() } as SessionData, (err?: unknown) => {
        cache?.forgetSession(sid);
        callback?.(err);
      });
    }

    override destroy(sid: string, callback?: (err?: unknown) => void): void {
      cache?.forgetSession(sid);
      super.destroy(sid, (err?: unknown) => {
        cache?.forgetSession(sid);
        callback?.(err);
      });
    }
  }

  const store = new SessionStore({ ...options, pool });
  // No `touch`: express-session calls it after a request that changed nothing (connect-pg-simple's writes the new
  // expiry), and only when the store has one, after hashing the session once more to find it unchanged. Here a
  // read writes nothing (SessionsService decides when a session slides), so there is nothing to call.
  Object.defineProperty(store, 'touch', { value: undefined });
  return store;
}
