import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { InvoiceStatus, PaymentProviderKind, PlanId } from '@rampquote/contracts';

/** One entry of a user's billing history (amounts in US cents). */
@Entity({ name: 'invoices' })
@Index('invoices_user_idx', ['userId', 'issuedAt'])
export class Invoice {
  /** The provider's id (`in_…`, `in_local_…`). */
  @PrimaryColumn({ type: 'text' })
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ type: 'text' })
  provider: PaymentProviderKind;

  @Column({ type: 'text' })
  number: string;

  @Column({ name: 'subscription_id', type: 'text', nullable: true })
  subscriptionId: string | null;

  @Column({ name: 'plan_id', type: 'text', nullable: true })
  planId: PlanId | null;

  @Column({ name: 'amount_cents', type: 'integer' })
  amountCents: number;

  @Column({ type: 'text', default: 'usd' })
  currency: 'usd';

  @Column({ type: 'text' })
  status: InvoiceStatus;

  @Column({ name: 'issued_at', type: 'timestamptz' })
  issuedAt: Date;

  @Column({ name: 'paid_at', type: 'timestamptz', nullable: true })
  paidAt: Date | null;

  @Column({ name: 'period_start', type: 'timestamptz', nullable: true })
  periodStart: Date | null;

  @Column({ name: 'period_end', type: 'timestamptz', nullable: true })
  periodEnd: Date | null;

  /** The prorated charge of an upgrade within a period (not a period's price). */
  @Column({ type: 'boolean', default: false })
  proration: boolean;

  @Column({ name: 'card_brand', type: 'text', nullable: true })
  cardBrand: string | null;

  @Column({ name: 'card_last4', type: 'text', nullable: true })
  cardLast4: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
