import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import type connectPgSimple from 'connect-pg-simple';
import type { Request, RequestHandler } from 'express';
import session, { type SessionData } from 'express-session';
import type { Pool } from 'pg';
import type { UserDto } from '@rampquote/contracts';
import { ChannelListener, databaseUrl } from '@rampquote/service-kit';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { PG_POOL } from '../database/database.module';
import { SESSION_TABLE } from '../database/tables';
import { isBodilessRead } from '../routing/route-policy.middleware';
import { madeWithCurrentAccess } from '../user-access/session-access.middleware';
import { SESSION_CHANGES_CHANNEL, SessionCache } from './session-cache';
import { SessionCookieReader } from './session-cookie';
import { createSessionStore, type LatestAccess } from './session-store';

declare module 'express-session' {
  interface SessionData {
    /** The signed-in user (set at login, reloaded when the user's access changed). */
    user: UserDto;
    /** The user's access revision `user` was read at (see SessionAccessCheck). */
    accessRevision: number;
    /** Put there by the store on every load, never stored: the user's access revision now. */
    latestAccess: LatestAccess;
    /** When the session was last written (epoch ms; the store sets it on every save, with the row's expiry). */
    touchedAt: number;
    /** When the user signed in (epoch ms): however it slides, the session ends MAX_SESSION_AGE_MS after it. */
    signedInAt: number;
  }
}

export { SECURE_SESSION_COOKIE, SESSION_COOKIE } from './session-cookie-name';
/** A session without "remember me" ends after this much inactivity (and with the browser). */
export const SESSION_IDLE_SECONDS = 12 * 3600;
/** "Remember me" keeps the cookie, and the session, for this long after the last request. */
export const REMEMBER_ME_MS = 30 * 24 * 3600 * 1000;
/** However often it is used, a session ("remember me" included) ends this long after its sign-in. */
export const MAX_SESSION_AGE_MS = 90 * 24 * 3600 * 1000;

/** Whether a session has outlived MAX_SESSION_AGE_MS (a session from before `signedInAt` was kept counts from now). */
export const sessionOutlived = (sess: Partial<Pick<SessionData, 'signedInAt'>>, now = Date.now()): boolean =>
  typeof sess.signedInAt === 'number' && now - sess.signedInAt >= MAX_SESSION_AGE_MS;

/**
 * A session's expiry is moved on (the row written, a remember-me cookie re-sent) once more than this share of its
 * lifetime has passed since it was last written; a read before that writes nothing. So a session ends between
 * 90 % and 100 % of its lifetime after the last request (12 h idle: between 10.8 h and 12 h).
 */
export const SLIDE_AFTER_SHARE = 0.1;

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** Whether a loaded session is due for its expiry to be moved on (see SLIDE_AFTER_SHARE). */
export function slideIsDue(sess: Partial<Pick<SessionData, 'touchedAt' | 'cookie'>>, now = Date.now()): boolean {
  const lifetimeMs = sess.cookie?.originalMaxAge ?? SESSION_IDLE_SECONDS * 1000;
  return typeof sess.touchedAt !== 'number' || now - sess.touchedAt > lifetimeMs * SLIDE_AFTER_SHARE;
}

/**
 * Sessions stored in PostgreSQL (the gateway's own database), so a gateway restart signs nobody out. Each load also
 * reads the user's access revision (session-store.ts), so SessionAccessCheck sees a change of the user's rights on
 * the next request without asking svc-identity.
 *
 * Sliding expiry without a write per request: a session ends after SESSION_IDLE_SECONDS (remember me:
 * REMEMBER_ME_MS) without requests. A request that changes nothing writes nothing, unless more than
 * SLIDE_AFTER_SHARE of the lifetime has passed since the session was last written: then it is saved (new expiry)
 * and a remember-me cookie is re-sent with the new date.
 *
 * Loaded sessions are kept in memory (SessionCache) while a LISTEN connection hears the database announce every
 * change of a session row or of a user's access (the triggers of migration NotifySessionChanges): a signed-in read
 * then costs no query. Without that connection nothing is served from memory.
 */
