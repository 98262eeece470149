import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * How many quote requests a user created in a calendar month (UTC): counted in the transaction that stores each
 * request, and never lowered (a cancelled or deleted request still used one of the month's requests).
 */
@Entity({ name: 'quote_request_usage' })
export class QuoteRequestUsage {
  @PrimaryColumn({ name: 'requester_id', type: 'uuid' })
  requesterId: string;

  /** The first day of the month, `YYYY-MM-01`. */
  @PrimaryColumn({ type: 'date' })
  month: string;

  @Column({ name: 'request_count', type: 'integer' })
  requestCount: number;
}
