import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { databaseUrl } from '@rampquote/service-kit';
import { migrateGatewayDatabase } from '../../src/database/migrate-database';

export const SERVER_URL = 'postgres://postgres@127.0.0.1:5432';

/** A fresh, migrated database for one test file; drop() removes it. */
export async function createTestDatabase(): Promise<{ name: string; drop: () => Promise<void> }> {
  const name = `rampquote_test_gateway_${randomBytes(5).toString('hex')}`;
  await migrateGatewayDatabase(SERVER_URL, name);
  return {
    name,
    drop: async () => {
      const client = new Client({ connectionString: databaseUrl(SERVER_URL, 'postgres') });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
