import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * The local payment provider's side of a card (what Stripe keeps for a PaymentMethod): made from the card form by
 * `POST /api/billing/local/card-token`, attached to a local customer when the user adds it. Brand, last 4 and
 * expiry only.
 */
@Entity({ name: 'local_card_tokens' })
@Index('local_card_tokens_user_idx', ['userId', 'createdAt'])
export class LocalCardToken {
  /** `pm_local_…`. */
  @PrimaryColumn({ type: 'text' })
  id: string;

  /** Who entered the card: only they may add it. */
  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ type: 'text' })
  brand: string;

  @Column({ type: 'text' })
  last4: string;

  @Column({ name: 'exp_month', type: 'smallint' })
  expMonth: number;

  @Column({ name: 'exp_year', type: 'smallint' })
  expYear: number;

  /** The local customer it is attached to. */
  @Column({ name: 'customer_id', type: 'text', nullable: true })
  customerId: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'detached_at', type: 'timestamptz', nullable: true })
  detachedAt: Date | null;
}