@Injectable()
export class SessionsService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  /**
   * Loads the request's session. A read (GET or HEAD without a body) whose session readOnlySessionOf can answer gets
   * that frozen view: nothing on a read changes it, so express-session's cookie parsing, signature check and answer
   * hooks are not needed. Everything else goes through express-session, which loads, brings up to date, slides and
   * saves the session.
   */
  readonly load: RequestHandler;
  readonly cache = new SessionCache();
  private readonly store: connectPgSimple.PGStore;
  private readonly changes: ChannelListener;
  private readonly cookies: SessionCookieReader;
  /** readOnlySessionOf's answer per cache entry (null: that session takes the full path). */
  private readonly readOnlyViews = new WeakMap<object, Readonly<SessionData> | null>();

  constructor(
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {
    const logger = new Logger('Sessions');
    this.changes = new ChannelListener({
      connectionString: databaseUrl(config.DATABASE_URL, config.DATABASE_NAME),
      channel: SESSION_CHANGES_CHANNEL,
      applicationName: 'rampquote-gateway-sessions',
      onNotification: (payload) => this.cache.applyNotification(payload),
      onListening: (listening) => this.cache.setEnabled(listening),
      logger,
    });
    this.store = createSessionStore(
      pool,
      {
        tableName: SESSION_TABLE,
        createTableIfMissing: false,
        ttl: SESSION_IDLE_SECONDS,
        pruneSessionInterval: 15 * 60,
        errorLog: (...args: unknown[]) => logger.error(args.map(String).join(' ')),
      },
      this.cache,
    );
    this.cookies = new SessionCookieReader(config.sessionCookieName, config.SESSION_SECRET);
    const load = session({
      name: config.sessionCookieName,
      secret: config.SESSION_SECRET,
      store: this.store,
      resave: false,
      saveUninitialized: false,
      // Not rolling: an unchanged session is neither written nor its cookie re-sent (see slideIsDue).
      rolling: false,
      // Over TLS the cookie is always Secure, and set when the TLS proxy says https (X-Forwarded-Proto); otherwise
      // express-session follows the app's `trust proxy` setting.
      proxy: config.servedOverTls ? true : undefined,
      cookie: { httpOnly: true, sameSite: 'lax', secure: config.servedOverTls ? true : 'auto', path: '/' },
    });
    const full: RequestHandler = (req, res, next) =>
      load(req, res, (err?: unknown) => {
        const sess = req.session;
        if (err || !sess?.user) return next(err);
        const now = Date.now();
        if (sessionOutlived(sess, now)) return sess.destroy((destroyErr?: unknown) => next(destroyErr));
        // A stored session due to slide is marked changed: express-session saves it (new expiry) when the answer
        // ends, and re-sends a cookie that has an expiry date, never past the session's last day.
        if (slideIsDue(sess, now)) {
          sess.touchedAt = now;
          sess.signedInAt ??= now;
          if (sess.cookie.originalMaxAge !== null) {
            sess.cookie.maxAge = Math.min(REMEMBER_ME_MS, sess.signedInAt + MAX_SESSION_AGE_MS - now);
          }
        }
        next();
      });
    this.load = (req, res, next) => {
      if (isBodilessRead(req)) {
        const view = this.readOnlySessionOf(req.headers.cookie);
        if (view) {
          req.session = view as unknown as Request['session'];
          return next();
        }
      }
      full(req, res, next);
    };
  }

  /**
   * The signed-in session of a request that only reads it, when this gateway can answer that without express-session
   * and without changing anything (see `load`): its cookie is validly signed, the session is in the cache (loaded before and
   * unchanged since), it was made with the user's current access revision (SessionAccessCheck would let it through
   * untouched), and its expiry is not due to slide. Otherwise undefined, and express-session loads, brings up to date
   * or slides the session. The object is frozen and made once per
   * cache entry (a changed or reloaded session is a new entry).
   */
  readOnlySessionOf(cookieHeader: string | undefined, now = Date.now()): Readonly<SessionData> | undefined {
    const sid = this.cookies.sessionIdOf(cookieHeader);
    const cached = sid === undefined ? undefined : this.cache.get(sid);
    if (!cached?.userId) return undefined;
    let view = this.readOnlyViews.get(cached);
    if (view === undefined) {
      const sess = { ...(JSON.parse(cached.json) as SessionData), latestAccess: { ...cached.latestAccess } };
      view = sess.user && madeWithCurrentAccess(sess) ? deepFreeze(sess) : null;
      this.readOnlyViews.set(cached, view);
    }
    return view && !slideIsDue(view, now) && !sessionOutlived(view, now) ? view : undefined;
  }

  /** The session id a request's validly signed cookie names. */
  sessionIdOf(cookieHeader: string | undefined): string | undefined {
    return this.cookies.sessionIdOf(cookieHeader);
  }

  /** Whether a request carries a session cookie with a valid signature (its session is not looked up). */
  readonly carriesSession = (req: { headers: { cookie?: string } }): boolean =>
    this.cookies.sessionIdOf(req.headers.cookie) !== undefined;

  /**
   * Whether session `sid` still signs `userId` in with the rights it was made with (stored, not expired or outlived,
   * made with the user's current access revision). Answered from memory while the database announces changes.
   */
  async signsIn(sid: string, userId: string): Promise<boolean> {
    const sess = await new Promise<SessionData | null | undefined>((resolve, reject) =>
      this.store.get(sid, (err, loaded) => (err ? reject(err as Error) : resolve(loaded))),
    );
    return !!sess?.user && sess.user.id === userId && madeWithCurrentAccess(sess) && !sessionOutlived(sess);
  }

  /** Ends every session of a user (server side: the rows go, so their cookies sign nobody in). Returns how many. */
  async endSessionsOfUser(userId: string): Promise<number> {
    this.forgetSessionsOfUser(userId);
    const result = await this.pool.query(`DELETE FROM "${SESSION_TABLE}" WHERE ("sess" -> 'user') ->> 'id' = $1`, [
      userId,
    ]);
    this.forgetSessionsOfUser(userId);
    return result.rowCount ?? 0;
  }

  /** The user's sessions are read from the database again on their next request (their rows or access changed). */
  forgetSessionsOfUser(userId: string): void {
    this.cache.forgetUser(userId);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.changes.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.store.close();
    await this.changes.stop();
  }
}
