import {
  formatUsd,
  type CardDto,
  type InvoiceStatus,
  type PlanDto,
  type SubscriptionStatus,
} from '@rampquote/contracts';

/** Card expiry as shown (spec section 9): `MM/YY`. */
export function cardExpiry(card: Pick<CardDto, 'exp_month' | 'exp_year'>): string {
  return `${String(card.exp_month).padStart(2, '0')}/${String(card.exp_year % 100).padStart(2, '0')}`;
}

const BRAND_LABELS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** The card network as people write it (`visa` → `Visa`); unknown networks read `Card`. */
export function cardBrandLabel(brand: string): string {
  return BRAND_LABELS[brand.toLowerCase()] ?? 'Card';
}

/** `Visa ending in 4242`: names a card in buttons and dialogs. */
export function cardName(card: Pick<CardDto, 'brand' | 'last4'>): string {
  return `${cardBrandLabel(card.brand)} ending in ${card.last4}`;
}

/** A date as shown (spec section 9: US English, MM/dd/yyyy), in the viewer's time zone. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString('en-US', { month: '2-digit', day: '2-digit', year: 'numeric' });
}

/** A plan's price per month with 2 decimals in USD (spec section 9): `$49.00`. */
export function planMonthlyPrice(plan: Pick<PlanDto, 'priceCents'>): string {
  return formatUsd(plan.priceCents);
}

const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  active: 'Active',
  trialing: 'Trialing',
  past_due: 'Past due',
  unpaid: 'Unpaid',
  incomplete: 'Incomplete',
  incomplete_expired: 'Expired',
  canceled: 'Canceled',
  paused: 'Paused',
};

export function subscriptionStatusLabel(status: SubscriptionStatus): string {
  return SUBSCRIPTION_STATUS_LABELS[status] ?? status;
}

const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  draft: 'Draft',
  open: 'Open',
  paid: 'Paid',
  uncollectible: 'Uncollectible',
  void: 'Void',
};

export function invoiceStatusLabel(status: InvoiceStatus): string {
  return INVOICE_STATUS_LABELS[status] ?? status;
}
