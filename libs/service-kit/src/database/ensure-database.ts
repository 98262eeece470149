import { Client } from 'pg';

/** The database a service owns: `rampquote_<service>`. */
export function databaseName(service: string): string {
  return `rampquote_${service.replace(/^svc-/, '').replace(/[^a-z0-9_]/gi, '_')}`;
}

/** `DATABASE_URL` is the server part; each owner appends its database. */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Creates the database when it is missing (idempotent, safe when two processes race). */
export async function ensureDatabase(serverUrl: string, database: string): Promise<void> {
  if (!/^[a-z0-9_]+$/i.test(database)) throw new Error(`Refusing odd database name ${database}`);
  const client = new Client({ connectionString: databaseUrl(serverUrl, 'postgres') });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) {
      try {
        await client.query(`CREATE DATABASE "${database}"`);
      } catch (err) {
        // Another process created it first: 42P04 duplicate_database, or 23505 when both CREATEs ran at the same
        // moment (the catalogue's unique index on the name refuses the second).
        const code = (err as { code?: string }).code;
        if (code !== '42P04' && code !== '23505') throw err;
      }
    }
  } finally {
    await client.end();
  }
}

/** Drops a database (tests clean up after themselves); connections still open are terminated. */
export async function dropDatabase(serverUrl: string, database: string): Promise<void> {
  if (!/^[a-z0-9_]+$/i.test(database)) throw new Error(`Refusing odd database name ${database}`);
  const client = new Client({ connectionString: databaseUrl(serverUrl, 'postgres') });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
