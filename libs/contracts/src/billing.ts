/**
 * Billing: payment cards, plans, subscriptions and invoices (spec accounts-aircraft-billing sections 2, 3, 4, 5, 7,
 * 8 and 9; ARCHITECTURE section 8: the billing page sends the card the user entered). svc-billing answers every
 * call under `/api/billing`; mf-account's billing and subscription pages use these types, schemas and texts.
 *
 * Calls (all JSON; errors are `{ error, details? }`):
 * - `GET /api/billing` → BillingRecordDto.
 * - `GET /api/billing/payment-method` → PaymentMethodDto[] (oldest first).
 * - `POST /api/billing/setup-intent` → 201 SetupIntentResponse (Stripe only; 409 with the local provider).
 * - `POST /api/billing/local/card-token` LocalCardInput → 201 LocalCardTokenResponse (local provider only; 409 with
 *   Stripe). Keeps brand, last 4 and expiry; the number and CVC are never stored or logged.
 * - `POST /api/billing/payment-method` AddPaymentMethodInput → 201 PaymentMethodDto (the first card becomes default).
 * - `DELETE /api/billing/payment-method/:id` → BillingRecordDto (removing the default promotes the newest other card).
 * - `POST /api/billing/default-payment-method` DefaultPaymentMethodInput → BillingRecordDto.
 * - `GET /api/billing/plans` → PlansResponse (map keyed by plan id; no session needed).
 * - `GET /api/billing/subscription` → CurrentSubscriptionResponse: `{ subscription: SubscriptionDto | null }`, null
 *   when the user has no subscription (never had one, or the last one ended).
 * - `POST /api/billing/subscription` SubscriptionPlanInput → 201 SubscriptionDto (409 without a card or when one
 *   exists). Send an `Idempotency-Key` header (one per user action): a retry with the same key answers the same
 *   subscription instead of creating another.
 * - `PUT /api/billing/subscription/:subscriptionId` SubscriptionPlanInput → SubscriptionDto (switch, as Stripe prorates:
 *   an upgrade applies now and charges the prorated difference at once, a downgrade is scheduled for the period end;
 *   `planChanges` of the GET says which, and the amount; a switch also turns auto-renew back on).
 * - `DELETE /api/billing/subscription/:subscriptionId` → SubscriptionDto with `cancelAtPeriodEnd: true` (access
 *   continues to `currentPeriodEnd`).
 * - `GET /api/billing/invoices` → InvoiceDto[] (newest first); `GET /api/billing/invoices/:id/receipt` → a PDF.
 * - `POST /api/billing/webhook` (Stripe only): the raw body signed in `Stripe-Signature`.
 * Another user's card, subscription or invoice id is a 404 and changes nothing.
 */
import { z } from 'zod';

// ---------------------------------------------------------------------------------------------------------------
// Plans

