import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Pool } from 'pg';
import type { RateLimitName } from '@rampquote/contracts';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { PG_POOL } from '../database/database.module';
import { RATE_LIMIT_TABLE } from '../database/tables';

/** The limits of the route policy that count every attempt (`login` counts failed logins only). */
export type ActionLimit = Exclude<RateLimitName, 'login'>;

/** What an action's limit counts by: the client address, or the client address and the e-mail of the body. */
export type ActionKey = 'client' | 'clientAndEmail';

/** What the caller sees when a limit is hit (429 with Retry-After). */
export const RATE_LIMIT_MESSAGES: Record<RateLimitName, string> = {
  login: 'Too many login attempts. Please wait 15 minutes and try again.',
  register: 'Too many registration attempts. Please wait an hour and try again.',
  forgotPassword: 'Too many password reset requests. Please wait an hour and try again.',
  resetPassword: 'Too many password reset attempts. Please wait an hour and try again.',
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
  /** The strict login limit: one e-mail from one client address. */
  private readonly loginByEmailAndIp: RateLimiterPostgres;
  /** One e-mail from every address together: past it, only addresses that have not failed for the e-mail may try. */
  private readonly loginByEmail: RateLimiterPostgres;
  /** One client address for every e-mail (password spraying). */
  private readonly loginByIp: RateLimiterPostgres;
  /** Each action's limiters; an attempt counts against every one of them (with its own key). */
  private readonly actions: Record<ActionLimit, Partial<Record<ActionKey, RateLimiterPostgres>>>;

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
    this.loginByEmailAndIp = limiter('login_email_ip', config.RATE_LIMIT_LOGIN, LOGIN_WINDOW_SECONDS);
    this.loginByEmail = limiter('login_email', config.RATE_LIMIT_LOGIN_EMAIL, LOGIN_WINDOW_SECONDS);
    this.loginByIp = limiter('login_ip', config.RATE_LIMIT_LOGIN_IP, LOGIN_WINDOW_SECONDS);
    this.actions = {
      register: { client: limiter('register_ip', config.RATE_LIMIT_REGISTER, HOUR) },
      forgotPassword: {
        clientAndEmail: limiter('forgot_ip_email', config.RATE_LIMIT_FORGOT_PASSWORD, HOUR),
        client: limiter('forgot_ip', config.RATE_LIMIT_FORGOT_PASSWORD_IP, HOUR),
      },
      resetPassword: { client: limiter('reset_ip', config.RATE_LIMIT_RESET_PASSWORD, HOUR) },
      support: { client: limiter('support_ip', config.RATE_LIMIT_SUPPORT, HOUR) },
      fboSubmit: { client: limiter('fbo_submit_ip', config.RATE_LIMIT_FBO_SUBMIT, HOUR) },
    };
  }

  /**
   * Whether this client may try a password for this e-mail (checked before the password): not when the client used
   * up its failed logins for the e-mail or across e-mails. Once the e-mail's failures across all clients reach their
   * limit, a client that failed for it in the window is refused too, while a client that has not been failing still
   * has its try: the owner signs in from their own address, and each attacker address gets one guess.
   */
  async checkLogin(email: string, ip: string): Promise<LimitCheck> {
    try {
      const [pair, account, client] = await Promise.all([
        this.loginByEmailAndIp.get(emailAndClient(email, ip)),
        this.loginByEmail.get(emailKey(email)),
        this.loginByIp.get(ip),
      ]);
      const usedUp = (res: RateLimiterRes | null, points: number) => !!res && res.consumedPoints >= points;
      const accountUnderAttack = usedUp(account, this.loginByEmail.points) && !!pair && pair.consumedPoints > 0;
      const blocked = [
        usedUp(pair, this.loginByEmailAndIp.points) ? pair : null,
        accountUnderAttack ? account : null,
        usedUp(client, this.loginByIp.points) ? client : null,
      ].filter((res): res is RateLimiterRes => res !== null);
      if (blocked.length === 0) return { limited: false };
      return { limited: true, retryAfterSeconds: Math.max(...blocked.map(retryAfter)) };
    } catch (err) {
      this.logger.error(err instanceof Error ? err : String(err));
      return { limited: false };
    }
  }

  /** Counts a failed login in each count; the attempt that uses up an allowance blocks for a full window from now. */
  async recordLoginFailure(email: string, ip: string): Promise<void> {
    await Promise.all(this.loginCounts(email, ip).map(({ limiter, key }) => this.countFailure(limiter, key)));
  }

  /**
   * A successful login clears the failures of that e-mail from that client. The e-mail's count across clients and
   * the client's count stay: an attacker's failures elsewhere are not forgiven by the owner's login.
   */
  async resetLogin(email: string, ip: string): Promise<void> {
    try {
      await this.loginByEmailAndIp.delete(emailAndClient(email, ip));
    } catch (err) {
      this.logger.error(err instanceof Error ? err : String(err));
    }
  }

  /**
   * Counts one attempt of an action against each of its limits (`keys`: the key of each; an action's limit whose
   * key is not given is not counted); limited when any allowance for the window is used up.
   */
  async consume(action: ActionLimit, keys: Partial<Record<ActionKey, string>>): Promise<LimitCheck> {
    const limiters = Object.entries(this.actions[action]) as [ActionKey, RateLimiterPostgres][];
    const outcomes = await Promise.all(
      limiters
        .filter(([kind]) => keys[kind] !== undefined)
        .map(async ([kind, limiter]): Promise<LimitCheck> => {
          try {
            await limiter.consume(keys[kind]!);
            return { limited: false };
          } catch (err) {
            if (err instanceof RateLimiterRes) return { limited: true, retryAfterSeconds: retryAfter(err) };
            this.logger.error(err instanceof Error ? err : String(err));
            return { limited: false };
          }
        }),
    );
    const limited = outcomes.filter((o): o is Extract<LimitCheck, { limited: true }> => o.limited);
    return limited.length
      ? { limited: true, retryAfterSeconds: Math.max(...limited.map((o) => o.retryAfterSeconds)) }
      : { limited: false };
  }

  private loginCounts(email: string, ip: string): { limiter: RateLimiterPostgres; key: string }[] {
    return [
      { limiter: this.loginByEmailAndIp, key: emailAndClient(email, ip) },
      { limiter: this.loginByEmail, key: emailKey(email) },
      { limiter: this.loginByIp, key: ip },
    ];
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

/** The key of one e-mail from one client address. */
export const emailAndClient = (email: string, ip: string) => `${ip}|${emailKey(email)}`;
