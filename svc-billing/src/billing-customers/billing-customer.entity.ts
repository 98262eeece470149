import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

export type PaymentProvider = 'local' | 'stripe';

/** A user's billing record: the payment provider's customer id and the default payment method. */
@Entity({ name: 'billing_customers' })
export class BillingCustomer {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ name: 'user_id', type: 'uuid', unique: true })
  userId: string;

  @Column({ type: 'text' })
  email: string;

  /** `local` when no Stripe keys are configured. */
  @Column({ type: 'text', default: 'local' })
  provider: PaymentProvider;

  /** The spec's customerId. */
  @Column({ name: 'provider_customer_id', type: 'text', nullable: true })
  providerCustomerId: string | null;

  @Column({ name: 'default_payment_method_id', type: 'text', nullable: true })
  defaultPaymentMethodId: string | null;

  /** Increases with every subscription change of the user (the `revision` of subscription-changed). */
  @Column({ name: 'subscription_revision', type: 'integer', default: 0 })
  subscriptionRevision: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
