import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  ACTIVE_SUBSCRIPTION_STATUSES,
  EventTypes,
  PLANS,
  type SubscriptionChange,
  type SubscriptionChangedData,
} from '@rampquote/contracts';
import { Outbox } from '@rampquote/service-kit';
import { BillingCustomersService } from '../billing-customers/billing-customers.service';
import type { Subscription } from './subscription.entity';

/** The `subscription-changed` payload of a subscription row. */
export function subscriptionChangedData(
  sub: Subscription,
  change: SubscriptionChange,
  revision: number,
): SubscriptionChangedData {
  const plan = PLANS[sub.planId];
  return {
    userId: sub.userId,
    subscriptionId: sub.id,
    change,
    planId: sub.planId,
    planName: plan.name,
    status: sub.status,
    active: sub.endedAt === null && ACTIVE_SUBSCRIPTION_STATUSES.includes(sub.status),
    currentPeriodEnd: sub.currentPeriodEnd.toISOString(),
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    limits: { ...plan.limits },
    revision,
  };
}

/** Writes `subscription-changed` through the outbox, in the transaction of the change (with the user's next revision). */
@Injectable()
export class SubscriptionEvents {
  constructor(
    private readonly outbox: Outbox,
    private readonly customers: BillingCustomersService,
  ) {}

  async changed(manager: EntityManager, sub: Subscription, change: SubscriptionChange): Promise<void> {
    const revision = await this.customers.nextRevision(manager, sub.userId);
    await this.outbox.add(manager, EventTypes.subscriptionChanged, subscriptionChangedData(sub, change, revision));
  }
}
