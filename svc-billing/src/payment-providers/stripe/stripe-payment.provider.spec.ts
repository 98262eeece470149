import type Stripe from 'stripe';
import {
  fromStripeInvoice,
  fromStripeSubscription,
  planOfLookupKey,
  priceLookupKey,
  StripePaymentProvider,
} from './stripe-payment.provider';

const subscription = (over: Partial<Stripe.Subscription> = {}) =>
  ({
    id: 'sub_1',
    customer: 'cus_1',
    status: 'active',
    cancel_at_period_end: false,
    canceled_at: null,
    ended_at: null,
    start_date: 1_780_000_000,
    metadata: { planId: 'pro' },
    items: {
      data: [
        {
          id: 'si_1',
          current_period_start: 1_780_000_000,
          current_period_end: 1_782_592_000,
          price: { lookup_key: 'rampquote_enterprise_monthly' },
        },
      ],
    },
    latest_invoice: null,
    ...over,
  }) as unknown as Stripe.Subscription;

describe('Stripe objects in provider terms', () => {
  it('maps a plan to its Price lookup key and back', () => {
    expect(priceLookupKey('entry-level')).toBe('rampquote_entry-level_monthly');
    expect(planOfLookupKey('rampquote_entry-level_monthly')).toBe('entry-level');
    expect(planOfLookupKey('rampquote_gold_monthly')).toBeNull();
    expect(planOfLookupKey(null)).toBeNull();
  });

  it('reads the period from the subscription item and the plan from the metadata, else the price', () => {
    expect(fromStripeSubscription(subscription())).toMatchObject({
      id: 'sub_1',
      customerId: 'cus_1',
      planId: 'pro',
      status: 'active',
      currentPeriodStart: new Date(1_780_000_000_000),
      currentPeriodEnd: new Date(1_782_592_000_000),
      cancelAtPeriodEnd: false,
      endedAt: null,
    });
    expect(fromStripeSubscription(subscription({ metadata: {} })).planId).toBe('enterprise');
  });

  it('marks canceled and incomplete_expired subscriptions as ended', () => {
    expect(fromStripeSubscription(subscription({ status: 'canceled', ended_at: 1_781_000_000 })).endedAt).toEqual(
      new Date(1_781_000_000_000),
    );
    expect(fromStripeSubscription(subscription({ status: 'incomplete_expired' })).endedAt).toBeInstanceOf(Date);
    expect(fromStripeSubscription(subscription({ status: 'past_due' })).endedAt).toBeNull();
  });

  it('reads an invoice: amount paid when paid, due otherwise; plan and subscription from the parent', () => {
    const invoice = {
      id: 'in_1',
      customer: 'cus_1',
      number: 'A-1',
      status: 'open',
      amount_due: 4900,
      amount_paid: 0,
      created: 1_780_000_000,
      period_start: 1_780_000_000,
      period_end: 1_780_000_000,
      status_transitions: { paid_at: null },
      parent: { subscription_details: { subscription: 'sub_1', metadata: { planId: 'pro' } } },
    } as unknown as Stripe.Invoice;
    expect(fromStripeInvoice(invoice)).toMatchObject({
      id: 'in_1',
      number: 'A-1',
      amountCents: 4900,
      status: 'open',
      paidAt: null,
      planId: 'pro',
      subscriptionId: 'sub_1',
    });
    const paid = fromStripeInvoice({
      ...invoice,
      status: 'paid',
      amount_paid: 4500,
      status_transitions: { paid_at: 1_780_000_100 },
    } as unknown as Stripe.Invoice);
    expect(paid).toMatchObject({ amountCents: 4500, status: 'paid', paidAt: new Date(1_780_000_100_000) });
  });
});

describe('Stripe test mode', () => {
  it('is test mode (no payment taken) with test keys, not with live keys', () => {
    const provider = (secretKey: string) =>
      new StripePaymentProvider({ secretKey, publishableKey: 'pk_x', webhookSecret: 'whsec_x', apiUrl: null });
    expect(provider('sk_test_abc').testMode).toBe(true);
    expect(provider('rk_test_abc').testMode).toBe(true);
    expect(provider('sk_live_abc').testMode).toBe(false);
  });
});
