import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { bigintNumber } from '../shared/bigint-number';

/**
 * svc-quotes's copy of a user's subscription, from `subscription-changed` (svc-billing): the event with the highest
 * revision per user wins, whatever order the events arrive in. No row: the user never had a subscription.
 */
@Entity({ name: 'user_plans' })
export class UserPlan {
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

  /** Whether the plan applies (status active, trialing or past_due, not ended). */
  @Column({ type: 'boolean' })
  active: boolean;

  @Column({ name: 'current_period_end', type: 'timestamptz' })
  currentPeriodEnd: Date;

  /** Cancelled: the plan applies until currentPeriodEnd. */
  @Column({ name: 'cancel_at_period_end', type: 'boolean' })
  cancelAtPeriodEnd: boolean;

  /** Quote requests per calendar month (UTC); null: no limit. */
  @Column({ name: 'monthly_quote_requests', type: 'integer', nullable: true })
  monthlyQuoteRequests: number | null;

  @Column({ type: 'bigint', transformer: bigintNumber })
  revision: number;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
