import * as amqp from 'amqplib';
import type { ServiceConfig } from '../config';
import { declareTopology } from '../events/topology';
import { JsonLogger } from '../json-logger';
import { createServiceDataSource, serviceDatabaseName, type EntityList, type MigrationList } from './data-source';
import { ensureDatabase } from './ensure-database';

export interface MigrateOptions {
  service: string;
  config: ServiceConfig;
  entities: EntityList;
  migrations: MigrationList;
  /**
   * Event types the service consumes: its queue is declared and bound before the service starts. `unbind`: types it
   * no longer consumes, whose bindings an existing queue still has.
   */
  topology: { bindings: readonly string[]; unbind?: readonly string[] };
}

export interface MigrateResult {
  database: string;
  applied: string[];
}

/** Arbitrary key of the advisory lock serialising concurrent migration runs of one database. */
const MIGRATION_LOCK = 7_357_001;

/**
 * Prepares a service: creates its database if missing, runs pending migrations (one at a time across
 * processes), declares the exchange, its queue, retry and dead-letter queues and bindings (so events
 * published before the consumer first starts are kept).
 */
export async function migrateService(options: MigrateOptions): Promise<MigrateResult> {
  const database = serviceDatabaseName(options.service, options.config);
  await ensureDatabase(options.config.DATABASE_URL, database);
  const dataSource = createServiceDataSource(options);
  await dataSource.initialize();
  let applied: string[];
  try {
    const lock = dataSource.createQueryRunner();
    await lock.connect();
    try {
      await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
      applied = (await dataSource.runMigrations({ transaction: 'each' })).map((m) => m.name);
    } finally {
      await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
      await lock.release();
    }
  } finally {
    await dataSource.destroy();
  }
  const connection = await amqp.connect(options.config.AMQP_URL, { timeout: 5000 });
  try {
    const channel = await connection.createChannel();
    await declareTopology(channel, {
      service: options.service,
      exchange: options.config.EVENTS_EXCHANGE,
      bindings: options.topology.bindings,
      unbind: options.topology.unbind,
    });
    await channel.close();
  } finally {
    await connection.close();
  }
  return { database, applied };
}

/** The body of a service's migrate.ts: migrateService, log the result, exit 0 (or 1 on failure). */
export function runMigrations(options: MigrateOptions): void {
  exitAfterMigrating(options.service, options.config.LOG_LEVEL, () => migrateService(options));
}

/** Runs `migrate`, logs the applied migrations as JSON and exits 0, or logs the error and exits 1. */
export function exitAfterMigrating(
  service: string,
  logLevel: ServiceConfig['LOG_LEVEL'],
  migrate: () => Promise<MigrateResult>,
): void {
  const logger = new JsonLogger(`svc-${service}`, logLevel);
  migrate().then(
    (result) => {
      logger.info('migrations done', { event: 'migrated', database: result.database, applied: result.applied });
      process.exit(0);
    },
    (err: unknown) => {
      logger.error(err instanceof Error ? err : String(err), undefined, 'migrate');
      process.exit(1);
    },
  );
}
