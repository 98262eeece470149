import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Pool } from 'pg';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { PG_POOL } from '../database/database.module';
import { RATE_LIMIT_TABLE } from '../database/tables';

/** The limits on the proxied routes (each counts every attempt). */
export type ActionLimit = 'register' | 'forgotPassword' | 'support' | 'fboSubmit';

/** What the caller sees when a limit is hit (429 with Retry-After). */
export const RATE_LIMIT_MESSAGES: Record<ActionLimit | 'login', string> = {
  login: 'Too many login attempts. Please wait 15 minutes and try again.',
  register: 'Too many registration attempts. Please wait an hour and try again.',
  forgotPassword: 'Too many password reset requests. Please wait an hour and try again.',
  support: 'Too many support messages. Please wait an hour and try again.',
  fboSubmit: 'Too many quote submissions. Please wait an hour and try again.',
};

export const LOGIN_WINDOW_SECONDS = 15 * 60;
const HOUR = 3600;

export type LimitCheck = { limited: false } | { limited: true; retryAfterSeconds: number };

const retryAfter = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));

/**
 * Rate limits kept in PostgreSQL (table rate_limits of the gateway's database), so they hold across
 * restarts and gateway replicas. A database failure lets the request through (and is logged): the limits
 * protect against abuse, they must not take the site down with them.
 */
@Injectable()
export class RateLimitsService {
  private readonly logger = new Logger('RateLimits');
  private readonly loginByEmail: RateLimiterPostgres;
  private readonly loginByIp: RateLimiterPostgres;
  private readonly actions: Record<ActionLimit, RateLimiterPostgres>;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig, @Inject(PG_POOL) pool: Pool) {
    let first = true;
    const limiter = (keyPrefix: string, points: number, duration: number) => {
      const l = new RateLimiterPostgres({
        storeClient: pool,
        storeType: 'pool',
        tableName: RATE_LIMIT_TABLE,
        tableCreated: true,
        // One limiter is enough to sweep the shared table of expired rows (an unref'd timer).
        clearExpiredByTimeout: first,
        keyPrefix,
        points,
        duration,
      });
      first = false;
      return l;
    };
    this.loginByEmail = limiter('login_email', config.RATE_LIMIT_LOGIN_EMAIL, LOGIN_WINDOW_SECONDS);
    this.loginByIp = limiter('login_ip', config.RATE_LIMIT_LOGIN_IP, LOGIN_WINDOW_SECONDS);
    this.actions = {
      register: limiter('register_ip', config.RATE_LIMIT_REGISTER, HOUR),
      forgotPassword: limiter('forgot_ip_email', config.RATE_LIMIT_FORGOT_PASSWORD, HOUR),
      support: limiter('support_ip', config.RATE_LIMIT_SUPPORT, HOUR),
      fboSubmit: limiter('fbo_submit_ip', config.RATE_LIMIT_FBO_SUBMIT, HOUR),
    };
  }

  /** Whether this e-mail or this client has used up its failed logins (checked before the password). */
  async checkLogin(email: string, ip: string): Promise<LimitCheck> {
    try {
      const [byEmail, byIp] = await Promise.all([this.loginByEmail.get(emailKey(email)), this.loginByIp.get(ip)]);
      const blocked = [
        { res: byEmail, points: this.loginByEmail.points },
        { res: byIp, points: this.loginByIp.points },
      ].filter((x): x is { res: RateLimiterRes; points: number } => !!x.res && x.res.consumedPoints >= x.points);
      if (blocked.length === 0) return { limited: false };
      return { limited: true, retryAfterSeconds: Math.max(...blocked.map((b) => retryAfter(b.res))) };
    } catch (err) {
      this.logger.error(err instanceof Error ? err : String(err));
      return { limited: false };
    }
  }

  /** Counts a failed login; the attempt that uses up the allowance blocks for a full window from now. */
  async recordLoginFailure(email: string, ip: string): Promise<void> {
    await Promise.all([this.countFailure(this.loginByEmail, emailKey(email)), this.countFailure(this.loginByIp, ip)]);
  }

  /** A successful login clears the e-mail's failures (the client's count stays). */
  async resetLoginEmail(email: string): Promise<void> {
    try {
      await this.loginByEmail.delete(emailKey(email));
    } catch (err) {
      this.logger.error(err instanceof Error ? err : String(err));
    }
  }

  /** Counts one attempt of an action; limited when the allowance for the window is used up. */
  async consume(action: ActionLimit, key: string): Promise<LimitCheck> {
    try {
      await this.actions[action].consume(key);
      return { limited: false };
    } catch (err) {
      if (err instanceof RateLimiterRes) return { limited: true, retryAfterSeconds: retryAfter(err) };
      this.logger.error(err instanceof Error ? err : String(err));
      return { limited: false };
    }
  }

  private async countFailure(limiter: RateLimiterPostgres, key: string): Promise<void> {
    try {
      const res = await limiter.consume(key);
      if (res.consumedPoints >= limiter.points) await limiter.block(key, LOGIN_WINDOW_SECONDS);
    } catch (err) {
      if (err instanceof RateLimiterRes) return; // already over the limit
      this.logger.error(err instanceof Error ? err : String(err));
    }
  }
}

/** E-mail addresses compare case-insensitively for the limit (so `A@x.io` and `a@x.io` share one count). */
export const emailKey = (email: string) => email.trim().toLowerCase();
