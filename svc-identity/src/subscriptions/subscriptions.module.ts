import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ProfileCache } from '../profile/profile-cache';
import { SubscriptionChangedConsumer } from './subscription-changed.consumer';
import { SubscriptionsService } from './subscriptions.service';
import { UserSubscription } from './user-subscription.entity';

/**
 * svc-identity's copy of each user's subscription, kept from `subscription-changed`; the profile reads it (through
 * ProfileCache, provided here because the consumer forgets what it changes).
 */
@Module({
  imports: [TypeOrmModule.forFeature([UserSubscription])],
  providers: [SubscriptionChangedConsumer, SubscriptionsService, ProfileCache],
  exports: [SubscriptionsService, ProfileCache],
})
export class SubscriptionsModule {}
