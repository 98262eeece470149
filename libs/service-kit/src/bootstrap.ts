import { NestFactory } from '@nestjs/core';
import type { DynamicModule, Type } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import type { ServiceConfig } from './config';
import { toApiError } from './http/api-exception.filter';
import { JsonLogger } from './json-logger';

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
 * Creates and initialises the Nest app the way every service runs: JSON logs, JSON body limit, the
 * error shape for body-parser errors, shutdown hooks. The relay and the consumer start during init.
 * Tests use this (then supertest on app.getHttpServer()); main.ts uses bootstrapService.
 */
export async function createServiceApp(options: BootstrapOptions): Promise<NestExpressApplication> {
  const logger = new JsonLogger(`svc-${options.service}`, options.config.LOG_LEVEL);
  const app = await NestFactory.create<NestExpressApplication>(options.module, { logger, abortOnError: false });
  app.disable('x-powered-by');
  app.useBodyParser('json', { limit: options.jsonLimit ?? '1mb' });
  // Body-parser failures happen before Nest's filters: answer them in the same JSON shape.
  app.use((err: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (!err) return next();
    const { status, body } = toApiError(err);
    res.status(status).json(body);
  });
  app.enableShutdownHooks(['SIGINT', 'SIGTERM']);
  await app.init();
  return app;
}

/**
 * Starts a service: creates the app, listens on PORT, logs a `ready` line. A failure to boot is
 * logged and ends the process with code 1.
 */
export async function bootstrapService(options: BootstrapOptions): Promise<NestExpressApplication> {
  const logger = new JsonLogger(`svc-${options.service}`, options.config.LOG_LEVEL);
  try {
    const app = await createServiceApp(options);
    await app.listen(options.config.PORT);
    logger.info('ready', { event: 'ready', port: options.config.PORT, url: `http://127.0.0.1:${options.config.PORT}` });
    return app;
  } catch (err) {
    logger.error(err instanceof Error ? err : String(err), undefined, 'bootstrap');
    process.exit(1);
  }
}
