import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { PaymentProviderKind, PlanId, SubscriptionStatus } from '@rampquote/contracts';

/**
 * A user's subscription as the payment provider last described it (spec section 3). At most one per user is
 * current (not ended); ended ones stay for the history.
 */
@Entity({ name: 'subscriptions' })
@Index('subscriptions_user_idx', ['userId', 'createdAt'])
export class Subscription {
  /** The provider's id (`sub_…`, `sub_local_…`). */
  @PrimaryColumn({ type: 'text' })
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ type: 'text' })
  provider: PaymentProviderKind;

  @Column({ name: 'plan_id', type: 'text' })
  planId: PlanId;

  @Column({ type: 'text' })
  status: SubscriptionStatus;

  @Column({ name: 'current_period_start', type: 'timestamptz' })
  currentPeriodStart: Date;

  @Column({ name: 'current_period_end', type: 'timestamptz' })
  currentPeriodEnd: Date;

  @Column({ name: 'cancel_at_period_end', type: 'boolean', default: false })
  cancelAtPeriodEnd: boolean;

  @Column({ name: 'canceled_at', type: 'timestamptz', nullable: true })
  canceledAt: Date | null;

  /** A downgrade waiting for the period end: the plan from then on. */
  @Column({ name: 'scheduled_plan_id', type: 'text', nullable: true })
  scheduledPlanId: PlanId | null;

  /** When the scheduled plan applies (the period end it was scheduled for). */
  @Column({ name: 'scheduled_change_at', type: 'timestamptz', nullable: true })
  scheduledChangeAt: Date | null;

  /** Set when the subscription ended (period over after a cancel, or ended by the provider). */
  @Column({ name: 'ended_at', type: 'timestamptz', nullable: true })
  endedAt: Date | null;

  /** The Idempotency-Key of the request that created it (a retry answers this subscription again). */
  @Column({ name: 'creation_key', type: 'text', nullable: true })
  creationKey: string | null;

  /** Time of the newest provider event applied (older webhook events are ignored). */
  @Column({ name: 'provider_updated_at', type: 'timestamptz', nullable: true })
  providerUpdatedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
