import type { InvoiceStatus, PaymentProviderKind, PlanId, SubscriptionStatus } from '@rampquote/contracts';

/** Injection token of the PaymentProvider the configuration chose (Stripe or local). */
export const PAYMENT_PROVIDER = Symbol('rampquote:payment-provider');

/** What a provider tells about a card. */
export interface ProviderCard {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** An invoice as the provider describes it. */
export interface ProviderInvoice {
  id: string;
  customerId: string;
  number: string;
  subscriptionId: string | null;
  planId: PlanId | null;
  amountCents: number;
  status: InvoiceStatus;
  issuedAt: Date;
  paidAt: Date | null;
  periodStart: Date | null;
  periodEnd: Date | null;
  card: Pick<ProviderCard, 'brand' | 'last4'> | null;
  /** The prorated charge of a change of plan within a period (not a period's price). */
  proration?: boolean;
}

/** A subscription as the provider describes it. */
export interface ProviderSubscription {
  id: string;
  customerId: string;
  /** Null when the provider's subscription names no RampQuote plan (then the local plan is kept). */
  planId: PlanId | null;
  status: SubscriptionStatus;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  canceledAt: Date | null;
  /** Set once the subscription is over (canceled, incomplete_expired). */
  endedAt: Date | null;
  /** The first invoice on creation, the proration invoice of an upgrade. */
  latestInvoice: ProviderInvoice | null;
  /** A downgrade waiting for the period end (null: none; undefined: not described, the local copy's is kept). */
  scheduledPlanId?: PlanId | null;
  scheduledChangeAt?: Date | null;
}

/** The local copy of a subscription a provider acts on. */
export interface CurrentSubscription {
  id: string;
  customerId: string;
  userId: string;
  planId: PlanId;
  status: SubscriptionStatus;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  scheduledPlanId: PlanId | null;
  scheduledChangeAt: Date | null;
}

/**
 * The payment provider port (ARCHITECTURE section 2, svc-billing): Stripe when its keys are configured, the local
 * provider otherwise. `requestKey` is the user action's key (the Idempotency-Key header or a fresh one): adapters
 * derive their idempotency keys from it and the business ids, so a retried request or a redelivered event never
 * creates or charges twice.
 */
export interface PaymentProvider {
  readonly kind: PaymentProviderKind;
  /** Stripe's publishable key; null for the local provider. */
  readonly publishableKey: string | null;
  /** No payment is taken: the local provider, or Stripe with test keys. */
  readonly testMode: boolean;

  /** The customer of a user (Stripe: idempotency key `customer:<userId>`). */
  createCustomer(input: { userId: string; email: string }): Promise<string>;
  /** Stripe only: a SetupIntent the page confirms with Stripe Elements. */
  createSetupIntent(input: {
    customerId: string;
    userId: string;
    requestKey: string;
  }): Promise<{ clientSecret: string }>;
  /** Attaches a payment method made by the page (SetupIntent or the local card form). PaymentMethodMissing when it is not the user's. */
  attachPaymentMethod(input: { customerId: string; userId: string; paymentMethodId: string }): Promise<ProviderCard>;
  detachPaymentMethod(input: { customerId: string; paymentMethodId: string }): Promise<void>;
  /** The card invoices are charged to (Stripe: the customer's invoice_settings.default_payment_method). */
  setDefaultPaymentMethod(input: { customerId: string; paymentMethodId: string | null }): Promise<void>;
  /** Starts a subscription charged to the customer's default card; PaymentDeclined when the first payment fails. */
  createSubscription(input: {
    customerId: string;
    userId: string;
    planId: PlanId;
    paymentMethod: ProviderCard & { id: string };
    requestKey: string;
    now: Date;
  }): Promise<ProviderSubscription>;
  /**
   * Switches the plan as Stripe prorates, keeping the period, and turns auto-renew back on. `now` (an upgrade): the
   * new plan applies at once and the prorated difference is invoiced and charged to `paymentMethod` (PaymentDeclined
   * when that fails); `period_end` (a downgrade): the new plan is scheduled for the period end, or with the current
   * plan, a scheduled change is dropped.
   */
  switchSubscription(input: {
    current: CurrentSubscription;
    planId: PlanId;
    when: 'now' | 'period_end';
    paymentMethod: (ProviderCard & { id: string }) | null;
    requestKey: string;
    now: Date;
  }): Promise<ProviderSubscription>;
  /** Cancels at the end of the period (access continues until then); a scheduled change is dropped. */
  cancelSubscriptionAtPeriodEnd(input: {
    current: CurrentSubscription;
    requestKey: string;
    now: Date;
  }): Promise<ProviderSubscription>;
}

/** The provider has no such object, or it belongs to another customer. */
export class PaymentMethodMissing extends Error {
  constructor(readonly paymentMethodId: string) {
    super('payment method not found at the provider');
  }
}

/** The provider refused a payment (card declined, authentication needed). */
export class PaymentDeclined extends Error {}

/** The provider refused the request (not a card, bad parameters). */
export class PaymentRequestRefused extends Error {}

/** The provider could not be reached or failed. */
export class PaymentProviderUnavailable extends Error {}

/** The operation is not available with this provider (SetupIntent with the local provider). */
export class NotWithThisProvider extends Error {}

/** A webhook whose signature does not verify (wrong secret, altered body, too old). */
export class WebhookSignatureInvalid extends Error {}
