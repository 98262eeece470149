import { Inject, Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import type connectPgSimple from 'connect-pg-simple';
import type { RequestHandler } from 'express';
import session from 'express-session';
import type { Pool } from 'pg';
import type { UserDto } from '@rampquote/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { PG_POOL } from '../database/database.module';
import { SESSION_TABLE } from '../database/tables';
import { createSessionStore, type LatestAccess } from './session-store';

declare module 'express-session' {
  interface SessionData {
    /** The signed-in user (set at login, reloaded when the user's access changed). */
    user: UserDto;
    /** The user's access revision `user` was read at (see SessionAccessCheck). */
    accessRevision: number;
    /** Put there by the store on every load, never stored: the user's access revision now. */
    latestAccess: LatestAccess;
  }
}

export const SESSION_COOKIE = 'rq.sid';
/** A session without "remember me" ends after this much inactivity (and with the browser). */
export const SESSION_IDLE_SECONDS = 12 * 3600;
/** "Remember me" keeps the cookie, and the session, for this long after the last request. */
export const REMEMBER_ME_MS = 30 * 24 * 3600 * 1000;

/**
 * Sessions stored in PostgreSQL (the gateway's own database), so a gateway restart signs nobody out. Each load also
 * reads the user's access revision (session-store.ts), so SessionAccessCheck sees a change of the user's rights on
 * the next request without asking svc-identity.
 */
@Injectable()
export class SessionsService implements BeforeApplicationShutdown {
  readonly middleware: RequestHandler;
  private readonly store: connectPgSimple.PGStore;

  constructor(
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {
    const logger = new Logger('Sessions');
    this.store = createSessionStore(pool, {
      tableName: SESSION_TABLE,
      createTableIfMissing: false,
      ttl: SESSION_IDLE_SECONDS,
      pruneSessionInterval: 15 * 60,
      errorLog: (...args: unknown[]) => logger.error(args.map(String).join(' ')),
    });
    this.middleware = session({
      name: SESSION_COOKIE,
      secret: config.SESSION_SECRET,
      store: this.store,
      resave: false,
      saveUninitialized: false,
      rolling: true,
      // `proxy` unset: express-session follows the app's `trust proxy` setting for X-Forwarded-Proto.
      cookie: { httpOnly: true, sameSite: 'lax', secure: 'auto', path: '/' },
    });
  }

  /** Ends every session of a user (server side: the rows go, so their cookies sign nobody in). Returns how many. */
  async endSessionsOfUser(userId: string): Promise<number> {
    const result = await this.pool.query(`DELETE FROM "${SESSION_TABLE}" WHERE ("sess" -> 'user') ->> 'id' = $1`, [userId]);
    return result.rowCount ?? 0;
  }

  beforeApplicationShutdown(): void {
    this.store.close();
  }
}
