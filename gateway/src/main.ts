import 'reflect-metadata';
import { JsonLogger } from '@rampquote/service-kit';
import { createGatewayApp } from './app.factory';
import { loadGatewayConfig } from './config';

async function bootstrap(): Promise<void> {
  const config = loadGatewayConfig();
  const logger = new JsonLogger('gateway', config.LOG_LEVEL);
  const app = await createGatewayApp(config, logger);
  // SIGINT/SIGTERM: stop accepting requests, finish hooks (session store, database pool), then exit.
  app.enableShutdownHooks(['SIGINT', 'SIGTERM']);
  await app.listen(config.PORT);
  logger.log(`gateway listening on http://localhost:${config.PORT} (site ${config.siteOrigin})`, 'Bootstrap');
}

bootstrap().catch((err: unknown) => {
  // One JSON line, then a non-zero exit: a bad variable is named in the ConfigError message.
  new JsonLogger('gateway').error(err instanceof Error ? err : String(err), undefined, 'Bootstrap');
  process.exit(1);
});
