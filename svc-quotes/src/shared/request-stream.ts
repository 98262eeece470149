import type { EntityManager } from 'typeorm';
import type { QuoteStreamEventName, QuoteStreamPayloads } from '@rampquote/contracts';

/** The PostgreSQL channel every svc-quotes process LISTENs on; the payload is the request id. */
export const QUOTE_EVENTS_CHANNEL = 'quote_request_events';

/** One change for a request's live stream. */
export type StreamEvent = { [K in QuoteStreamEventName]: { type: K; data: QuoteStreamPayloads[K] } }[QuoteStreamEventName];

/**
 * Records changes for the request's live stream, numbered in the order given, and NOTIFYs every replica once, in
 * the caller's transaction (the notification is delivered on commit, with the rows): one statement, one round trip
 * to PostgreSQL however many changes. Callers hold the request row locked (FOR UPDATE), so the numbers of one
 * request's events commit in order and a listener reading `seq > last` misses none.
 */
export async function appendStreamEvents(manager: EntityManager, quoteRequestId: string, events: readonly StreamEvent[]): Promise<void> {
  if (!events.length) return;
  await manager.query(
    `WITH added AS (
       INSERT INTO quote_request_events (quote_request_id, type, data)
       SELECT $1::uuid, e.type, e.data FROM unnest($2::text[], $3::jsonb[]) WITH ORDINALITY AS e(type, data, n) ORDER BY e.n
       RETURNING seq)
     SELECT pg_notify($4, $1::text), (SELECT count(*) FROM added) AS added`,
    [quoteRequestId, events.map((e) => e.type), events.map((e) => JSON.stringify(e.data)), QUOTE_EVENTS_CHANNEL],
  );
}
