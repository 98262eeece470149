import { Client } from 'pg';
import { databaseUrl } from '@rampquote/service-kit';
import { migrateGatewayDatabase } from '../src/database/migrate-database';
import { dropTestDatabase, newTestDatabaseName, SERVER_URL } from './support/test-database';

/**
 * Replicas of the gateway start together (Kubernetes runs the `migrate` init container in each pod): their migration
 * runs must take turns, so every migration is applied exactly once and none of the runs fails.
 */
describe('gateway: migrations started together', () => {
  const name = newTestDatabaseName();

  afterAll(() => dropTestDatabase(name));

  it('apply each migration once when three runs start at the same moment on a new database', async () => {
    const runs = await Promise.all([1, 2, 3].map(() => migrateGatewayDatabase(SERVER_URL, name)));
    const applied = runs.flat();
    expect(new Set(applied).size).toBe(applied.length);
    expect(applied.length).toBeGreaterThanOrEqual(3);
    expect(runs.filter((r) => r.length > 0)).toHaveLength(1);

    const client = new Client({ connectionString: databaseUrl(SERVER_URL, name) });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>('SELECT name FROM migrations ORDER BY id');
      expect(rows.map((r) => r.name)).toEqual(
        [...applied].sort((a, b) => Number(/^\D*(\d+)$/.exec(a)?.[1]) - Number(/^\D*(\d+)$/.exec(b)?.[1])),
      );
    } finally {
      await client.end();
    }
  }, 60_000);
});
