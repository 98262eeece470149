import type { LoggerService } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { IncomingMessage } from 'node:http';
import type { Pool } from 'pg';
import { isApiPath, matchRoute } from '@rampquote/contracts';
import { METRICS_PATH, metricsAccess, ProcessMetrics, requestObserver } from '@rampquote/service-kit';
import { sendApiError } from '../edge/api-error';
import { routeOf } from '../routing/route-policy.middleware';

/**
 * The route label of a gateway request: the route policy pattern for API calls (`/api/quote-requests/:id`), the
 * path for the gateway's few fixed files (`/health`, `/remotes.json`, `/metrics`), `static` for pages and bundles,
 * `unmatched` for unknown API paths. Never the raw path.
 */
export function gatewayRoute(req: IncomingMessage): string {
  const matched = routeOf(req as Request)?.policy.path;
  if (matched) return matched;
  const path = (req.url ?? '/').split('?')[0];
  if (path === '/health' || path === '/remotes.json' || path === METRICS_PATH) return path;
  if (isApiPath(path)) return matchRoute(req.method ?? 'GET', path)?.policy.path ?? 'unmatched';
  return 'static';
}

/**
 * The gateway's request metrics and the two pipeline steps that use them: `observe` gives each answer an
 * X-Request-Id (the caller's when well-formed, else a new one; passed on to the services), counts it by route
 * pattern and status with its latency and (with a logger) writes one line; `scrape` answers GET /metrics
 * (Prometheus text) to `Authorization: Bearer <METRICS_TOKEN>` when a token is set, else only to connections from
 * this machine that no proxy relayed. Anyone else gets a JSON 404, as for any unknown path.
 */
export function gatewayMetrics(options: {
  pool: () => Pool | undefined;
  metricsToken?: string;
  logger?: LoggerService;
}): {
  observe: RequestHandler;
  scrape: RequestHandler;
} {
  const metrics = new ProcessMetrics({ service: 'gateway', pool: options.pool });
  const observe = requestObserver({ metrics, logger: options.logger, routeOf: gatewayRoute });
  const scrape = (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' || (req.url !== METRICS_PATH && !req.url.startsWith(`${METRICS_PATH}?`))) return next();
    if (!metricsAccess(req, options.metricsToken)) {
      res.setHeader('Cache-Control', 'no-store');
      return sendApiError(res, 404, { error: 'Not found' });
    }
    metrics.expose().then(
      ({ contentType, body }) => {
        res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
        res.end(body);
      },
      (err: Error) => sendApiError(res, 500, { error: 'Metrics unavailable', details: [{ message: err.message }] }),
    );
  };
  return { observe, scrape };
}
