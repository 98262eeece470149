import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SubscriptionChangedConsumer } from './subscription-changed.consumer';
import { SubscriptionsService } from './subscriptions.service';
import { UserSubscription } from './user-subscription.entity';

/** svc-identity's copy of each user's subscription, kept from `subscription-changed`; the profile reads it. */
@Module({
  imports: [TypeOrmModule.forFeature([UserSubscription])],
  providers: [SubscriptionChangedConsumer, SubscriptionsService],
  exports: [SubscriptionsService],
})
export class SubscriptionsModule {}
