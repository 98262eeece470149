import { Logger } from '@nestjs/common';
import Stripe from 'stripe';
import { isPlanId, PLANS, type InvoiceStatus, type PlanId, type SubscriptionStatus } from '@rampquote/contracts';
import {
  NotWithThisProvider,
  PaymentDeclined,
  PaymentMethodMissing,
  PaymentProviderUnavailable,
  PaymentRequestRefused,
  type CurrentSubscription,
  type PaymentProvider,
  type ProviderCard,
  type ProviderInvoice,
  type ProviderSubscription,
  WebhookSignatureInvalid,
} from '../payment-provider';

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Another API address (stripe-mock, tests); Stripe's own when null. */
  apiUrl: URL | null;
}

/** The Price of a plan is found by this lookup key (created when missing). */
export const priceLookupKey = (planId: PlanId) => `rampquote_${planId}_monthly`;

/** The plan a Stripe Price stands for, from its lookup key. */
export function planOfLookupKey(lookupKey: string | null | undefined): PlanId | null {
  const match = /^rampquote_(.+)_monthly$/.exec(lookupKey ?? '');
  return match && isPlanId(match[1]) ? match[1] : null;
}

const at = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);
const idOf = (value: string | { id: string } | null | undefined) =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/** The StripeClient configuration for the settings (tests point `host`, `port` and `protocol` at a local server). */
export function stripeClient(settings: Pick<StripeSettings, 'secretKey' | 'apiUrl'>): Stripe {
  const url = settings.apiUrl;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'RampQuote svc-billing' },
    ...(url
      ? {
          host: url.hostname,
          port: url.port || (url.protocol === 'https:' ? 443 : 80),
          protocol: url.protocol === 'http:' ? ('http' as const) : ('https' as const),
        }
      : {}),
  });
}

/** A Stripe subscription in provider terms (period from its first item, as the current API version places it). */
export function fromStripeSubscription(sub: Stripe.Subscription): ProviderSubscription {
  const item = sub.items?.data?.[0];
  const planId = isPlanId(sub.metadata?.planId) ? sub.metadata.planId : planOfLookupKey(item?.price?.lookup_key);
  const ended = sub.status === 'canceled' || sub.status === 'incomplete_expired';
  const start = at(item?.current_period_start) ?? at(sub.start_date) ?? new Date();
  const latest =
    typeof sub.latest_invoice === 'object' && sub.latest_invoice !== null
      ? fromStripeInvoice(sub.latest_invoice, planId)
      : null;
  return {
    id: sub.id,
    customerId: idOf(sub.customer)!,
    planId,
    status: sub.status as SubscriptionStatus,
    currentPeriodStart: start,
    currentPeriodEnd: at(item?.current_period_end) ?? at(sub.ended_at) ?? start,
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    canceledAt: at(sub.canceled_at),
    endedAt: ended ? (at(sub.ended_at) ?? new Date()) : null,
    latestInvoice: latest,
  };
}

/** A Stripe invoice in provider terms (plan from the subscription's metadata snapshot, else `fallbackPlan`). */
export function fromStripeInvoice(invoice: Stripe.Invoice, fallbackPlan: PlanId | null = null): ProviderInvoice {
  const details = invoice.parent?.subscription_details ?? null;
  const planId = isPlanId(details?.metadata?.planId) ? details.metadata.planId : fallbackPlan;
  const status = (invoice.status ?? 'draft') as InvoiceStatus;
  const paidAt = at(invoice.status_transitions?.paid_at);
  return {
    id: invoice.id!,
    customerId: idOf(invoice.customer)!,
    number: invoice.number ?? invoice.id!,
    subscriptionId: idOf(details?.subscription),
    planId,
    amountCents: Math.max(0, status === 'paid' ? invoice.amount_paid : invoice.amount_due),
    status,
    issuedAt: at(invoice.created) ?? new Date(),
    paidAt: status === 'paid' ? (paidAt ?? at(invoice.created)) : null,
    periodStart: at(invoice.period_start),
    periodEnd: at(invoice.period_end),
    card: null,
    proration: invoice.billing_reason === 'subscription_update',
  };
}

