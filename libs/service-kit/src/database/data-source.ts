import type { Pool, QueryResultRow } from 'pg';
import { DataSource, type MigrationInterface, type MixedList } from 'typeorm';
import type { ServiceConfig } from '../config';
import { InboxEvent } from '../events/inbox-event.entity';
import { OutboxEvent } from '../events/outbox-event.entity';
import { databaseName, databaseUrl } from './ensure-database';
import { QueryErrorLogger } from './query-error-logger';

/** An entity class (decorated with @Entity). */
export type EntityClass = abstract new (...args: never[]) => object;
/** A migration class. */
export type MigrationClass = new () => MigrationInterface;
/** Entity classes. */
export type EntityList = MixedList<EntityClass>;
/** Migration classes. */
export type MigrationList = MixedList<MigrationClass>;

export interface ServiceDatabaseOptions {
  /** Service name without the `svc-` prefix (`identity`, `fleet`, ...). */
  service: string;
  config: Pick<ServiceConfig, 'DATABASE_URL' | 'DATABASE_NAME'>;
  /** The service's entity classes (the outbox and inbox entities are added automatically). */
  entities: EntityList;
  /** The service's migration classes, oldest first (include EventTablesMigration first). */
  migrations: MigrationList;
}

/** The database a service uses: DATABASE_NAME when set, else `rampquote_<service>`. */
export function serviceDatabaseName(service: string, config: Pick<ServiceConfig, 'DATABASE_NAME'>): string {
  return config.DATABASE_NAME ?? databaseName(service);
}

/** A TypeORM DataSource for the service's own database: migrations only, never `synchronize`. */
export function createServiceDataSource(options: ServiceDatabaseOptions): DataSource {
  const { service, config } = options;
  return new DataSource({
    type: 'postgres',
    url: databaseUrl(config.DATABASE_URL, serviceDatabaseName(service, config)),
    entities: [OutboxEvent, InboxEvent, ...toArray(options.entities)],
    migrations: toArray(options.migrations),
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    migrationsRun: false,
    logger: new QueryErrorLogger(),
    applicationName: `rampquote-${service}`,
    extra: { max: 10, connectionTimeoutMillis: 5000 },
  });
}

function toArray<T>(list: MixedList<T>): T[] {
  return Array.isArray(list) ? list : (Object.values(list) as T[]);
}

/** The pg pool under a TypeORM data source (undefined before the data source is initialised). */
export function pgPoolOf(dataSource: DataSource): Pool | undefined {
  return (dataSource.driver as unknown as { master?: Pool }).master;
}

/** A statement prepared once per pooled connection (pg's named queries): `name` is unique per text. */
export interface PreparedStatement {
  name: string;
  text: string;
}

/**
 * Runs a prepared statement on the pg pool under a TypeORM data source and returns its rows, as pg parsed them.
 * For the reads every signed-in page makes: no TypeORM query runner, query building or entity mapping, and
 * PostgreSQL parses and plans the statement once per connection instead of once per call.
 */
export async function preparedQuery<R extends object>(
  dataSource: DataSource,
  statement: PreparedStatement,
  values: unknown[],
): Promise<R[]> {
  const pool = pgPoolOf(dataSource);
  if (!pool) throw new Error('the data source is not initialised');
  const { rows } = await pool.query<R & QueryResultRow>({ ...statement, values });
  return rows;
}
