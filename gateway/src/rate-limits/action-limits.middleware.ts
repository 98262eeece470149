import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { refuseDeepJson, sendApiError } from '../edge/api-error';
import { routeOf } from '../routing/route-policy.middleware';
import {
  emailAndClient,
  RATE_LIMIT_MESSAGES,
  type ActionKey,
  type ActionLimit,
  type RateLimitsService,
} from './rate-limits.service';

/** The client's address (from X-Forwarded-For only when TRUST_PROXY trusts the proxy). */
export const clientIp = (req: Request) => req.ip ?? req.socket.remoteAddress ?? 'unknown';

/**
 * The keys each action's limits count by; `readsBody`: a key needs the JSON body, parsed here (and re-sent by the
 * proxy). Forgot-password counts per client address and e-mail, and per client address for all e-mails (so one
 * client cannot mail any number of people).
 */
const LIMIT_KEYS: Record<
  ActionLimit,
  { keys: (req: Request) => Partial<Record<ActionKey, string>>; readsBody?: true }
> = {
  register: { keys: (r) => ({ client: clientIp(r) }) },
  forgotPassword: {
    readsBody: true,
    keys: (r) => {
      const email = (r.body as { email?: unknown } | undefined)?.email;
      return {
        client: clientIp(r),
        clientAndEmail: typeof email === 'string' ? emailAndClient(email, clientIp(r)) : clientIp(r),
      };
    },
  },
  resetPassword: { keys: (r) => ({ client: clientIp(r) }) },
  support: { keys: (r) => ({ client: clientIp(r) }) },
  fboSubmit: { keys: (r) => ({ client: clientIp(r) }) },
};

/** The counted limit of this request's route (route policy `rateLimit`); `login` is checked by the login itself. */
const actionOf = (req: Request): ActionLimit | undefined => {
  const limit = routeOf(req)?.policy.rateLimit;
  return limit === undefined || limit === 'login' ? undefined : limit;
};

/**
 * Counts and limits every call whose route policy names a limit (ARCHITECTURE section 6), matched the way the
 * services match paths, so `/api/auth/register/` or `/api/Support/contact` count like their plain forms.
 */
export function actionLimitsMiddleware(limits: RateLimitsService): RequestHandler[] {
  // Only what the proxy re-sends (service-proxy.ts reparsedBody, which matches `application/json` case-sensitively): another JSON
  // body (`application/JSON`) is left unread and streamed on, instead of read here and never re-sent (a hang).
  const resendable = (req: { headers: Record<string, unknown> }) =>
    /application\/json|\+json/.test(String(req.headers['content-type'] ?? ''));
  const json = express.json({ limit: '16kb', verify: refuseDeepJson, type: resendable });
  const parseBodyForKey: RequestHandler = (req, res, next) => {
    const action = actionOf(req);
    return action && LIMIT_KEYS[action].readsBody ? json(req, res, next) : next();
  };
  const limit = async (req: Request, res: Response, next: NextFunction, action: ActionLimit) => {
    const check = await limits.consume(action, LIMIT_KEYS[action].keys(req));
    if (!check.limited) return next();
    sendApiError(res, 429, { error: RATE_LIMIT_MESSAGES[action] }, { 'Retry-After': String(check.retryAfterSeconds) });
  };
  return [
    parseBodyForKey,
    (req, res, next) => {
      const action = actionOf(req);
      if (!action) return next();
      limit(req, res, next, action).catch(next);
    },
  ];
}
