import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import type { ProfileDto } from '@rampquote/contracts';
import { UserSubscription } from './user-subscription.entity';

/** The profile's subscription fields. */
export type ProfileSubscriptionFields = Pick<
  ProfileDto,
  'hasActiveSubscription' | 'subscriptionPlanName' | 'subscriptionCurrentPeriodEnd'
>;

const NO_SUBSCRIPTION: ProfileSubscriptionFields = {
  hasActiveSubscription: false,
  subscriptionPlanName: null,
  subscriptionCurrentPeriodEnd: null,
};

/**
 * The profile's subscription fields from a user's subscription copy (or none): the plan's name and the current
 * period's end while the plan applies (a subscription cancelled at period end still applies until then); nothing
 * once it has ended, or when the user never subscribed.
 */
export function subscriptionProfileFields(
  copy: Pick<UserSubscription, 'active' | 'planName' | 'currentPeriodEnd'> | null | undefined,
): ProfileSubscriptionFields {
  if (!copy?.active) return NO_SUBSCRIPTION;
  return {
    hasActiveSubscription: true,
    subscriptionPlanName: copy.planName,
    subscriptionCurrentPeriodEnd: new Date(copy.currentPeriodEnd).toISOString(),
  };
}

/** Reads svc-identity's copy of the users' subscriptions (kept by SubscriptionChangedConsumer). */
@Injectable()
export class SubscriptionsService {
  constructor(@InjectRepository(UserSubscription) private readonly subscriptions: Repository<UserSubscription>) {}

  /** The profile's subscription fields for a user (subscriptionProfileFields of their copy). */
  async profileFields(userId: string, manager?: EntityManager): Promise<ProfileSubscriptionFields> {
    const repo = manager ? manager.getRepository(UserSubscription) : this.subscriptions;
    return subscriptionProfileFields(await repo.findOne({ where: { userId } }));
  }
}
