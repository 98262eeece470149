import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import type { ProfileDto } from '@rampquote/contracts';
import { UserSubscription } from './user-subscription.entity';

/** The profile's subscription fields. */
export type ProfileSubscriptionFields = Pick<ProfileDto, 'hasActiveSubscription' | 'subscriptionPlanName' | 'subscriptionCurrentPeriodEnd'>;

const NO_SUBSCRIPTION: ProfileSubscriptionFields = { hasActiveSubscription: false, subscriptionPlanName: null, subscriptionCurrentPeriodEnd: null };

/** Reads svc-identity's copy of the users' subscriptions (kept by SubscriptionChangedConsumer). */
@Injectable()
export class SubscriptionsService {
  constructor(@InjectRepository(UserSubscription) private readonly subscriptions: Repository<UserSubscription>) {}

  /**
   * The profile's subscription fields for a user: the plan's name and the current period's end while the plan
   * applies (a subscription cancelled at period end still applies until then); nothing once it has ended, or when
   * the user never subscribed.
   */
  async profileFields(userId: string, manager?: EntityManager): Promise<ProfileSubscriptionFields> {
    const repo = manager ? manager.getRepository(UserSubscription) : this.subscriptions;
    const subscription = await repo.findOne({ where: { userId } });
    if (!subscription?.active) return NO_SUBSCRIPTION;
    return {
      hasActiveSubscription: true,
      subscriptionPlanName: subscription.planName,
      subscriptionCurrentPeriodEnd: new Date(subscription.currentPeriodEnd).toISOString(),
    };
  }
}
