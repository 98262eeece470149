import 'reflect-metadata';
import { JsonLogger } from '@rampquote/service-kit';
import { loadGatewayConfig } from './config';
import { migrateGatewayDatabase } from './database/migrate-database';

/** `node gateway/dist/migrate.js`: creates the gateway's database if missing, applies its migrations, exits. */
async function migrate(): Promise<void> {
  const config = loadGatewayConfig();
  const logger = new JsonLogger('gateway', config.LOG_LEVEL);
  const applied = await migrateGatewayDatabase(config.DATABASE_URL, config.DATABASE_NAME);
  logger.log({ msg: 'migrations done', database: config.DATABASE_NAME, applied }, 'Migrate');
}

migrate().then(
  () => process.exit(0),
  (err: unknown) => {
    new JsonLogger('gateway').error(err instanceof Error ? err : String(err), undefined, 'Migrate');
    process.exit(1);
  },
);
