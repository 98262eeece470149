import { Column, Entity, PrimaryColumn, UpdateDateColumn, type ValueTransformer } from 'typeorm';

/** bigint read back as a number (the event's revision), not as the pg driver's string. */
const bigintNumber: ValueTransformer = {
  to: (value: number | undefined) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};

/**
 * svc-identity's copy of a user's subscription (one row per user), kept from `subscription-changed`: the event with
 * the highest revision wins. svc-billing owns the subscription; this copy only feeds the profile.
 */
@Entity({ name: 'user_subscriptions' })
export class UserSubscription {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ name: 'subscription_id', type: 'text' })
  subscriptionId: string;

  @Column({ name: 'plan_id', type: 'text' })
  planId: string;

  @Column({ name: 'plan_name', type: 'text' })
  planName: string;

  @Column({ type: 'text' })
  status: string;

  /** Whether the plan applies now (the event's `active`). */
  @Column({ type: 'boolean' })
  active: boolean;

  @Column({ name: 'current_period_end', type: 'timestamptz' })
  currentPeriodEnd: Date;

  @Column({ name: 'cancel_at_period_end', type: 'boolean' })
  cancelAtPeriodEnd: boolean;

  @Column({ type: 'bigint', transformer: bigintNumber })
  revision: number;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
