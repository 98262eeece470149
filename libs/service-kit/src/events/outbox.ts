import { randomUUID } from 'node:crypto';
import type {
  DataSource,
  EntityManager,
  EntitySubscriberInterface,
  TransactionCommitEvent,
  TransactionRollbackEvent,
} from 'typeorm';
import { Logger } from '@nestjs/common';
import type { EventEnvelope } from '@rampquote/contracts';
import { currentRequestId } from '../request-context/request-context';

const PENDING = 'rampquoteOutboxPending';

/**
 * The ids an event is about (`quoteRequestId`, `userId`, ...): its data's top-level string fields named `…Id`, for log
 * lines, so one grep for a quote request's id finds every event about it. Secrets never end in `Id`.
 */
export function subjectIds(data: unknown): Record<string, string> {
  const ids: Record<string, string> = {};
  if (typeof data !== 'object' || data === null) return ids;
  for (const [key, value] of Object.entries(data)) {
    if (key.endsWith('Id') && typeof value === 'string' && value.length <= 64 && !/token|nonce|secret/i.test(key))
      ids[key] = value;
  }
  return ids;
}

/**
 * The INSERT of one outbox row whose values (Outbox.envelope's `values`) are the parameters `$first` to `$first + 3`:
 * a part of the caller's own statement (a CTE).
 */
export const outboxInsert = (first: number): string =>
  `INSERT INTO outbox_events (id, type, payload, occurred_at) VALUES ($${first}, $${first + 1}, $${first + 2}::jsonb, $${first + 3})`;

/**
 * Writes events into outbox_events (see OutboxEvent) in the caller's transaction; the relay publishes them once the
 * transaction commits (it is nudged right after the commit and also polls).
 */
export class Outbox {
  private readonly logger = new Logger('Outbox');

  constructor(
    /** The envelope's `source`, e.g. `svc-identity`. */
    private readonly source: string,
    private readonly afterCommit: () => void = () => undefined,
  ) {}

  /**
   * Records `type` with `data`; pass the EntityManager of the transaction that makes the change. The envelope carries
   * the id of the request (or event) being handled, so the consumers' logs name it too.
   */
  async add<T>(manager: EntityManager, type: string, data: T): Promise<EventEnvelope<T>> {
    const event = this.envelope(type, data);
    await manager.query(outboxInsert(1), event.values);
    this.recorded(manager, event.envelope);
    return event.envelope;
  }

  /**
   * The envelope `add` records and the values of its outbox row, for a caller that inserts the row in a statement of
   * its own (`outboxInsert`, one round trip for its change and its event); it then calls `recorded`.
   */
  envelope<T>(
    type: string,
    data: T,
  ): { envelope: EventEnvelope<T>; values: [id: string, type: string, payload: string, occurredAt: Date] } {
    const occurredAt = new Date();
    const requestId = currentRequestId();
    const envelope: EventEnvelope<T> = {
      id: randomUUID(),
      type,
      occurredAt: occurredAt.toISOString(),
      source: this.source,
      ...(requestId ? { requestId } : {}),
      data,
    };
    return { envelope, values: [envelope.id, type, JSON.stringify(envelope), occurredAt] };
  }

  /** The caller's statement inserted `envelope` with `manager`: logged, and the relay nudged once its transaction commits. */
  recorded(manager: EntityManager, envelope: EventEnvelope): void {
    this.logger.log({
      msg: `event ${envelope.type} recorded`,
      eventId: envelope.id,
      eventType: envelope.type,
      ...subjectIds(envelope.data),
    });
    const queryRunner = manager.queryRunner;
    if (queryRunner?.isTransactionActive) queryRunner.data = { ...queryRunner.data, [PENDING]: true };
    else this.afterCommit();
  }

  /** Makes `dataSource` call afterCommit when a transaction that added events commits. */
  watchCommits(dataSource: DataSource): void {
    const subscriber: EntitySubscriberInterface = {
      afterTransactionCommit: (event: TransactionCommitEvent) => {
        // Savepoint releases broadcast this too; wait for the outermost COMMIT.
        if (event.queryRunner.data?.[PENDING] && !event.queryRunner.isTransactionActive) {
          delete event.queryRunner.data[PENDING];
          this.afterCommit();
        }
      },
      afterTransactionRollback: (event: TransactionRollbackEvent) => {
        if (event.queryRunner.data && !event.queryRunner.isTransactionActive) delete event.queryRunner.data[PENDING];
      },
    };
    dataSource.subscribers.push(subscriber);
  }
}
