import { Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { IsNull, DataSource } from 'typeorm';
import { cardBrandOf, PLANS, type LocalCard, type PlanId } from '@rampquote/contracts';
import { addMonth } from '../../shared/billing-clock';
import { planChange } from '../../shared/proration';
import { localId } from '../../shared/billing-ids';
import {
  NotWithThisProvider,
  PaymentMethodMissing,
  type CurrentSubscription,
  type PaymentProvider,
  type ProviderCard,
  type ProviderInvoice,
  type ProviderSubscription,
} from '../payment-provider';
import { LocalCardToken } from './local-card-token.entity';

/** A local invoice number: `RQ-` and 10 characters. */
export const localInvoiceNumber = () => `RQ-${randomBytes(5).toString('hex').toUpperCase()}`;

/** A local invoice for one period of a plan (or `amountCents` of it, a proration), paid when there is a card. */
export function localInvoice(input: {
  customerId: string;
  subscriptionId: string;
  planId: PlanId;
  periodStart: Date;
  periodEnd: Date;
  card: Pick<ProviderCard, 'brand' | 'last4'> | null;
  issuedAt: Date;
  amountCents?: number;
}): ProviderInvoice {
  const paid = input.card !== null;
  return {
    id: localId('in'),
    customerId: input.customerId,
    number: localInvoiceNumber(),
    subscriptionId: input.subscriptionId,
    planId: input.planId,
    amountCents: input.amountCents ?? PLANS[input.planId].priceCents,
    ...(input.amountCents === undefined ? {} : { proration: true }),
    status: paid ? 'paid' : 'open',
    issuedAt: input.issuedAt,
    paidAt: paid ? input.issuedAt : null,
    periodStart: input.periodStart,
    periodEnd: input.periodEnd,
    card: input.card,
  };
}

/**
 * The payment provider used when no Stripe keys are set (`npm start` on a fresh machine): cards come from the page's
 * card form through `tokenize` (brand, last 4 and expiry kept; the number and CVC are dropped there), subscriptions
 * start at once with a paid first invoice, switch as Stripe prorates (an upgrade now with the prorated difference
 * invoiced, a downgrade at the period end) and cancel at period end. The period sweep (LocalPeriodSweeper) plays
 * Stripe's billing clock and applies a scheduled downgrade. No money moves.
 */
@Injectable()
export class LocalPaymentProvider implements PaymentProvider {
  readonly kind = 'local' as const;
  readonly publishableKey = null;
  readonly testMode = true;
  private readonly logger = new Logger('LocalPaymentProvider');

  constructor(private readonly dataSource: DataSource) {}

  /** The card form's card as a payment method of `userId`: only brand, last 4 and expiry are kept. */
  async tokenize(userId: string, card: LocalCard): Promise<{ id: string; card: ProviderCard }> {
    const [month, year] = card.expiry.split('/');
    const token = this.dataSource.getRepository(LocalCardToken).create({
      id: localId('pm'),
      userId,
      brand: cardBrandOf(card.number),
      last4: card.number.slice(-4),
      expMonth: Number(month),
      expYear: 2000 + Number(year),
      customerId: null,
      detachedAt: null,
    });
    await this.dataSource.getRepository(LocalCardToken).insert(token);
    this.logger.log({ msg: 'card tokenized', paymentMethodId: token.id, brand: token.brand, last4: token.last4 });
    return {
      id: token.id,
      card: { brand: token.brand, last4: token.last4, expMonth: token.expMonth, expYear: token.expYear },
    };
  }

  async createCustomer(): Promise<string> {
    return localId('cus');
  }

  async createSetupIntent(): Promise<{ clientSecret: string }> {
    throw new NotWithThisProvider('SetupIntents need Stripe');
  }

  async attachPaymentMethod(input: {
    customerId: string;
    userId: string;
    paymentMethodId: string;
  }): Promise<ProviderCard> {
    const tokens = this.dataSource.getRepository(LocalCardToken);
    const token = await tokens.findOneBy({ id: input.paymentMethodId, userId: input.userId, detachedAt: IsNull() });
    if (!token || (token.customerId !== null && token.customerId !== input.customerId))
      throw new PaymentMethodMissing(input.paymentMethodId);
    if (token.customerId === null) await tokens.update({ id: token.id }, { customerId: input.customerId });
    return { brand: token.brand, last4: token.last4, expMonth: token.expMonth, expYear: token.expYear };
  }

  async detachPaymentMethod(input: { customerId: string; paymentMethodId: string }): Promise<void> {
    await this.dataSource
      .getRepository(LocalCardToken)
      .update(
        { id: input.paymentMethodId, customerId: input.customerId, detachedAt: IsNull() },
        { detachedAt: new Date() },
      );
  }

  async setDefaultPaymentMethod(): Promise<void> {
    // The local customer is the billing_customers row itself: its default_payment_method_id is the default.
  }

  async createSubscription(input: {
    customerId: string;
    planId: PlanId;
    paymentMethod: ProviderCard & { id: string };
    now: Date;
  }): Promise<ProviderSubscription> {
    const id = localId('sub');
    const periodEnd = addMonth(input.now);
    return {
      id,
      customerId: input.customerId,
      planId: input.planId,
      status: 'active',
      currentPeriodStart: input.now,
      currentPeriodEnd: periodEnd,
      cancelAtPeriodEnd: false,
      canceledAt: null,
      endedAt: null,
      latestInvoice: localInvoice({
        customerId: input.customerId,
        subscriptionId: id,
        planId: input.planId,
        periodStart: input.now,
        periodEnd,
        card: input.paymentMethod,
        issuedAt: input.now,
      }),
    };
  }

  async switchSubscription(input: {
    current: CurrentSubscription;
    planId: PlanId;
    when: 'now' | 'period_end';
    paymentMethod: ProviderCard | null;
    now: Date;
  }): Promise<ProviderSubscription> {
    const { current, planId } = input;
    const renewing = { ...this.describe(current), cancelAtPeriodEnd: false, canceledAt: null };
    if (input.when === 'period_end') {
      const keep = planId === current.planId;
      return {
        ...renewing,
        scheduledPlanId: keep ? null : planId,
        scheduledChangeAt: keep ? null : current.currentPeriodEnd,
      };
    }
    const change = planChange(current, planId, input.now);
    return {
      ...renewing,
      planId,
      scheduledPlanId: null,
      scheduledChangeAt: null,
      latestInvoice: localInvoice({
        customerId: current.customerId,
        subscriptionId: current.id,
        planId,
        periodStart: input.now,
        periodEnd: current.currentPeriodEnd,
        card: input.paymentMethod,
        issuedAt: input.now,
        amountCents: change.amountDueNowCents,
      }),
    };
  }

  async cancelSubscriptionAtPeriodEnd(input: {
    current: CurrentSubscription;
    now: Date;
  }): Promise<ProviderSubscription> {
    return {
      ...this.describe(input.current),
      cancelAtPeriodEnd: true,
      canceledAt: input.now,
      scheduledPlanId: null,
      scheduledChangeAt: null,
    };
  }

  private describe(current: CurrentSubscription): ProviderSubscription {
    return {
      id: current.id,
      customerId: current.customerId,
      planId: current.planId,
      status: current.status,
      currentPeriodStart: current.currentPeriodStart,
      currentPeriodEnd: current.currentPeriodEnd,
      cancelAtPeriodEnd: current.cancelAtPeriodEnd,
      canceledAt: null,
      endedAt: null,
      latestInvoice: null,
    };
  }
}
