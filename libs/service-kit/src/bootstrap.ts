import { NestFactory } from '@nestjs/core';
import type { DynamicModule, Type } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServiceConfig } from './config';
import { identityBodyCheck } from './auth/identity-body';
import { identityTrustOf } from './auth/identity-keys';
import { answerHealthFirst } from './health/health-first';
import { HealthService } from './health/health.service';
import { toApiError } from './http/api-exception.filter';
import { refuseBadRequestLine } from './http/request-line.middleware';
import { JsonLogger, logFormatFor } from './json-logger';
import { observeServiceRequests } from './metrics/observe-service';

export interface BootstrapOptions {
  /** Service name without `svc-`. */
  service: string;
  /** The root module (usually `AppModule.forRoot(config)`). */
  module: Type<unknown> | DynamicModule;
  config: ServiceConfig;
  /** Largest JSON body accepted. Default 1 MB. */
  jsonLimit?: string;
}

/**
 * Creates and initialises the Nest app the way every service runs: JSON logs, paths and query strings without NUL
 * characters or malformed percent-encoding, JSON body limit, the error shape for body-parser errors, shutdown hooks.
 * The relay and the consumer start during init.
 * Tests use this (then supertest on app.getHttpServer()); main.ts uses bootstrapService.
 */
export async function createServiceApp(options: BootstrapOptions): Promise<NestExpressApplication> {
  const logger = new JsonLogger(
    `svc-${options.service}`,
    options.config.LOG_LEVEL,
    undefined,
    logFormatFor(options.config.NODE_ENV),
  );
  const app = await NestFactory.create<NestExpressApplication>(options.module, { logger, abortOnError: false });
  app.disable('x-powered-by');
  // Request id, one line per request, request metrics (metrics/observe-service.ts): first, before any other layer.
  observeServiceRequests(app, logger);
  // A NUL character or malformed percent-encoding in the path or query string: 400 before any route or guard.
  app.use(refuseBadRequestLine);
  // Before any body is read: a body must hash to what the identity header signed.
  app.use(identityBodyCheck(identityTrustOf(options.config)));
  app.useBodyParser('json', { limit: options.jsonLimit ?? '1mb' });
  // Body-parser failures happen before Nest's filters: answer them in the same JSON shape.
  app.use((err: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (!err) return next();
    const { status, body } = toApiError(err);
    res.status(status).json(body);
  });
  app.enableShutdownHooks(['SIGINT', 'SIGTERM']);
  await app.init();
  // The gateway keeps connections to a service open between calls: the service must not close an idle one first
  // (Node's 5 s default), or a call the gateway sends on it at that moment fails with ECONNRESET (a 502 under load).
  const server = app.getHttpServer() as Server;
  server.keepAliveTimeout = SERVICE_KEEP_ALIVE_MS;
  server.headersTimeout = SERVICE_KEEP_ALIVE_MS + 1_000;
  // GET /health is answered in front of Express and Nest (same body and status as HealthController's).
  const health = healthServiceOf(app);
  if (health) {
    answerHealthFirst(server, async () => {
      const report = await health.check();
      return { status: report.status === 'ok' ? 200 : 503, body: report };
    });
  }
  return app;
}

/** How long a service keeps an idle keep-alive connection: longer than the gateway's proxy keeps one idle. */
export const SERVICE_KEEP_ALIVE_MS = 65_000;

/** The app's HealthService (ServiceKitModule), or undefined for an app built without it. */
function healthServiceOf(app: NestExpressApplication): HealthService | undefined {
  try {
    return app.get(HealthService, { strict: false });
  } catch {
    return undefined;
  }
}

/** `http://<address>:<port>` of a listening server (IPv6 addresses in brackets). */
export function listeningUrl(server: Server): string {
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' || address.address.includes(':') ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

/**
 * Starts a service: creates the app, listens on HOST (127.0.0.1 unless set) and PORT, logs a `ready` line with
 * the address it really listens on. A failure to boot is logged and ends the process with code 1.
 */
export async function bootstrapService(options: BootstrapOptions): Promise<NestExpressApplication> {
  const logger = new JsonLogger(
    `svc-${options.service}`,
    options.config.LOG_LEVEL,
    undefined,
    logFormatFor(options.config.NODE_ENV),
  );
  try {
    const app = await createServiceApp(options);
    await app.listen(options.config.PORT, options.config.HOST);
    const server = app.getHttpServer() as Server;
    logger.info('ready', { event: 'ready', port: (server.address() as AddressInfo).port, url: listeningUrl(server) });
    return app;
  } catch (err) {
    logger.error(err instanceof Error ? err : String(err), undefined, 'bootstrap');
    process.exit(1);
  }
}
