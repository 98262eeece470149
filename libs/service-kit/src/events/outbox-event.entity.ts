import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { EventEnvelope } from '@rampquote/contracts';

/** An event written in the same transaction as the change it describes; the relay publishes it. */
@Entity({ name: 'outbox_events' })
@Index('outbox_events_unsent_idx', ['seq'], { where: 'sent_at IS NULL' })
export class OutboxEvent {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  /** Insertion order; the relay publishes in this order. */
  @Column({ type: 'bigint', insert: false, update: false, select: true })
  seq: string;

  @Column({ type: 'text' })
  type: string;

  /** The whole envelope {id, type, occurredAt, source, data}. */
  @Column({ type: 'jsonb' })
  payload: EventEnvelope;

  @Column({ name: 'occurred_at', type: 'timestamptz' })
  occurredAt: Date;

  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true })
  sentAt: Date | null;

  /** Failed publish attempts so far. */
  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError: string | null;
}
