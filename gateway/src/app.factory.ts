import { NestFactory } from '@nestjs/core';
import { ExpressAdapter, type NestExpressApplication } from '@nestjs/platform-express';
import type { LoggerService } from '@nestjs/common';
import { createServer, type RequestListener, type Server } from 'node:http';
import { SERVICE_KEEP_ALIVE_MS } from '@rampquote/service-kit';
import { AppModule } from './app.module';
import type { GatewayConfig } from './config';
import { ApiExceptionFilter } from './edge/api-exception.filter';
import { answerClientErrorsInJson } from './edge/api-error';
import { gatewayPipeline } from './pipeline';
import { SessionsService } from './sessions/sessions.service';
import { FirstViewsSource, PageScriptsSource } from './static/first-views';
import { spaFallback } from './static/static-hosting';

/**
 * Builds the gateway (not listening yet). Its HTTP server has one request listener, the request pipeline
 * (pipeline.ts), whose last step is Express with Nest's routes.
 */
export async function createGatewayApp(config: GatewayConfig, logger?: LoggerService): Promise<NestExpressApplication> {
  const adapter = new PipelineAdapter();
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), adapter, {
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
  adapter.pipeline = gatewayPipeline(app, config, logger);
  // The remotes' first views and pages' scripts, read at start and kept fresh, go into the pages of their paths.
  const firstViews = new FirstViewsSource(config.remotes, config.siteOrigin);
  const pageScripts = new PageScriptsSource(config.remotes, config.siteOrigin);
  void firstViews.readAll();
  void pageScripts.readAll();
  app.useGlobalFilters(
    new ApiExceptionFilter(
      spaFallback(config.WEB_ROOT, config.remotes, app.get(SessionsService).carriesSession, firstViews, pageScripts),
    ),
  );
  return app;
}

/**
 * Nest's Express adapter, except that its HTTP server's request listener is the gateway's pipeline (set once the
 * app's providers exist, before it listens) instead of the Express app, which is the pipeline's last step.
 */
class PipelineAdapter extends ExpressAdapter {
  pipeline: RequestListener = (_req, res) => {
    res.statusCode = 503;
    res.end();
  };

  override initHttpServer(): void {
    this.setHttpServer(createServer((req, res) => this.pipeline(req, res)));
  }
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
