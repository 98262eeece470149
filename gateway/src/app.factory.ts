import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { LoggerService } from '@nestjs/common';
import type { Server } from 'node:http';
import { SERVICE_KEEP_ALIVE_MS } from '@rampquote/service-kit';
import { AppModule } from './app.module';
import type { GatewayConfig } from './config';
import { ApiExceptionFilter } from './edge/api-exception.filter';
import { answerClientErrorsInJson } from './edge/api-error';
import { gatewayPipeline } from './pipeline';
import { spaFallback } from './static/static-hosting';

/**
 * Builds the gateway (not listening yet): Express with one layer in front of Nest's routes, the request pipeline
 * (pipeline.ts), which every request passes.
 */
export async function createGatewayApp(config: GatewayConfig, logger?: LoggerService): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    bodyParser: false,
    logger: logger ?? false,
    bufferLogs: false,
  });
  app.set('trust proxy', config.TRUST_PROXY);
  app.disable('x-powered-by');
  const server = app.getHttpServer() as Server;
  keepIdleConnectionsOpen(server);
  // What Node's HTTP parser refuses before there is a request (a bad request line, headers too large) is JSON too.
  answerClientErrorsInJson(server);
  app.use(gatewayPipeline(app, config, logger));
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
