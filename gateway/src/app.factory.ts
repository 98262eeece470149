import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { LoggerService } from '@nestjs/common';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import express from 'express';
import { AppModule } from './app.module';
import type { GatewayConfig } from './config';
import { ApiExceptionFilter } from './edge/api-exception.filter';
import { csrfMiddleware } from './edge/csrf.middleware';
import { securityHeaders, securityHeaderValues } from './edge/security-headers';
import { EdgeCache } from './proxy/edge-cache';
import { serviceProxy, stripForgedIdentity } from './proxy/service-proxy';
import { actionLimitsMiddleware } from './rate-limits/action-limits.middleware';
import { RateLimitsService } from './rate-limits/rate-limits.service';
import { requireSessionWhereNeeded, resolveRoute, sessionWhereNeeded } from './routing/route-policy.middleware';
import { SessionsService } from './sessions/sessions.service';
import { spaFallback, staticHosting } from './static/static-hosting';
import { SessionAccessCheck } from './user-access/session-access.middleware';

/**
 * Builds the gateway (not listening yet). The order of the Express layers is the edge policy:
 * identity stripping, security headers, CSRF origin check, the edge cache of public answers, the route policy
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

  app.use(stripForgedIdentity);
  app.use(...securityHeaders());
  app.use(csrfMiddleware(config.trustedOrigins));
  const edgeCache = new EdgeCache();
  serveEdgeCacheHitsFirst(app, edgeCache, config);
  app.use(resolveRoute);
  app.use(sessionWhereNeeded(app.get(SessionsService).middleware));
  app.use(app.get(SessionAccessCheck).middleware);
  app.use(requireSessionWhereNeeded);
  app.use(...actionLimitsMiddleware(app.get(RateLimitsService)));
  app.use(
    serviceProxy({
      serviceUrls: config.serviceUrls,
      internalSecret: config.INTERNAL_SECRET,
      timeoutMs: config.PROXY_TIMEOUT_MS,
      onUpstreamResponse: (req, upstream) => edgeCache.observe(req, upstream),
    }),
  );
  app.use(...staticHosting(config.WEB_ROOT));
  app.use(express.json({ limit: '100kb' }));
  app.useGlobalFilters(new ApiExceptionFilter(spaFallback(config.WEB_ROOT)));
  return app;
}

/**
 * Answers marked public by a service are the same for everyone: a repeat is answered in front of Express (no
 * middleware, session lookup or service hop), with the site's security headers. Everything else goes on to
 * Express as before.
 */
function serveEdgeCacheHitsFirst(app: NestExpressApplication, cache: EdgeCache, config: GatewayConfig) {
  const server = app.getHttpServer() as Server;
  const [expressListener] = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  if (!expressListener) throw new Error('the HTTP server has no request listener to put the edge cache in front of');
  const headers = securityHeaderValues();
  const overTls = (req: IncomingMessage) =>
    Boolean((req.socket as { encrypted?: boolean }).encrypted) || (config.TRUST_PROXY !== false && req.headers['x-forwarded-proto'] === 'https');
  server.removeListener('request', expressListener);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!cache.tryServe(req, res, overTls(req) ? headers.secure : headers.plain)) expressListener(req, res);
  });
}
