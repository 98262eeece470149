import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { LoggerService } from '@nestjs/common';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { ApiRoutes } from '@rampquote/contracts';
import { AppModule } from './app.module';
import type { GatewayConfig } from './config';
import { ApiExceptionFilter } from './edge/api-exception.filter';
import { csrfMiddleware } from './edge/csrf.middleware';
import { securityHeaders } from './edge/security-headers';
import { EdgeCache } from './proxy/edge-cache';
import { serviceProxy, stripForgedIdentity } from './proxy/service-proxy';
import { actionLimitsMiddleware } from './rate-limits/action-limits.middleware';
import { RateLimitsService } from './rate-limits/rate-limits.service';
import { SessionsService } from './sessions/sessions.service';
import { spaFallback, staticHosting } from './static/static-hosting';

/** Paths that carry a session: the API and the legacy POST /create-aircraft (static files do not). */
const needsSession = (path: string) => path === '/api' || path.startsWith('/api/') || path === ApiRoutes.createAircraft;

const onlyFor = (match: (path: string) => boolean, handler: RequestHandler): RequestHandler =>
  (req: Request, res: Response, next: NextFunction) => (match(req.path) ? handler(req, res, next) : next());

/**
 * Builds the gateway (not listening yet). The order of the Express layers is the edge policy:
 * identity stripping, security headers, CSRF origin check, the edge cache of public answers, sessions, rate limits, the proxy to the
 * services, static files, then the gateway's own routes (JSON body) and the JSON / SPA 404.
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
  // Answers marked public are the same for everyone: served before any session lookup.
  const edgeCache = new EdgeCache();
  app.use(edgeCache.serve);
  app.use(onlyFor(needsSession, app.get(SessionsService).middleware));
  app.use(...actionLimitsMiddleware(app.get(RateLimitsService)));
  app.use(
    serviceProxy({
      serviceUrls: config.serviceUrls,
      internalSecret: config.INTERNAL_SECRET,
      onUpstreamResponse: (req, upstream) => edgeCache.observe(req, upstream),
    }),
  );
  app.use(...staticHosting(config.WEB_ROOT));
  app.use(express.json({ limit: '100kb' }));
  app.useGlobalFilters(new ApiExceptionFilter(spaFallback(config.WEB_ROOT)));
  return app;
}
