import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager, EntitySubscriberInterface, TransactionCommitEvent, TransactionRollbackEvent } from 'typeorm';
import type { EventEnvelope } from '@rampquote/contracts';

const PENDING = 'rampquoteOutboxPending';

/**
 * Writes events into outbox_events (see OutboxEvent) in the caller's transaction; the relay publishes them once the
 * transaction commits (it is nudged right after the commit and also polls).
 */
export class Outbox {
  constructor(
    /** The envelope's `source`, e.g. `svc-identity`. */
    private readonly source: string,
    private readonly afterCommit: () => void = () => undefined,
  ) {}

  /** Records `type` with `data`; pass the EntityManager of the transaction that makes the change. */
  async add<T>(manager: EntityManager, type: string, data: T): Promise<EventEnvelope<T>> {
    const occurredAt = new Date();
    const envelope: EventEnvelope<T> = {
      id: randomUUID(),
      type,
      occurredAt: occurredAt.toISOString(),
      source: this.source,
      data,
    };
    await manager.query(`INSERT INTO outbox_events (id, type, payload, occurred_at) VALUES ($1, $2, $3::jsonb, $4)`, [
      envelope.id,
      type,
      JSON.stringify(envelope),
      occurredAt,
    ]);
    const queryRunner = manager.queryRunner;
    if (queryRunner?.isTransactionActive) queryRunner.data = { ...queryRunner.data, [PENDING]: true };
    else this.afterCommit();
    return envelope;
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
