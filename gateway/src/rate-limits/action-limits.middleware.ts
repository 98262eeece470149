import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { ApiRoutes } from '@rampquote/contracts';
import { sendApiError } from '../edge/api-error';
import { emailKey, RATE_LIMIT_MESSAGES, type ActionLimit, type RateLimitsService } from './rate-limits.service';

interface LimitedRoute {
  action: ActionLimit;
  matches: (req: Request) => boolean;
  key: (req: Request) => string;
}

const post = (req: Request) => req.method === 'POST';
const under = (prefix: string, path: string) => path.startsWith(prefix + '/');

/** Rate-limited calls that the gateway proxies to a service (ARCHITECTURE section 6). */
const LIMITED_ROUTES: LimitedRoute[] = [
  { action: 'register', matches: (r) => post(r) && r.path === ApiRoutes.auth.register, key: (r) => clientIp(r) },
  {
    action: 'forgotPassword',
    matches: (r) => post(r) && r.path === ApiRoutes.auth.forgotPassword,
    key: (r) => {
      const email = (r.body as { email?: unknown } | undefined)?.email;
      return typeof email === 'string' ? `${clientIp(r)}|${emailKey(email)}` : clientIp(r);
    },
  },
  { action: 'support', matches: (r) => post(r) && r.path === ApiRoutes.support.contact, key: (r) => clientIp(r) },
  { action: 'fboSubmit', matches: (r) => post(r) && under(ApiRoutes.fboQuote, r.path), key: (r) => clientIp(r) },
];

/** The client's address (from X-Forwarded-For only when TRUST_PROXY trusts the proxy). */
export const clientIp = (req: Request) => req.ip ?? req.socket.remoteAddress ?? 'unknown';

/**
 * Counts and limits the proxied routes of LIMITED_ROUTES. The forgot-password limit is per client and
 * e-mail, so that body is parsed here (the proxy re-sends the parsed body: fixRequestBody).
 */
export function actionLimitsMiddleware(limits: RateLimitsService): RequestHandler[] {
  const json = express.json({ limit: '16kb' });
  const parseForgotPasswordBody: RequestHandler = (req, res, next) =>
    post(req) && req.path === ApiRoutes.auth.forgotPassword ? json(req, res, next) : next();
  const limit = async (req: Request, res: Response, next: NextFunction) => {
    const route = LIMITED_ROUTES.find((r) => r.matches(req));
    if (!route) return next();
    const check = await limits.consume(route.action, route.key(req));
    if (!check.limited) return next();
    sendApiError(res, 429, { error: RATE_LIMIT_MESSAGES[route.action] }, { 'Retry-After': String(check.retryAfterSeconds) });
  };
  return [parseForgotPasswordBody, (req, res, next) => void limit(req, res, next).catch(next)];
}
