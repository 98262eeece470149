import { randomBytes } from 'node:crypto';
import { dropDatabase } from '@rampquote/service-kit';
import { migrateGatewayDatabase } from '../../src/database/migrate-database';

export const SERVER_URL = 'postgres://postgres@127.0.0.1:5432';

/** A name no other test file uses. */
export const newTestDatabaseName = () => `rampquote_test_gateway_${randomBytes(5).toString('hex')}`;

/** Removes a test database, even while connections to it are still open (service-kit's dropDatabase). */
export const dropTestDatabase = (name: string): Promise<void> => dropDatabase(SERVER_URL, name);

/** A fresh, migrated database for one test file; drop() removes it. */
export async function createTestDatabase(): Promise<{ name: string; drop: () => Promise<void> }> {
  const name = newTestDatabaseName();
  await migrateGatewayDatabase(SERVER_URL, name);
  return { name, drop: () => dropTestDatabase(name) };
}
