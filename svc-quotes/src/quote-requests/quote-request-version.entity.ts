import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { AmendedField } from '@rampquote/contracts';

/** One amendment of a request: the fields it changed, before and after, by whom and when. */
@Entity({ name: 'quote_request_versions' })
export class QuoteRequestVersion {
  @PrimaryColumn({ name: 'quote_request_id', type: 'uuid' })
  quoteRequestId: string;

  /** 2 for the first amendment (1 is the request as sent). */
  @PrimaryColumn({ type: 'integer' })
  version: number;

  @Column({ type: 'jsonb' })
  changes: AmendedField[];

  @Column({ name: 'changed_by', type: 'uuid' })
  changedBy: string;

  /** The requester's name as the request recorded it. */
  @Column({ name: 'changed_by_name', type: 'text' })
  changedByName: string;

  @Column({ name: 'changed_at', type: 'timestamptz' })
  changedAt: Date;
}
