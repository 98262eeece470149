import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { databaseUrl } from '@rampquote/service-kit';
import { migrateGatewayDatabase } from '../../src/database/migrate-database';

export const SERVER_URL = 'postgres://postgres@127.0.0.1:5432';

/** A name no other test file uses. */
export const newTestDatabaseName = () => `rampquote_test_gateway_${randomBytes(5).toString('hex')}`;

/** Removes a test database, even while connections to it are still open. */
export async function dropTestDatabase(name: string): Promise<void> {
  const client = new Client({ connectionString: databaseUrl(SERVER_URL, 'postgres') });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/** A fresh, migrated database for one test file; drop() removes it. */
export async function createTestDatabase(): Promise<{ name: string; drop: () => Promise<void> }> {
  const name = newTestDatabaseName();
  await migrateGatewayDatabase(SERVER_URL, name);
  return { name, drop: () => dropTestDatabase(name) };
}
