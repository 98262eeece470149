import { DataSource } from 'typeorm';
import { databaseUrl, ensureDatabase } from '@rampquote/service-kit';
import { CreateSessionsAndRateLimits1767225600000 } from './migrations/1767225600000-create-sessions-and-rate-limits';
import { IndexSessionsByUser1767312000000 } from './migrations/1767312000000-index-sessions-by-user';
import { UserAccessAndInbox1767800000000 } from './migrations/1767800000000-user-access-and-inbox';
import { NotifySessionChanges1768100000000 } from './migrations/1768100000000-notify-session-changes';

/** Arbitrary key of the advisory lock serialising concurrent migration runs (replicas starting together). */
const MIGRATION_LOCK = 7_357_101;

/**
 * Creates the gateway's database when missing and runs its TypeORM migrations, one run at a time across processes
 * (an advisory lock, as the services' migrations take). Returns the names applied.
 */
export async function migrateGatewayDatabase(serverUrl: string, database: string): Promise<string[]> {
  await ensureDatabase(serverUrl, database);
  const dataSource = new DataSource({
    type: 'postgres',
    url: databaseUrl(serverUrl, database),
    migrations: [
      CreateSessionsAndRateLimits1767225600000,
      IndexSessionsByUser1767312000000,
      UserAccessAndInbox1767800000000,
      NotifySessionChanges1768100000000,
    ],
    migrationsTableName: 'migrations',
    synchronize: false,
    logging: false,
  });
  await dataSource.initialize();
  try {
    const lock = dataSource.createQueryRunner();
    await lock.connect();
    try {
      await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
      const applied = await dataSource.runMigrations({ transaction: 'each' });
      return applied.map((m) => m.name);
    } finally {
      await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
      await lock.release();
    }
  } finally {
    await dataSource.destroy();
  }
}
