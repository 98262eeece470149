import type { LoggerService } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Request, Response } from 'express';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Pool } from 'pg';
import { isApiPath, matchRoute } from '@rampquote/contracts';
import { METRICS_PATH, metricsAccess, ProcessMetrics, requestObserver } from '@rampquote/service-kit';
import { PG_POOL } from '../database/database.module';
import { routeOf } from '../routing/route-policy.middleware';

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

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
 * Puts the request observer in front of every other listener of the gateway's HTTP server (the edge cache, /health,
 * Express): each answer, cached or not, carries X-Request-Id (the caller's when well-formed, else a new one), is
 * counted by route pattern and status with its latency, and (with a logger) writes one line. The request id travels
 * on to the services in the proxied request's X-Request-Id.
 *
 * GET /metrics (Prometheus text) is answered here: to `Authorization: Bearer <METRICS_TOKEN>` when a token is set,
 * else only to connections from this machine that no proxy relayed; anyone else gets a JSON 404, as for any unknown
 * path. It is never proxied and never reaches the site's pages.
 */
export function observeGatewayRequests(
  app: NestExpressApplication,
  options: { metricsToken?: string; logger?: LoggerService },
): ProcessMetrics {
  const server = app.getHttpServer() as Server;
  const metrics = new ProcessMetrics({
    service: 'gateway',
    pool: () => {
      try {
        return app.get<Pool>(PG_POOL, { strict: false });
      } catch {
        return undefined;
      }
    },
  });
  const observe = requestObserver({ metrics, logger: options.logger, routeOf: (req) => gatewayRoute(req) });
  const [inner] = server.listeners('request') as Listener[];
  if (!inner) throw new Error('the HTTP server has no request listener to observe');
  server.removeListener('request', inner);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    observe(req as Request, res as Response, () => {
      if (req.method === 'GET' && (req.url === METRICS_PATH || req.url?.startsWith(`${METRICS_PATH}?`)))
        return void scrape(req, res);
      inner(req, res);
    });
  });
  const scrape = async (req: IncomingMessage, res: ServerResponse) => {
    if (!metricsAccess(req, options.metricsToken, 'loopback')) {
      res.writeHead(404, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
      res.end(JSON.stringify({ error: 'Not found' }));
      return;
    }
    try {
      const { contentType, body } = await metrics.expose();
      res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
      res.end(body);
    } catch (err) {
      res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify({ error: 'Metrics unavailable', details: [{ message: (err as Error).message }] }));
    }
  };
  return metrics;
}
