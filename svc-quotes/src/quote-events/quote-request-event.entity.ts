import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';
import { bigintNumber } from '../shared/bigint-number';

/** One change a details page hears over the live stream; `seq` is the stream's event id (Last-Event-ID). */
@Entity({ name: 'quote_request_events' })
@Index('quote_request_events_request_seq_idx', ['quoteRequestId', 'seq'])
export class QuoteRequestEvent {
  @PrimaryColumn({ type: 'bigint', generated: 'identity', generatedIdentity: 'ALWAYS', transformer: bigintNumber })
  seq: number;

  @Column({ name: 'quote_request_id', type: 'uuid' })
  quoteRequestId: string;

  @Column({ type: 'text' })
  type: string;

  @Column({ type: 'jsonb' })
  data: unknown;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
