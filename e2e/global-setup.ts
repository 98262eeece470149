import { Client } from 'pg';

/** Postgres codes for a database or a table that does not exist yet (a first run: nothing has been counted). */
const NOTHING_COUNTED_YET = new Set(['3D000', '42P01']);

/**
 * The gateway keeps its rate-limit counters in PostgreSQL for an hour, whatever limit the system that counted
 * them ran with. The proof suites and the benchmarks run the same system with far higher limits and answer
 * thousands of FBO estimates from 127.0.0.1, so a run of them in the hour before would leave this suite's
 * system (RATE_LIMIT_FBO_SUBMIT=1000) answering 429 (a CI run failed that way). The suite starts from no counts:
 * the limits themselves are proved by the gateway's tests.
 */
export default async function clearRateLimitCounters(): Promise<void> {
  const server = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432');
  server.pathname = '/rampquote_gateway';
  const client = new Client({ connectionString: server.toString() });
  try {
    await client.connect();
    const { rowCount } = await client.query('DELETE FROM rate_limits');
    if (rowCount) console.log(`[e2e] cleared ${rowCount} rate-limit counter(s) left by earlier runs`);
  } catch (err) {
    if (!NOTHING_COUNTED_YET.has((err as { code?: string }).code ?? '')) throw err;
  } finally {
    await client.end().catch(() => undefined);
  }
}
