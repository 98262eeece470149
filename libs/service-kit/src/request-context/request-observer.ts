import type { LoggerService } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { ProcessMetrics } from '../metrics/metrics';
import { requestIdFrom, REQUEST_ID_HEADER, runWithRequestId } from './request-context';

export interface RequestObserverOptions {
  /** Where request counts and latencies go (absent: not measured). */
  metrics?: ProcessMetrics;
  /** Writes the one line per request (absent: no request lines). */
  logger?: LoggerService;
  /**
   * The route pattern of an answered request (`/api/aircraft/:id`), never the raw path (ids and link tokens stay out
   * of metrics and logs). Default: the Express route that answered, else `unmatched`.
   */
  routeOf?: (req: Request) => string;
}

/** The Express route that answered a request (`/api/fbo-quote/:fboId/:token`), else `unmatched`: never its raw path. */
export const routePatternOf = (req: Pick<Request, 'baseUrl'> & { route?: unknown }): string => {
  const path = (req.route as { path?: unknown } | undefined)?.path;
  return typeof path === 'string' ? `${req.baseUrl ?? ''}${path}` : 'unmatched';
};

const QUIET_ROUTES = new Set(['/health', '/metrics']);

/**
 * The first middleware of every service and of the gateway. It takes the caller's `X-Request-Id` when well-formed
 * or makes one, returns it in the answer, and runs the rest of the request in its context (logs, service calls and
 * events carry it). When the answer is sent it counts the request by method, route pattern and status with its
 * latency, and writes one line: `info` for state-changing calls and server errors, `debug` for the rest.
 */
export function requestObserver(options: RequestObserverOptions = {}): RequestHandler {
  const { metrics, logger } = options;
  const routeOf = options.routeOf ?? routePatternOf;
  return (req: Request, res: Response, next: NextFunction) => {
    const requestId = requestIdFrom(req.headers[REQUEST_ID_HEADER]);
    req.headers[REQUEST_ID_HEADER] = requestId;
    res.setHeader('X-Request-Id', requestId);
    const started = performance.now();
    res.once('finish', () => {
      const ms = performance.now() - started;
      const route = routeOf(req);
      metrics?.observeRequest(req.method, route, res.statusCode, ms / 1000);
      if (!logger) return;
      const write = req.method !== 'GET' && req.method !== 'HEAD' ? 'log' : res.statusCode >= 500 ? 'log' : 'debug';
      if (
        write === 'debug' &&
        (QUIET_ROUTES.has(route) ||
          !logger.debug ||
          (logger as { enabled?: (l: string) => boolean }).enabled?.('debug') === false)
      )
        return;
      const line = {
        msg: `${req.method} ${route} ${res.statusCode}`,
        requestId,
        method: req.method,
        route,
        status: res.statusCode,
        ms: Math.round(ms * 10) / 10,
      };
      if (write === 'log') logger.log(line, 'Http');
      else logger.debug!(line, 'Http');
    });
    runWithRequestId(requestId, next);
  };
}