export const PLAN_IDS = ['entry-level', 'pro', 'enterprise'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** What a plan allows; `null` means no limit. */
export const planLimitsSchema = z.object({
  /** Quote requests a user may submit per calendar month (UTC). */
  monthlyQuoteRequests: z.number().nullable(),
});
export type PlanLimits = z.output<typeof planLimitsSchema>;

/** A plan (spec section 3: id, name, monthly price, features). */
export const planDtoSchema = z.object({
  id: z.enum(PLAN_IDS),
  name: z.string(),
  /** Monthly price in US cents (integer; what is charged). */
  priceCents: z.number(),
  /** Monthly price in US dollars (priceCents / 100): the spec's `price`, shown with 2 decimals. */
  price: z.number(),
  /** The price as shown: `$49.00` (2 decimals, spec section 9). */
  displayPrice: z.string(),
  currency: z.literal('usd'),
  interval: z.literal('month'),
  features: z.array(z.string()),
  limits: planLimitsSchema,
});
export type PlanDto = z.output<typeof planDtoSchema>;

/** `GET /api/billing/plans`: the plans keyed by plan id. */
export const plansResponseSchema = z.object(
  Object.fromEntries(PLAN_IDS.map((id) => [id, planDtoSchema])) as Record<PlanId, typeof planDtoSchema>,
);
export type PlansResponse = z.output<typeof plansResponseSchema>;

/** US cents as shown: 4900 → `$49.00`, 123456 → `$1,234.56`. */
export function formatUsd(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  const dollars = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

const plan = (
  id: PlanId,
  name: string,
  priceCents: number,
  monthlyQuoteRequests: number | null,
  features: string[],
): PlanDto => ({
  id,
  name,
  priceCents,
  price: priceCents / 100,
  displayPrice: formatUsd(priceCents),
  currency: 'usd',
  interval: 'month',
  features,
  limits: { monthlyQuoteRequests },
});

/** The membership tiers (spec section 1: entry-level, Pro, Enterprise), in display order. */
export const PLANS: PlansResponse = {
  'entry-level': plan('entry-level', 'Entry Level', 1900, 5, [
    'Up to 5 quote requests per month',
    'Quotes from every FBO at the airport',
    'Price comparison of the answers',
    'Saved aircraft profiles',
  ]),
  pro: plan('pro', 'Pro', 4900, 50, [
    'Up to 50 quote requests per month',
    'Everything in Entry Level',
    'PDF price comparisons',
    'Priority support',
  ]),
  enterprise: plan('enterprise', 'Enterprise', 19900, null, [
    'Unlimited quote requests',
    'Everything in Pro',
    'Billing history and receipts for your accounting',
    'Dedicated account manager',
  ]),
};

export const isPlanId = (value: unknown): value is PlanId =>
  typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value);

// ---------------------------------------------------------------------------------------------------------------
// Cards, billing record

/** Card networks as Stripe names them (`unknown` when the prefix says nothing). */
export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'diners' | 'jcb' | 'unionpay' | 'unknown';

/** What is kept of a card (spec section 3: brand, last4, exp_month, exp_year). */
export const cardDtoSchema = z.object({
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number(),
  exp_year: z.number(),
});
export type CardDto = z.output<typeof cardDtoSchema>;

/** A saved card (spec section 3: id, isDefault, card). */
export const paymentMethodDtoSchema = z.object({ id: z.string(), isDefault: z.boolean(), card: cardDtoSchema });
export type PaymentMethodDto = z.output<typeof paymentMethodDtoSchema>;
export const paymentMethodListSchema = z.array(paymentMethodDtoSchema);

/** The payment provider in use: Stripe when its keys are configured, the local provider otherwise. */
export const PAYMENT_PROVIDERS = ['stripe', 'local'] as const;
export type PaymentProviderKind = (typeof PAYMENT_PROVIDERS)[number];

/** `GET /api/billing` (spec section 3 "Billing record", plus which card form the page shows). */
export const billingRecordDtoSchema = z.object({
  /** The provider's customer id; null until the user's customer exists (created at registration or on first use). */
  customerId: z.string().nullable(),
  paymentMethods: z.array(paymentMethodDtoSchema),
  defaultPaymentMethodId: z.string().nullable(),
  /** `stripe`: Stripe Elements with a SetupIntent; `local`: the card form and `POST /api/billing/local/card-token`. */
  provider: z.enum(PAYMENT_PROVIDERS),
  /** Stripe's publishable key (null with the local provider). */
  publishableKey: z.string().nullable(),
  /** No payment is taken (the local provider, or Stripe test keys): every billing screen says so. */
  testMode: z.boolean(),
});
export type BillingRecordDto = z.output<typeof billingRecordDtoSchema>;

/** `POST /api/billing/setup-intent` (Stripe): confirm it with Stripe Elements, then add its payment method. */
export const setupIntentResponseSchema = z.object({ clientSecret: z.string(), publishableKey: z.string() });
export type SetupIntentResponse = z.output<typeof setupIntentResponseSchema>;

/** `POST /api/billing/local/card-token`: the card as kept, and the id to add with `POST /api/billing/payment-method`. */
export const localCardTokenResponseSchema = z.object({ paymentMethodId: z.string(), card: cardDtoSchema });
export type LocalCardTokenResponse = z.output<typeof localCardTokenResponseSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Subscriptions, invoices

/** Stripe's subscription statuses (the local provider uses active, past_due and canceled). */
export const SUBSCRIPTION_STATUSES = [
  'active',
  'trialing',
  'past_due',
  'unpaid',
  'incomplete',
  'incomplete_expired',
  'canceled',
  'paused',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Statuses in which the plan applies (the user has access). */
export const ACTIVE_SUBSCRIPTION_STATUSES: readonly SubscriptionStatus[] = ['active', 'trialing', 'past_due'];

/** A subscription (spec section 3: id, planId, status, currentPeriodEnd, cancelAtPeriodEnd). */
export const subscriptionDtoSchema = z.object({
  id: z.string(),
  planId: z.enum(PLAN_IDS),
  planName: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  /** ISO-8601: when the paid period ends (access continues until then after a cancel). */
  currentPeriodEnd: z.string(),
  /** True after a cancel: auto-renew No. */
  cancelAtPeriodEnd: z.boolean(),
  /** A downgrade waiting for the period end: the plan from then on (null when none is scheduled). */
  scheduledPlanId: z.enum(PLAN_IDS).nullable(),
  /** ISO-8601: when the scheduled plan applies (the period end), or null. */
  scheduledChangeAt: z.string().nullable(),
});
export type SubscriptionDto = z.output<typeof subscriptionDtoSchema>;

/**
 * What switching to another plan does: an upgrade applies `now` and charges the prorated difference for the rest of
 * the period at once; a downgrade applies at the `period_end`, with nothing charged until then.
 */
export const planChangeDtoSchema = z.object({
  planId: z.enum(PLAN_IDS),
  when: z.enum(['now', 'period_end']),
  /** Charged at once, in US cents (0 for a downgrade). */
  amountDueNowCents: z.number(),
  /** ISO-8601: when the new plan applies. */
  effectiveAt: z.string(),
});
export type PlanChangeDto = z.output<typeof planChangeDtoSchema>;

/** `GET /api/billing/subscription`: the current subscription, or `{ subscription: null }` when there is none. */
export const currentSubscriptionResponseSchema = z.object({
  subscription: subscriptionDtoSchema.nullable(),
  /** With a subscription: what switching to each other plan would do as of this answer (empty without one). */
  planChanges: z.array(planChangeDtoSchema),
});
export type CurrentSubscriptionResponse = z.output<typeof currentSubscriptionResponseSchema>;

export const INVOICE_STATUSES = ['draft', 'open', 'paid', 'uncollectible', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** One entry of the billing history (`GET /api/billing/invoices`). */
export const invoiceDtoSchema = z.object({
  id: z.string(),
  /** Invoice number as shown on the receipt. */
  number: z.string(),
  /** ISO-8601 date the invoice was issued. */
  date: z.string(),
  amountCents: z.number(),
  /** `$49.00`. */
  displayAmount: z.string(),
  currency: z.literal('usd'),
  status: z.enum(INVOICE_STATUSES),
  planId: z.enum(PLAN_IDS).nullable(),
  planName: z.string().nullable(),
  /** The prorated charge of an upgrade within a period (not a period's price). */
  proration: z.boolean(),
  /** `GET` this for the receipt PDF. */
  receiptUrl: z.string(),
});
export type InvoiceDto = z.output<typeof invoiceDtoSchema>;
export const invoiceListSchema = z.array(invoiceDtoSchema);

/** `POST /api/billing/webhook`: the event was taken (or was a duplicate, or is not one the service acts on). */
export const webhookResponseSchema = z.object({
  received: z.literal(true),
  duplicate: z.literal(true).optional(),
  ignored: z.literal(true).optional(),
});

// ---------------------------------------------------------------------------------------------------------------
// Texts

/** Exact texts: card form (spec section 5), server answers, and the toasts of spec section 8. */
export const BillingMessages = {
  // Card form (spec section 5) and the checks beyond it.
  cardNumberTooShort: 'Card number must be at least 16 digits',
  cardNumberTooLong: 'Card number must be at most 19 digits',
  cardNumberDigits: 'Card number must contain only digits',
  cardNumberInvalid: 'Card number is not valid: please check the digits',
  expiryFormat: 'Expiry date must be in format MM/YY',
  cardExpired: 'Card has expired',
  cvcTooShort: 'CVC must be at least 3 digits',
  cvcTooLong: 'CVC must be at most 4 digits',
  cvcDigits: 'CVC must contain only digits',
  nameRequired: 'Cardholder name is required',
  nameTooLong: 'Cardholder name must be at most 100 characters',
  // Other bodies.
  paymentMethodIdRequired: 'Payment method id is required',
  planRequired: 'Choose a plan: entry-level, pro or enterprise',
  // Answers (the `error` of 4xx bodies).
  paymentMethodNotFound: 'Payment method not found',
  subscriptionNotFound: 'Subscription not found',
  invoiceNotFound: 'Invoice not found',
  paymentMethodRequired: 'Add a payment method before subscribing',
  alreadySubscribed: 'You already have a subscription: switch plans instead',
  samePlan: 'You are already on this plan',
  subscriptionEnded: 'This subscription has ended',
  onlyCards: 'Only cards can be saved',
  setupIntentLocal: 'Stripe is not configured: save cards with the card form',
  cardTokenStripe: 'Cards are saved through Stripe: the local card form is off',
  webhookNotConfigured: 'No payment provider webhook is configured',
  webhookSignature: 'Invalid webhook signature',
  paymentFailed: 'Payment failed',
  providerUnavailable: 'Payment provider unavailable',
  // Every billing screen when `testMode` (BillingRecordDto) is true.
  testMode: 'Test mode — no payment is taken',
} as const;

/** Toasts of the billing and subscription pages (spec section 8). Errors are titled `Error` and followed by the reason. */
export const BillingToasts = {
  errorTitle: 'Error',
  setupFailed: 'Failed to setup payment',
  addFailed: 'Failed to add payment method',
  deleteFailed: 'Failed to delete payment method',
  defaultFailed: 'Failed to update default payment method',
  createSubscriptionFailed: 'Failed to create subscription',
  updateSubscriptionFailed: 'Failed to update subscription',
  cancelSubscriptionFailed: 'Failed to cancel subscription',
  added: 'Payment method added successfully',
  removed: 'Payment method removed',
  defaultUpdated: 'Default payment method updated',
  subscriptionCreated: 'Subscription created successfully',
  subscriptionUpdated: 'Subscription updated successfully',
  subscriptionCancelled: (periodEnd: string) => `Subscription cancelled. You keep access until ${periodEnd}.`,
  // The payment-methods block of the account's billing tab.
  paymentErrorAdding: 'Error adding payment method',
  paymentErrorRemoving: 'Error removing payment method',
  paymentErrorDefault: 'Error updating default payment method',
  cardElementNotFound: 'Card element not found',
  paymentAdded: 'Payment method added',
  paymentRemoved: 'Payment method removed',
  paymentDefaultUpdated: 'Default payment method updated',
  currentPlan: 'Current Plan',
} as const;

// ---------------------------------------------------------------------------------------------------------------
// Card rules

export const CARD_NUMBER_MIN_DIGITS = 16;
export const CARD_NUMBER_MAX_DIGITS = 19;
export const CARDHOLDER_NAME_MAX_LENGTH = 100;

/** The card number without the spaces and dashes people type. */
export const normalizeCardNumber = (value: string) => value.replace(/[\s-]/g, '');

/** The Luhn checksum every card number satisfies. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** The network of a card number, from its prefix (IIN ranges). */
export function cardBrandOf(number: string): CardBrand {
  const n = normalizeCardNumber(number);
  const prefix = (len: number) => Number(n.slice(0, len));
  if (/^4/.test(n)) return 'visa';
  if (/^3[47]/.test(n)) return 'amex';
  if ((prefix(2) >= 51 && prefix(2) <= 55) || (prefix(4) >= 2221 && prefix(4) <= 2720)) return 'mastercard';
  if (/^(6011|65)/.test(n) || (prefix(3) >= 644 && prefix(3) <= 649)) return 'discover';
  if (prefix(4) >= 3528 && prefix(4) <= 3589) return 'jcb';
  if (/^(36|38|39|30[0-5])/.test(n)) return 'diners';
  if (/^62/.test(n)) return 'unionpay';
  return 'unknown';
}

/** The first failed rule of a card number (already without spaces and dashes), or null. */
export function cardNumberProblem(digits: string): string | null {
  if (!/^\d*$/.test(digits)) return BillingMessages.cardNumberDigits;
  if (digits.length < CARD_NUMBER_MIN_DIGITS) return BillingMessages.cardNumberTooShort;
  if (digits.length > CARD_NUMBER_MAX_DIGITS) return BillingMessages.cardNumberTooLong;
  if (!passesLuhn(digits)) return BillingMessages.cardNumberInvalid;
  return null;
}

const EXPIRY = /^(0[1-9]|1[0-2])\/(\d{2})$/;

/** `MM/YY` → month and four-digit year, or null when not in that format. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = EXPIRY.exec(value.replace(/\s/g, ''));
  return match ? { month: Number(match[1]), year: 2000 + Number(match[2]) } : null;
}

/** A card is valid through the last day of its expiry month (UTC). */
export function isCardExpired(expiry: { month: number; year: number }, now: Date): boolean {
  const endOfMonth = Date.UTC(expiry.year, expiry.month, 1); // first instant of the next month
  return now.getTime() >= endOfMonth;
}

/** The first failed rule of an expiry `MM/YY`, or null. */
export function expiryProblem(value: string, now: Date): string | null {
  const expiry = parseExpiry(value);
  if (!expiry) return BillingMessages.expiryFormat;
  return isCardExpired(expiry, now) ? BillingMessages.cardExpired : null;
}

/** The first failed rule of a CVC, or null. */
export function cvcProblem(value: string): string | null {
  if (!/^\d*$/.test(value)) return BillingMessages.cvcDigits;
  if (value.length < 3) return BillingMessages.cvcTooShort;
  if (value.length > 4) return BillingMessages.cvcTooLong;
  return null;
}

/** A text field checked by `problem` (one message per field: the first failed rule). */
const checked = (missing: string, normalize: (v: string) => string, problem: (v: string) => string | null) =>
  z
    .string({ error: missing })
    .transform(normalize)
    .superRefine((value, ctx) => {
      const message = problem(value);
      if (message) ctx.addIssue({ code: 'custom', message });
    });

/**
 * The local card form (spec section 5) as of `now()`: number (spaces and dashes allowed; 16 to 19 digits, Luhn),
 * expiry `MM/YY` not past, CVC 3 or 4 digits, cardholder name. The form uses it with `zodResolver`, svc-billing's
 * `POST /api/billing/local/card-token` with its own clock.
 */
export function localCardSchemaAt(now: () => Date) {
  return z.object({
    number: checked(BillingMessages.cardNumberTooShort, normalizeCardNumber, cardNumberProblem),
    expiry: checked(
      BillingMessages.expiryFormat,
      (v) => v.replace(/\s/g, ''),
      (v) => expiryProblem(v, now()),
    ),
    cvc: checked(BillingMessages.cvcTooShort, (v) => v.trim(), cvcProblem),
    name: z
      .string({ error: BillingMessages.nameRequired })
      .trim()
      .min(1, BillingMessages.nameRequired)
      .max(CARDHOLDER_NAME_MAX_LENGTH, BillingMessages.nameTooLong),
  });
}

/** The card form checked against the current time. */
export const localCardSchema = localCardSchemaAt(() => new Date());
/** Body of `POST /api/billing/local/card-token`: `{ number, expiry: 'MM/YY', cvc, name }`. */
export type LocalCardInput = z.input<typeof localCardSchema>;
export type LocalCard = z.output<typeof localCardSchema>;

const paymentMethodId = z
  .string({ error: BillingMessages.paymentMethodIdRequired })
  .trim()
  .min(1, BillingMessages.paymentMethodIdRequired)
  .max(255, BillingMessages.paymentMethodIdRequired);

/** Body of `POST /api/billing/payment-method` (the billing page sends only `paymentMethodId`). */
export const addPaymentMethodSchema = z.object({
  paymentMethodId,
  setAsDefault: z.boolean({ error: 'setAsDefault must be true or false' }).optional().default(false),
});
export type AddPaymentMethodInput = z.input<typeof addPaymentMethodSchema>;

/** Body of `POST /api/billing/default-payment-method`. */
export const defaultPaymentMethodSchema = z.object({ paymentMethodId });
export type DefaultPaymentMethodInput = z.input<typeof defaultPaymentMethodSchema>;

/** Body of `POST /api/billing/subscription` and `PUT /api/billing/subscription/:subscriptionId`. */
export const subscriptionPlanSchema = z.object({
  planId: z.enum(PLAN_IDS, { error: BillingMessages.planRequired }),
});
export type SubscriptionPlanInput = z.input<typeof subscriptionPlanSchema>;

/** Request header that makes a create retry-safe (one value per user action). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
