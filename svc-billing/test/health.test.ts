import { describeServiceSkeleton } from '@rampquote/service-kit/testing';
import { service } from '../src/service';

describeServiceSkeleton(service, {
  tables: [
    'billing_customers',
    'payment_methods',
    'local_card_tokens',
    'subscriptions',
    'invoices',
    'stripe_webhook_events',
  ],
});
