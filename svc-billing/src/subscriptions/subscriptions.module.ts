import { Module } from '@nestjs/common';
import { BillingCustomersModule } from '../billing-customers/billing-customers.module';
import { InvoicesModule } from '../invoices/invoices.module';
import { PaymentMethodsModule } from '../payment-methods/payment-methods.module';
import { PaymentProvidersModule } from '../payment-providers/payment-providers.module';
import { LocalPeriodSweeper } from './local-period.sweeper';
import { SubscriptionEvents } from './subscription-events';
import { SubscriptionsController } from './subscriptions.controller';
import { SubscriptionsService } from './subscriptions.service';

/** Subscriptions, their `subscription-changed` events, and the local provider's period sweep. */
@Module({
  imports: [PaymentProvidersModule, BillingCustomersModule, PaymentMethodsModule, InvoicesModule],
  controllers: [SubscriptionsController],
  providers: [SubscriptionsService, SubscriptionEvents, LocalPeriodSweeper],
  exports: [SubscriptionsService],
})
export class SubscriptionsModule {}
