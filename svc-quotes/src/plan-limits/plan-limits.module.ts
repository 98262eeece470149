import { Module } from '@nestjs/common';
import { SubscriptionChangedConsumer } from './subscription-changed.consumer';

/** svc-quotes's copy of each user's plan, kept from `subscription-changed`; quote-requests' QuoteLimits reads it. */
@Module({ providers: [SubscriptionChangedConsumer] })
export class PlanLimitsModule {}
