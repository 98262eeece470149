import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { LoggerService } from '@nestjs/common';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import express, { type RequestHandler } from 'express';
import { isApiPath } from '@rampquote/contracts';
import { answerHealthFirst, SERVICE_KEEP_ALIVE_MS } from '@rampquote/service-kit';
import type { Pool } from 'pg';
import { AppModule } from './app.module';
import type { GatewayConfig } from './config';
import { ApiExceptionFilter } from './edge/api-exception.filter';
import { guardMalformedRequests, refuseDeepJson } from './edge/api-error';
import { csrfMiddleware } from './edge/csrf.middleware';
import { securityHeaders, securityHeaderValues } from './edge/security-headers';
import { PG_POOL } from './database/database.module';
import { gatewayHealth } from './health/gateway-health';
import { observeGatewayRequests } from './metrics/gateway-observer';
import { EdgeCache } from './proxy/edge-cache';
import { serviceProxy, stripForgedIdentity } from './proxy/service-proxy';
import { signedInReads, type FrontPath } from './proxy/signed-in-reads';
import { actionLimitsMiddleware } from './rate-limits/action-limits.middleware';
import { RateLimitsService } from './rate-limits/rate-limits.service';
import { requireSessionWhereNeeded, resolveRoute, sessionWhereNeeded } from './routing/route-policy.middleware';
import { SessionsService } from './sessions/sessions.service';
import { spaFallback, staticHosting } from './static/static-hosting';
import { SessionAccessCheck } from './user-access/session-access.middleware';

/**
 * Builds the gateway (not listening yet). The order of the Express layers is the edge policy:
 * identity stripping, security headers, CSRF origin check (the edge cache of public answers and signed-in reads
 * that need nothing of these layers are served in front of them, see serveInFrontOfExpress), the route policy
 * (libs/contracts: unknown API paths end here as a JSON 404), sessions where the route reads one (brought up to
 * date with the user's rights), the signed-in check where it needs one, rate limits, the proxy to the services, static files, then the gateway's
 * own routes (JSON body) and the JSON / SPA 404.
 */
export async function createGatewayApp(config: GatewayConfig, logger?: LoggerService): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    bodyParser: false,
    logger: logger ?? false,
    bufferLogs: false,
  });
  app.set('trust proxy', config.TRUST_PROXY);
  app.disable('x-powered-by');
  keepIdleConnectionsOpen(app.getHttpServer() as Server);
  guardMalformedRequests(app);

  app.use(stripForgedIdentity);
  app.use(...securityHeaders(config.remoteOrigins));
  app.use(csrfMiddleware(config.trustedOrigins));
  const edgeCache = new EdgeCache();
  const sessions = app.get(SessionsService);
  const proxy = serviceProxy({
    serviceUrls: config.serviceUrls,
    internalSecret: config.INTERNAL_SECRET,
    timeoutMs: config.PROXY_TIMEOUT_MS,
    onUpstreamResponse: (req, upstream) => edgeCache.observe(req, upstream),
  });
  const readsFirst = signedInReads({ readOnlySession: (cookie) => sessions.readOnlySessionOf(cookie), proxy });
  serveInFrontOfExpress(app, config, edgeCache, readsFirst);
  // Request id, request metrics and lines, GET /metrics (metrics/gateway-observer.ts), around everything but /health.
  observeGatewayRequests(app, { metricsToken: config.METRICS_TOKEN, logger });
  // Outermost, as in the services: probes' GET /health is answered first, unlogged and uncounted.
  serveHealthFirst(app, config);
  app.use(resolveRoute);
  app.use(sessionWhereNeeded(sessions.middleware));
  app.use(app.get(SessionAccessCheck).middleware);
  app.use(requireSessionWhereNeeded);
  app.use(...actionLimitsMiddleware(app.get(RateLimitsService)));
  app.use(proxy);
  app.use(...staticHosting(config.WEB_ROOT).map(exceptApiPaths));
  app.use(express.json({ limit: '100kb', verify: refuseDeepJson }));
  app.useGlobalFilters(new ApiExceptionFilter(spaFallback(config.WEB_ROOT)));
  return app;
}

/**
 * Browsers and a load balancer in front keep connections open between calls: the gateway must not close an idle one
 * first (Node's 5 s default, shorter than a load balancer's 60 s), or a request sent on it at that moment fails with
 * ECONNRESET. Clients learn the limit from `Keep-Alive: timeout=65`; the services do the same for the gateway.
 */
function keepIdleConnectionsOpen(server: Server) {
  server.keepAliveTimeout = SERVICE_KEEP_ALIVE_MS;
  server.headersTimeout = SERVICE_KEEP_ALIVE_MS + 1_000;
}

/**
 * Two kinds of request are served in front of Express, with the site's security headers. Answers marked public by a
 * service are the same for everyone: a repeat is answered from the edge cache (no middleware, session lookup or
 * service hop). A signed-in read that every layer would let through untouched goes straight to the proxy
 * (signed-in-reads.ts). Everything else goes on to Express.
 */
function serveInFrontOfExpress(
  app: NestExpressApplication,
  config: GatewayConfig,
  cache: EdgeCache,
  readsFirst: FrontPath,
) {
  const server = app.getHttpServer() as Server;
  const [expressListener] = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  if (!expressListener) throw new Error('the HTTP server has no request listener to put the edge cache in front of');
  const securityOf = securityHeadersFor(config);
  server.removeListener('request', expressListener);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const security = securityOf(req);
    if (cache.tryServe(req, res, security)) return;
    if (readsFirst(req, res, security, () => expressListener(req, res))) return;
    expressListener(req, res);
  });
}

/** Static files are never looked up for an API path (the gateway's own routes come after them). */
const exceptApiPaths =
  (handler: RequestHandler): RequestHandler =>
  (req, res, next) =>
    isApiPath(req.path) ? next() : handler(req, res, next);

/**
 * GET /health is answered in front of everything else (edge cache, Express, Nest), with the site's security headers
 * and HealthController's body and status; its database check runs at most once a second.
 */
function serveHealthFirst(app: NestExpressApplication, config: GatewayConfig) {
  answerHealthFirst(app.getHttpServer() as Server, gatewayHealth(app.get<Pool>(PG_POOL)), securityHeadersFor(config));
}

/**
 * The site's security headers for a request answered in front of Express: with HSTS when it came over TLS (on this
 * socket, or per X-Forwarded-Proto from a trusted proxy).
 */
function securityHeadersFor(config: GatewayConfig) {
  const headers = securityHeaderValues(config.remoteOrigins);
  return (req: IncomingMessage) =>
    Boolean((req.socket as { encrypted?: boolean }).encrypted) ||
    (config.TRUST_PROXY !== false && req.headers['x-forwarded-proto'] === 'https')
      ? headers.secure
      : headers.plain;
}
