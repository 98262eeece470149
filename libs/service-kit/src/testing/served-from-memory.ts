import type { Pool } from 'pg';
import { waitFor } from './event-collector';

/**
 * Counts the runs of one prepared statement (by its name) on a pool from now on: how a test tells a read served from
 * memory (a cache) from one that queried. `count()` is the number so far.
 */
export function countNamedQueries(pool: Pool, name: string): () => number {
  let count = 0;
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    if ((args[0] as { name?: string } | undefined)?.name === name) count += 1;
    return query(...args);
  };
  return () => count;
}

/**
 * The next answer to `call` during which `loads` (countNamedQueries) did not move: served from memory. A cache's own
 * change notification may arrive after the read that follows the change and forget it; the read after that is
 * kept. Fails after 5 s of reads that all loaded.
 */
export async function servedFromMemory<T>(loads: () => number, call: () => Promise<T>): Promise<T> {
  let answer: T | undefined;
  await waitFor(
    async () => {
      const before = loads();
      answer = await call();
      return loads() === before;
    },
    5_000,
    'a repeated read served from memory',
  );
  return answer!;
}
