import 'reflect-metadata';
import { JsonLogger, listeningUrl, logFormatFor } from '@rampquote/service-kit';
import { createGatewayApp } from './app.factory';
import { loadGatewayConfig } from './config';

async function bootstrap(): Promise<void> {
  const config = loadGatewayConfig();
  // Readable lines in development (npm start), JSON lines everywhere else.
  const logger = new JsonLogger('gateway', config.LOG_LEVEL, undefined, logFormatFor(config.NODE_ENV));
  const app = await createGatewayApp(config, logger);
  // SIGINT/SIGTERM: stop accepting requests, finish hooks (session store, database pool), then exit.
  app.enableShutdownHooks(['SIGINT', 'SIGTERM']);
  // 127.0.0.1 unless HOST says otherwise (a container sets 0.0.0.0); the log names the address really bound.
  await app.listen(config.PORT, config.HOST);
  logger.log(`gateway listening on ${listeningUrl(app.getHttpServer())} (site ${config.siteOrigin})`, 'Bootstrap');
}

bootstrap().catch((err: unknown) => {
  // One JSON line, then a non-zero exit: a bad variable is named in the ConfigError message.
  new JsonLogger('gateway').error(err instanceof Error ? err : String(err), undefined, 'Bootstrap');
  process.exit(1);
});
