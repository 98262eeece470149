import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import type { UserAccessChange, UserAccessChangedData } from '@rampquote/contracts';
import { PG_POOL } from '../database/database.module';
import { SESSION_TABLE, USER_ACCESS_TABLE } from '../database/tables';
import { SessionsService } from '../sessions/sessions.service';

/** Runs one SQL statement (the pool, or the inbox transaction of an event). */
export type Query = (sql: string, params: unknown[]) => Promise<unknown>;

/** The changes after which every session of the user ends; any other (role, e-mail) reloads the session user. */
const ENDS_SESSIONS: readonly UserAccessChange[] = ['access-revoked', 'password'];
const KNOWN_CHANGES: readonly string[] = ['role', 'email', 'access-revoked', 'password'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Per-user access revisions in the gateway's database (table user_access). Sessions carry the revision they were
 * made with; every `user-access-changed` event bumps it, so each session of the user notices on its next request
 * (the store reads the revision with the session) — no call to svc-identity while nothing changed.
 */
@Injectable()
export class UserAccessService {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly sessions: SessionsService,
  ) {}

  /** The database's clock, read before a login's credential check (see revisionForNewSession). */
  async loginStarted(): Promise<Date> {
    const { rows } = await this.pool.query<{ now: Date }>('SELECT clock_timestamp() AS now');
    return rows[0].now;
  }

  /**
   * The revision a new session of `userId` is made with. A change recorded after `loginStarted` may have been
   * missed by the credential check: the session is then made one revision behind, so its first request reloads it
   * (or ends it, for a password change or a revoked access).
   */
  async revisionForNewSession(userId: string, loginStarted: Date): Promise<number> {
    const { rows } = await this.pool.query<{ revision: string; concurrent: boolean }>(
      `SELECT revision, changed_at >= $2 AS concurrent FROM "${USER_ACCESS_TABLE}" WHERE user_id = $1`,
      [userId, loginStarted],
    );
    if (!rows.length) return 0;
    const revision = Number(rows[0].revision);
    return rows[0].concurrent ? revision - 1 : revision;
  }

  /**
   * Applies a `user-access-changed` event: bumps the user's revision; a password change or a revoked access (or a
   * change this gateway does not know) also makes every older session invalid and deletes them at once.
   */
  async applyChange(data: UserAccessChangedData, query: Query): Promise<void> {
    if (typeof data?.userId !== 'string' || !UUID.test(data.userId))
      throw new Error('user-access-changed without a valid userId');
    const endsSessions = ENDS_SESSIONS.includes(data.change) || !KNOWN_CHANGES.includes(data.change);
    await query(
      `INSERT INTO "${USER_ACCESS_TABLE}" (user_id, revision, valid_from, changed_at)
       VALUES ($1, 1, CASE WHEN $2 THEN 1 ELSE 0 END, now())
       ON CONFLICT (user_id) DO UPDATE SET
         revision = "${USER_ACCESS_TABLE}".revision + 1,
         valid_from = CASE WHEN $2 THEN "${USER_ACCESS_TABLE}".revision + 1 ELSE "${USER_ACCESS_TABLE}".valid_from END,
         changed_at = now()`,
      [data.userId, endsSessions],
    );
    if (endsSessions)
      await query(`DELETE FROM "${SESSION_TABLE}" WHERE ("sess" -> 'user') ->> 'id' = $1`, [data.userId]);
    // The database announces the change when the event's transaction commits; this gateway forgets the user's
    // sessions now as well, so its own next request reads them again whatever the order of the two.
    this.sessions.forgetSessionsOfUser(data.userId);
  }
}
