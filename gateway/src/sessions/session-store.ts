import connectPgSimple from 'connect-pg-simple';
import session, { type SessionData } from 'express-session';
import type { Pool } from 'pg';
import { SESSION_TABLE, USER_ACCESS_TABLE } from '../database/tables';
import type { SessionCache } from './session-cache';

/** What a session holds about the user's access (see SessionsService and SessionAccessCheck). */
export interface LatestAccess {
  /** The user's current access revision (0 while nothing changed since the gateway started counting). */
  revision: number;
  /** Sessions made with an older revision than this are over (a password change, a revoked access). */
  validFrom: number;
}

/** Name of the prepared statement that loads a session (parsed once per database connection, not per request). */
const LOAD_SESSION_STATEMENT = 'rq_session_load';

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
 * forget it at once.
 */
export function createSessionStore(pool: Pool, options: connectPgSimple.PGStoreOptions, cache?: SessionCache): connectPgSimple.PGStore {
  const PgStore = connectPgSimple(session);
  const query = `
    SELECT s.sess, a.revision, a.valid_from, s.expire
      FROM "${SESSION_TABLE}" s
      LEFT JOIN "${USER_ACCESS_TABLE}" a ON a.user_id = (s.sess -> 'user') ->> 'id'
     WHERE s.sid = $1 AND s.expire >= now()`;

  class SessionStore extends PgStore {
    override get(sid: string, callback: (err: unknown, session?: SessionData | null) => void): void {
      const cached = cache?.get(sid);
      if (cached) {
        const sess = JSON.parse(cached.json) as SessionData;
        if (sess.user) sess.latestAccess = { ...cached.latestAccess };
        return callback(null, sess);
      }
      const generation = cache?.generation ?? 0;
      pool.query<StoredRow>({ name: LOAD_SESSION_STATEMENT, text: query, values: [sid] }).then(
        ({ rows: [row] }) => {
          if (!row) return callback(null, null);
          let sess: SessionData;
          try {
            sess = typeof row.sess === 'string' ? (JSON.parse(row.sess) as SessionData) : row.sess;
          } catch {
            return this.destroy(sid, (err) => callback(err, null));
          }
          const latestAccess = { revision: Number(row.revision ?? 0), validFrom: Number(row.valid_from ?? 0) };
          cache?.put(sid, { json: JSON.stringify(sess), userId: sess.user?.id, latestAccess, expiresAt: row.expire.getTime() }, generation);
          if (sess.user) sess.latestAccess = latestAccess;
          callback(null, sess);
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
