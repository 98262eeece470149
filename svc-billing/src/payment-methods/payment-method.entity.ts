import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';
import type { PaymentProviderKind } from '@rampquote/contracts';

/** A card saved by a user: the provider's payment method id and what is shown (never the number or the CVC). */
@Entity({ name: 'payment_methods' })
@Index('payment_methods_user_idx', ['userId', 'provider', 'createdAt'])
export class PaymentMethod {
  /** The provider's id (`pm_…`, `pm_local_…`). */
  @PrimaryColumn({ type: 'text' })
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ type: 'text' })
  provider: PaymentProviderKind;

  @Column({ type: 'text' })
  brand: string;

  @Column({ type: 'text' })
  last4: string;

  @Column({ name: 'exp_month', type: 'smallint' })
  expMonth: number;

  @Column({ name: 'exp_year', type: 'smallint' })
  expYear: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
