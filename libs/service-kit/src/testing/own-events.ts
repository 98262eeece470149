import type { DataSource } from 'typeorm';
import type { EventEnvelope } from '@rampquote/contracts';
import { waitFor } from './event-collector';

/**
 * For integration tests, a positive signal before asserting that something did NOT happen: waits until every event of
 * `types` in the service's outbox has been published and handled by the service's own consumer (its id is in the
 * inbox, which commits after the handler's work, mails included), then answers those events, oldest first. Only for
 * types the service consumes itself; an event whose handler keeps failing never gets there (the wait times out).
 *
 * ```ts
 * const granted = await ownEventsHandled(db, ['beta-access-granted']);
 * expect(granted.map((e) => e.data.email)).toEqual([...]); // what was caused, and nothing more
 * ```
 */
export async function ownEventsHandled<T = unknown>(
  dataSource: DataSource,
  types: readonly string[],
  timeoutMs = 15_000,
): Promise<EventEnvelope<T>[]> {
  await waitFor(
    async () => {
      const [{ pending }]: { pending: number }[] = await dataSource.query(
        `SELECT count(*)::int AS pending FROM outbox_events o
         WHERE o.type = ANY($1::text[]) AND NOT EXISTS (SELECT 1 FROM inbox_events i WHERE i.event_id = o.id)`,
        [types],
      );
      return pending === 0;
    },
    timeoutMs,
    `the service to handle its own ${types.join(', ')} events`,
  );
  const rows: { payload: EventEnvelope<T> }[] = await dataSource.query(
    `SELECT payload FROM outbox_events WHERE type = ANY($1::text[]) ORDER BY seq`,
    [types],
  );
  return rows.map((r) => r.payload);
}
