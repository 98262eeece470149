import { Module } from '@nestjs/common';
import { BillingCustomersModule } from '../billing-customers/billing-customers.module';
import { InvoicesModule } from '../invoices/invoices.module';
import { PaymentMethodsModule } from '../payment-methods/payment-methods.module';
import { PaymentProvidersModule } from '../payment-providers/payment-providers.module';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { StripeWebhooksController } from './stripe-webhooks.controller';
import { StripeWebhooksService } from './stripe-webhooks.service';
import { WebhookRawBody } from './webhook-raw-body';

/** `POST /api/billing/webhook`: Stripe's signed events (raw body) bringing local state in line. */
@Module({
  imports: [PaymentProvidersModule, BillingCustomersModule, PaymentMethodsModule, InvoicesModule, SubscriptionsModule],
  controllers: [StripeWebhooksController],
  providers: [StripeWebhooksService, WebhookRawBody],
})
export class StripeWebhooksModule {}
