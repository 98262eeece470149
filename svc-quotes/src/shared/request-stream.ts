import type { EntityManager } from 'typeorm';
import type { QuoteStreamEventName, QuoteStreamPayloads } from '@rampquote/contracts';

/** The PostgreSQL channel every svc-quotes process LISTENs on; the payload is the request id. */
export const QUOTE_EVENTS_CHANNEL = 'quote_request_events';

/** One change for a request's live stream. */
export type StreamEvent = {
  [K in QuoteStreamEventName]: { type: K; data: QuoteStreamPayloads[K] };
}[QuoteStreamEventName];

/**
 * Records changes for the request's live stream, numbered in the order given, and NOTIFYs every replica once, in
 * the caller's transaction (the notification is delivered on commit, with the rows): one statement, one round trip
 * to PostgreSQL however many changes. Callers hold the request row locked (FOR UPDATE), so the numbers of one
 * request's events commit in order and a listener reading `seq > last` misses none.
 */
export async function appendStreamEvents(
  manager: EntityManager,
  quoteRequestId: string,
  events: readonly StreamEvent[],
): Promise<void> {
  if (!events.length) return;
  await manager.query(
    `WITH added AS (${streamEventsInsert(1)} RETURNING seq)
     SELECT pg_notify($4, $1::text), (SELECT count(*) FROM added) AS added`,
    [...streamEventsValues(quoteRequestId, events), QUOTE_EVENTS_CHANNEL],
  );
}

/**
 * The INSERT of a request's stream events whose values (streamEventsValues) are the parameters `$first` to
 * `$first + 2`, numbered in the order given: a part of the caller's own statement (a CTE), which also NOTIFYs
 * QUOTE_EVENTS_CHANNEL with the request id, as appendStreamEvents does.
 */
export const streamEventsInsert = (first: number): string =>
  `INSERT INTO quote_request_events (quote_request_id, type, data)
   SELECT $${first}::uuid, e.type, e.data FROM unnest($${first + 1}::text[], $${first + 2}::jsonb[]) WITH ORDINALITY AS e(type, data, n) ORDER BY e.n`;

/** The values of streamEventsInsert: the request id, the events' types, their data as JSON. */
export const streamEventsValues = (
  quoteRequestId: string,
  events: readonly StreamEvent[],
): [string, string[], string[]] => [
  quoteRequestId,
  events.map((e) => e.type),
  events.map((e) => JSON.stringify(e.data)),
];
