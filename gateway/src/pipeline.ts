import type { LoggerService } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type Express, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Pool } from 'pg';
import { healthFirst, privateKeyFrom } from '@rampquote/service-kit';
import { answerSignedInUser } from './auth/signed-in-user';
import type { GatewayConfig } from './config';
import { PG_POOL } from './database/database.module';
import { refuseDeepJson, refuseOversizedHead } from './edge/api-error';
import { csrfMiddleware } from './edge/csrf.middleware';
import { securityHeaders } from './edge/security-headers';
import { gatewayHealth } from './health/gateway-health';
import { gatewayMetrics } from './metrics/gateway-metrics';
import { LiveStreamsService } from './live-streams/live-streams.service';
import { EdgeCache } from './proxy/edge-cache';
import { serviceProxy, stripForgedIdentity } from './proxy/service-proxy';
import { actionLimitsMiddleware } from './rate-limits/action-limits.middleware';
import { RateLimitsService } from './rate-limits/rate-limits.service';
import { requireSessionWhereNeeded, resolveRoute, sessionWhereNeeded } from './routing/route-policy.middleware';
import { SessionsService } from './sessions/sessions.service';
import { staticHosting } from './static/static-hosting';
import { SessionAccessCheck } from './user-access/session-access.middleware';

/**
 * The gateway's request pipeline, the HTTP server's one request listener (app.factory.ts): every request passes
 * these steps, in this order, and each decision is made by one step only. A step answers (and the request ends
 * there) or hands on to the next. What no step answers goes on to Express with Nest's router: the gateway's own
 * routes (login, logout, account, API docs, /remotes.json), then the JSON 404 or the shell's page
 * (ApiExceptionFilter). An error a step passes on is answered there too, in the JSON error shape.
 */
export function gatewayPipeline(
  app: NestExpressApplication,
  config: GatewayConfig,
  logger?: LoggerService,
): RequestListener {
  const pool = () => app.get<Pool>(PG_POOL, { strict: false });
  const metrics = gatewayMetrics({ pool, metricsToken: config.METRICS_TOKEN, logger });
  const edgeCache = new EdgeCache();
  const proxy = serviceProxy({
    serviceUrls: config.serviceUrls,
    privateKey: privateKeyFrom(config.GATEWAY_PRIVATE_KEY),
    timeoutMs: config.PROXY_TIMEOUT_MS,
    onUpstreamResponse: (req, upstream) => edgeCache.observe(req, upstream),
  });
  const [countLimitedBody, limits] = actionLimitsMiddleware(app.get(RateLimitsService));

  const steps = inOrder([
    // The site's security headers (helmet's, HSTS over TLS) on every answer, /health's included.
    securityHeaders(config.remoteOrigins, config.servedOverTls),
    // GET and HEAD /health: answered now, not logged or counted; its database check runs at most once a second.
    healthFirst(gatewayHealth(pool())),
    // X-Request-Id (passed on to the services), request metrics by route pattern, one log line per request.
    metrics.observe,
    // GET /metrics: Prometheus text for the metrics token (or this machine), a JSON 404 for anyone else.
    metrics.scrape,
    // A request line and headers too large to forward: 431. Only the gateway signs identities: a sent one is dropped.
    refuseOversizedHead,
    stripForgedIdentity,
    // CSRF: a cross-site state change is refused (403), whatever the path.
    csrfMiddleware(config.trustedOrigins),
    // Route: the route policy of libs/contracts. An API path it does not list is a JSON 404.
    resolveRoute,
    // Session, where the route reads one: a read gets the cached read-only session, anything else express-session.
    sessionWhereNeeded(app.get(SessionsService).load),
    // Access: a session made before the user's rights changed is brought up to date from svc-identity, or ended.
    app.get(SessionAccessCheck).middleware,
    // A route that needs a signed-in user: 401 without one, 403 when its roles exclude the user's.
    requireSessionWhereNeeded,
    // Rate limits of the route (the body is read first where a limit counts by e-mail): 429 with Retry-After.
    countLimitedBody,
    limits,
    // Edge cache: a fresh answer a service marked public is replayed without asking the service.
    edgeCache.serve,
    // GET /api/auth/me: the session's user.
    answerSignedInUser,
    // Live updates: at most a handful of streams per user, each ended once its session no longer signs the user in.
    app.get(LiveStreamsService).step,
    // Proxy: a route the policy forwards goes to its service with a signed identity, its answer streamed back.
    proxy,
    // The shell's built files and its pages (/remotes.json inlined), the FBO link page (never for an API path).
    staticHosting(
      config.WEB_ROOT,
      config.NODE_ENV === 'development',
      config.remotes,
      config.FBO_LINK_HOST_URL,
      app.get(SessionsService).carriesSession,
    ),
    // The JSON body of the gateway's own routes (100 kB, nested at most 32 levels).
    express.json({ limit: '100kb', verify: refuseDeepJson }),
  ]);

  const nest = app.getHttpAdapter().getInstance() as Express;
  const failures = new WeakMap<IncomingMessage, unknown>();
  // Express's first layer after Nest's own: a step's error goes to Nest's exception filter.
  app.use((req: Request, _res: Response, next: NextFunction) => next(failures.get(req)));
  return (req: IncomingMessage, res: ServerResponse) => {
    // Express's request and response API (req.ip, req.secure, res.status, ...) for the steps, as Express gives it.
    Object.setPrototypeOf(req, nest.request);
    Object.setPrototypeOf(res, nest.response);
    (req as Request).res = res as Response;
    (res as Response).req = req as Request;
    steps(req as Request, res as Response, (err?: unknown) => {
      if (err) failures.set(req, err);
      nest(req, res);
    });
  };
}

/** Runs the steps one after the other: a step's `next()` starts the following one, `next(err)` ends with the error. */
function inOrder(steps: readonly RequestHandler[]): RequestHandler {
  return (req: Request, res: Response, done: NextFunction) => {
    let i = 0;
    const next = (err?: unknown) => {
      if (err) return done(err);
      const step = steps[i++];
      if (!step) return done();
      try {
        void step(req, res, next);
      } catch (thrown) {
        done(thrown);
      }
    };
    next();
  };
}
