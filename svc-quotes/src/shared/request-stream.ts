import type { EntityManager } from 'typeorm';
import type { QuoteStreamEventName, QuoteStreamPayloads } from '@rampquote/contracts';

/** The PostgreSQL channel every svc-quotes process LISTENs on; the payload is the request id. */
export const QUOTE_EVENTS_CHANNEL = 'quote_request_events';

/**
 * Records a change for the request's live stream and NOTIFYs every replica, in the caller's transaction (the
 * notification is delivered on commit, with the row). Callers hold the request row locked (FOR UPDATE), so
 * the numbers of one request's events commit in order and a listener reading `seq > last` misses none.
 */
export async function appendStreamEvent<K extends QuoteStreamEventName>(
  manager: EntityManager,
  quoteRequestId: string,
  type: K,
  data: QuoteStreamPayloads[K],
): Promise<number> {
  const rows: { seq: string }[] = await manager.query(
    `INSERT INTO quote_request_events (quote_request_id, type, data) VALUES ($1, $2, $3::jsonb) RETURNING seq`,
    [quoteRequestId, type, JSON.stringify(data)],
  );
  await manager.query(`SELECT pg_notify($1, $2)`, [QUOTE_EVENTS_CHANNEL, quoteRequestId]);
  return Number(rows[0].seq);
}
