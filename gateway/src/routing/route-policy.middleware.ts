import type { IncomingMessage } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { isApiPath, matchRoute, type RouteMatch } from '@rampquote/contracts';
import { sendApiError } from '../edge/api-error';

const MATCHED = new WeakMap<Request, RouteMatch>();

/** The route policy entry of this request (set by resolveRoute), or undefined for pages, files, /health. */
export const routeOf = (req: Request): RouteMatch | undefined => MATCHED.get(req);

/** GET or HEAD without a body (a GET may carry one). */
export const isBodilessRead = (req: IncomingMessage): boolean =>
  (req.method === 'GET' || req.method === 'HEAD') &&
  req.headers['transfer-encoding'] === undefined &&
  !(Number(req.headers['content-length'] ?? 0) > 0);

/**
 * Looks the request up in the route policy table of libs/contracts (matched the way the services route it:
 * case-insensitive, one trailing slash ignored). An API path that is not in the table is a JSON 404 here,
 * before any session lookup or service hop; everything else (pages, files, /health, /remotes.json) goes on.
 */
export const resolveRoute: RequestHandler = (req: Request, res: Response, next: NextFunction) => {
  const match = matchRoute(req.method, req.path);
  if (match) {
    MATCHED.set(req, match);
    return next();
  }
  if (isApiPath(req.path)) return sendApiError(res, 404, { error: 'Not found' });
  next();
};

/** Runs the session middleware only for routes whose policy reads a session (`required` or `optional`). */
export function sessionWhereNeeded(sessionMiddleware: RequestHandler): RequestHandler {
  return (req, res, next) => {
    const session = routeOf(req)?.policy.session;
    return session === 'required' || session === 'optional' ? sessionMiddleware(req, res, next) : next();
  };
}

/**
 * A route with session `required` answers 401 without a signed-in user, and 403 when its `roles` exclude the
 * user's role: the same answers the services give, given before the call leaves the gateway.
 */
export const requireSessionWhereNeeded: RequestHandler = (req, res, next) => {
  const policy = routeOf(req)?.policy;
  if (!policy || policy.session !== 'required') return next();
  const user = req.session?.user;
  if (!user) return sendApiError(res, 401, { error: 'Authentication required' });
  if (policy.roles && !policy.roles.includes(user.role)) return sendApiError(res, 403, { error: 'Forbidden' });
  next();
};