/**
 * The Stripe adapter: a Customer per user, SetupIntents for Stripe Elements, PaymentMethods attached to the Customer
 * with the default in `invoice_settings.default_payment_method`, a Price per plan (lookup key per plan id, created
 * when missing), Subscriptions created, switched as Stripe prorates (an upgrade now with the difference invoiced at
 * once, a downgrade through a subscription schedule at the period end) and cancelled at period end. Every create carries an
 * idempotency key derived from business ids, so a retried request or a redelivered event never creates twice.
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly kind = 'stripe' as const;
  readonly publishableKey: string;
  readonly testMode: boolean;
  readonly stripe: Stripe;
  private readonly logger = new Logger('StripePaymentProvider');
  private readonly prices = new Map<PlanId, Promise<string>>();

  constructor(readonly settings: StripeSettings) {
    this.publishableKey = settings.publishableKey;
    this.testMode = !settings.secretKey.includes('_live_');
    this.stripe = stripeClient(settings);
  }

  createCustomer(input: { userId: string; email: string }): Promise<string> {
    return this.call('create customer', async () => {
      const customer = await this.stripe.customers.create(
        { email: input.email, metadata: { userId: input.userId } },
        { idempotencyKey: `customer:${input.userId}` },
      );
      return customer.id;
    });
  }

  createSetupIntent(input: {
    customerId: string;
    userId: string;
    requestKey: string;
  }): Promise<{ clientSecret: string }> {
    return this.call('create setup intent', async () => {
      const intent = await this.stripe.setupIntents.create(
        {
          customer: input.customerId,
          usage: 'off_session',
          allowed_payment_method_types: ['card'],
          metadata: { userId: input.userId },
        },
        { idempotencyKey: `setup-intent:${input.userId}:${input.requestKey}` },
      );
      if (!intent.client_secret)
        throw new PaymentProviderUnavailable('Stripe returned a SetupIntent without a client secret');
      return { clientSecret: intent.client_secret };
    });
  }

  attachPaymentMethod(input: { customerId: string; userId: string; paymentMethodId: string }): Promise<ProviderCard> {
    return this.call('attach payment method', async () => {
      let method: Stripe.PaymentMethod;
      try {
        method = await this.stripe.paymentMethods.retrieve(input.paymentMethodId);
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404)
          throw new PaymentMethodMissing(input.paymentMethodId);
        throw err;
      }
      const owner = idOf(method.customer);
      if (owner !== null && owner !== input.customerId) throw new PaymentMethodMissing(input.paymentMethodId);
      if (method.type !== 'card' || !method.card) throw new PaymentRequestRefused('Only cards can be saved');
      if (owner === null) {
        method = await this.stripe.paymentMethods.attach(
          input.paymentMethodId,
          { customer: input.customerId },
          { idempotencyKey: `attach:${input.paymentMethodId}:${input.customerId}` },
        );
      }
      const card = method.card!;
      return { brand: card.brand, last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year };
    });
  }

  detachPaymentMethod(input: { customerId: string; paymentMethodId: string }): Promise<void> {
    return this.call('detach payment method', async () => {
      try {
        await this.stripe.paymentMethods.detach(input.paymentMethodId);
      } catch (err) {
        // Already detached (or removed at Stripe): the local copy goes all the same.
        if (
          err instanceof Stripe.errors.StripeInvalidRequestError &&
          (err.statusCode === 404 || err.code === 'payment_method_unexpected_state')
        )
          return;
        throw err;
      }
    });
  }

  setDefaultPaymentMethod(input: { customerId: string; paymentMethodId: string | null }): Promise<void> {
    return this.call('set default payment method', async () => {
      await this.stripe.customers.update(input.customerId, {
        invoice_settings: { default_payment_method: input.paymentMethodId ?? '' },
      });
    });
  }

  createSubscription(input: {
    customerId: string;
    userId: string;
    planId: PlanId;
    requestKey: string;
  }): Promise<ProviderSubscription> {
    return this.call('create subscription', async () => {
      const price = await this.priceOf(input.planId);
      const sub = await this.stripe.subscriptions.create(
        {
          customer: input.customerId,
          items: [{ price }],
          // Charged to the customer's invoice_settings.default_payment_method; a failed first payment is an error.
          payment_behavior: 'error_if_incomplete',
          metadata: { userId: input.userId, planId: input.planId },
          expand: ['latest_invoice'],
        },
        { idempotencyKey: `subscription:${input.userId}:${input.planId}:${input.requestKey}` },
      );
      return fromStripeSubscription(sub);
    });
  }

  switchSubscription(input: {
    current: CurrentSubscription;
    planId: PlanId;
    when: 'now' | 'period_end';
    requestKey: string;
  }): Promise<ProviderSubscription> {
    const { current, planId, requestKey } = input;
    const key = (what: string) => `subscription-${what}:${current.id}:${planId}:${requestKey}`;
    return this.call('switch subscription', async () => {
      const price = await this.priceOf(planId);
      let sub = await this.stripe.subscriptions.retrieve(current.id);
      const item = sub.items.data[0];
      const scheduleId = idOf(sub.schedule);
      if (input.when === 'now' || planId === current.planId) {
        // A pending downgrade is dropped first (a subscription under a schedule takes no direct plan change).
        if (scheduleId)
          await this.stripe.subscriptionSchedules.release(scheduleId, {}, { idempotencyKey: key('release') });
      }
      if (input.when === 'now') {
        // The new price now; Stripe invoices the prorated difference at once and charges the default card.
        const updated = await this.stripe.subscriptions.update(
          current.id,
          {
            items: item ? [{ id: item.id, price }] : [{ price }],
            proration_behavior: 'always_invoice',
            payment_behavior: 'error_if_incomplete',
            cancel_at_period_end: false,
            metadata: { userId: current.userId, planId },
            expand: ['latest_invoice'],
          },
          { idempotencyKey: key('switch') },
        );
        const described = fromStripeSubscription(updated);
        const invoice = described.latestInvoice;
        return {
          ...described,
          scheduledPlanId: null,
          scheduledChangeAt: null,
          latestInvoice: invoice ? { ...invoice, planId, proration: true } : null,
        };
      }
      if (planId === current.planId) {
        return { ...fromStripeSubscription(sub), latestInvoice: null, scheduledPlanId: null, scheduledChangeAt: null };
      }
      if (sub.cancel_at_period_end) {
        sub = await this.stripe.subscriptions.update(
          current.id,
          { cancel_at_period_end: false },
          { idempotencyKey: key('renew') },
        );
      }
      if (!item) throw new PaymentRequestRefused('The subscription has no plan to change');
      // A downgrade: the current price to the period end, then the new one (the phase's metadata names the plan).
      const schedule = scheduleId
        ? await this.stripe.subscriptionSchedules.retrieve(scheduleId)
        : await this.stripe.subscriptionSchedules.create(
            { from_subscription: current.id },
            { idempotencyKey: key('schedule') },
          );
      await this.stripe.subscriptionSchedules.update(
        schedule.id,
        {
          end_behavior: 'release',
          proration_behavior: 'none',
          phases: [
            {
              items: [{ price: item.price.id, quantity: 1 }],
              start_date: schedule.current_phase?.start_date ?? item.current_period_start,
              end_date: item.current_period_end,
              metadata: { userId: current.userId, planId: current.planId },
            },
            {
              items: [{ price, quantity: 1 }],
              duration: { interval: 'month', interval_count: 1 },
              metadata: { userId: current.userId, planId },
            },
          ],
        },
        { idempotencyKey: key('schedule-update') },
      );
      const described = fromStripeSubscription(sub);
      return {
        ...described,
        latestInvoice: null,
        scheduledPlanId: planId,
        scheduledChangeAt: described.currentPeriodEnd,
      };
    });
  }

  cancelSubscriptionAtPeriodEnd(input: {
    current: CurrentSubscription;
    requestKey: string;
  }): Promise<ProviderSubscription> {
    return this.call('cancel subscription', async () => {
      if (input.current.scheduledPlanId) {
        // Stripe refuses a cancel on a subscription under a schedule: the pending downgrade goes first.
        const sub = await this.stripe.subscriptions.retrieve(input.current.id);
        const scheduleId = idOf(sub.schedule);
        if (scheduleId)
          await this.stripe.subscriptionSchedules.release(
            scheduleId,
            {},
            { idempotencyKey: `subscription-cancel-release:${input.current.id}:${input.requestKey}` },
          );
      }
      const updated = await this.stripe.subscriptions.update(
        input.current.id,
        { cancel_at_period_end: true },
        { idempotencyKey: `subscription-cancel:${input.current.id}:${input.requestKey}` },
      );
      return { ...fromStripeSubscription(updated), scheduledPlanId: null, scheduledChangeAt: null };
    });
  }

  /**
   * Verifies a webhook's signature over the raw body with STRIPE_WEBHOOK_SECRET (tolerance 5 minutes, so an old
   * delivery replayed is refused) and parses the event. WebhookSignatureInvalid otherwise.
   */
  constructWebhookEvent(rawBody: Buffer, signature: string | undefined): Stripe.Event {
    if (!signature) throw new WebhookSignatureInvalid('no Stripe-Signature header');
    try {
      return this.stripe.webhooks.constructEvent(rawBody, signature, this.settings.webhookSecret);
    } catch (err) {
      throw new WebhookSignatureInvalid(err instanceof Error ? err.message : String(err));
    }
  }

  /** The Price of a plan: found by lookup key (active, same amount), created when missing; remembered. */
  priceOf(planId: PlanId): Promise<string> {
    let price = this.prices.get(planId);
    if (!price) {
      price = this.findOrCreatePrice(planId);
      this.prices.set(planId, price);
      price.catch(() => this.prices.delete(planId));
    }
    return price;
  }

  private async findOrCreatePrice(planId: PlanId): Promise<string> {
    const plan = PLANS[planId];
    const lookupKey = priceLookupKey(planId);
    const found = await this.stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
    const current = found.data[0];
    if (
      current &&
      current.unit_amount === plan.priceCents &&
      current.currency === 'usd' &&
      current.recurring?.interval === 'month'
    )
      return current.id;
    const created = await this.stripe.prices.create(
      {
        currency: 'usd',
        unit_amount: plan.priceCents,
        recurring: { interval: 'month' },
        lookup_key: lookupKey,
        // A changed price takes the lookup key over from the old one.
        transfer_lookup_key: current !== undefined,
        product_data: { name: `RampQuote ${plan.name}`, metadata: { planId } },
        metadata: { planId },
      },
      { idempotencyKey: `price:${lookupKey}:${plan.priceCents}` },
    );
    this.logger.log({ msg: 'Stripe price created', planId, price: created.id });
    return created.id;
  }

  /** Runs a Stripe call, turning Stripe's errors into the port's. */
  private async call<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      if (
        err instanceof PaymentMethodMissing ||
        err instanceof PaymentRequestRefused ||
        err instanceof PaymentProviderUnavailable ||
        err instanceof NotWithThisProvider
      ) {
        throw err;
      }
      if (err instanceof Stripe.errors.StripeCardError) throw new PaymentDeclined(err.message);
      if (err instanceof Stripe.errors.StripeInvalidRequestError) {
        this.logger.warn({
          msg: `Stripe refused to ${what}`,
          code: err.code,
          param: err.param,
          requestId: err.requestId,
        });
        throw new PaymentRequestRefused(err.message);
      }
      const message = err instanceof Error ? err.message : String(err);
      this.logger.error({ msg: `Stripe failed to ${what}`, err: message });
      throw new PaymentProviderUnavailable(`Stripe could not ${what}`);
    }
  }
}
