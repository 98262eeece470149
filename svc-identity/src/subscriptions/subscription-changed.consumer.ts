import { Injectable, type OnModuleInit } from '@nestjs/common';
import { EventConsumer, keepSubscriptionCopies } from '@rampquote/service-kit';
import { ProfileCache } from '../profile/profile-cache';

/**
 * `subscription-changed` (svc-billing): svc-identity's copy of the user's subscription (table user_subscriptions),
 * which the profile's hasActiveSubscription, subscriptionPlanName and subscriptionCurrentPeriodEnd come from.
 */
@Injectable()
export class SubscriptionChangedConsumer implements OnModuleInit {
  constructor(
    private readonly events: EventConsumer,
    private readonly profiles: ProfileCache,
  ) {}

  onModuleInit(): void {
    keepSubscriptionCopies(this.events, {
      table: 'user_subscriptions',
      // This replica reads the profile again from now on (a read before the commit is forgotten again when the
      // database announces the change).
      beforeWrite: (copy) => this.profiles.forget(copy.userId),
    });
  }
}
