import { EventTypes, SERVICE_PORTS } from '@rampquote/contracts';
import { defineService } from '@rampquote/service-kit';
import { BillingCustomer } from './billing-customers/billing-customer.entity';
import { BillingCustomersModule } from './billing-customers/billing-customers.module';
import { billingEnv, withStripeKeyCheck } from './config';
import { Invoice } from './invoices/invoice.entity';
import { InvoicesModule } from './invoices/invoices.module';
import { CreateBillingCustomers1767225700000 } from './migrations/1767225700000-create-billing-customers';
import { CreateCardsSubscriptionsInvoices1767400000000 } from './migrations/1767400000000-create-cards-subscriptions-invoices';
import { ScheduledPlanAndProrationInvoices1767500000000 } from './migrations/1767500000000-scheduled-plan-and-proration-invoices';
import { PaymentMethod } from './payment-methods/payment-method.entity';
import { PaymentMethodsModule } from './payment-methods/payment-methods.module';
import { LocalCardToken } from './payment-providers/local/local-card-token.entity';
import { PaymentProvidersModule } from './payment-providers/payment-providers.module';
import { PlansModule } from './plans/plans.module';
import { StripeWebhookEvent } from './stripe-webhooks/stripe-webhook-event.entity';
import { StripeWebhooksModule } from './stripe-webhooks/stripe-webhooks.module';
import { Subscription } from './subscriptions/subscription.entity';
import { SubscriptionsModule } from './subscriptions/subscriptions.module';

/**
 * svc-billing: payment methods, plans, subscriptions and invoices through a payment provider port — Stripe when
 * STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET are set, the local provider when none is in
 * development or when BILLING_PROVIDER=local (a partial set, or no keys in production without BILLING_PROVIDER=local,
 * stops the service naming what is missing). Database rampquote_billing; publishes
 * `subscription-changed`, consumes `user-registered` (the user's provider customer).
 */
export const service = withStripeKeyCheck(
  defineService({
    name: 'billing',
    port: SERVICE_PORTS.billing,
    config: billingEnv,
    entities: [BillingCustomer, PaymentMethod, LocalCardToken, Subscription, Invoice, StripeWebhookEvent],
    migrations: [
      CreateBillingCustomers1767225700000,
      CreateCardsSubscriptionsInvoices1767400000000,
      ScheduledPlanAndProrationInvoices1767500000000,
    ],
    eventBindings: [EventTypes.userRegistered],
    // StripeWebhooksModule first: its raw-body reader must be in place before the JSON parser.
    modules: [
      StripeWebhooksModule,
      PaymentProvidersModule,
      BillingCustomersModule,
      PlansModule,
      PaymentMethodsModule,
      SubscriptionsModule,
      InvoicesModule,
    ],
  }),
);
