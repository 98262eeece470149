import { ConflictException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { DataSource, IsNull, type EntityManager } from 'typeorm';
import {
  BillingMessages,
  PLAN_IDS,
  PLANS,
  type CurrentSubscriptionResponse,
  type PlanId,
  type SubscriptionChange,
  type SubscriptionDto,
} from '@rampquote/contracts';
import { BillingCustomersService } from '../billing-customers/billing-customers.service';
import { InvoicesService } from '../invoices/invoices.service';
import { PaymentMethodsService } from '../payment-methods/payment-methods.service';
import {
  PAYMENT_PROVIDER,
  type CurrentSubscription,
  type PaymentProvider,
  type ProviderSubscription,
} from '../payment-providers/payment-provider';
import { BillingClock } from '../shared/billing-clock';
import { planChange } from '../shared/proration';
import type { SignedIn } from '../shared/signed-in';
import { SubscriptionEvents } from './subscription-events';
import { Subscription } from './subscription.entity';

export const toSubscriptionDto = (row: Subscription): SubscriptionDto => ({
  id: row.id,
  planId: row.planId,
  planName: PLANS[row.planId].name,
  status: row.status,
  currentPeriodEnd: row.currentPeriodEnd.toISOString(),
  cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  scheduledPlanId: row.scheduledPlanId,
  scheduledChangeAt: row.scheduledChangeAt?.toISOString() ?? null,
});

const NOT_FOUND = () => new NotFoundException({ error: BillingMessages.subscriptionNotFound });

/** What changed between two states of a subscription, for `subscription-changed` (null: nothing a consumer keeps). */
export function classifyChange(before: Subscription, after: Subscription): SubscriptionChange | null {
  if (after.endedAt !== null && before.endedAt === null) return 'ended';
  if (after.planId !== before.planId) return 'switched';
  if (after.cancelAtPeriodEnd && !before.cancelAtPeriodEnd) return 'cancelled';
  if (after.currentPeriodEnd.getTime() > before.currentPeriodEnd.getTime()) return 'renewed';
  if (
    after.status !== before.status ||
    after.cancelAtPeriodEnd !== before.cancelAtPeriodEnd ||
    after.currentPeriodEnd.getTime() !== before.currentPeriodEnd.getTime()
  ) {
    return 'updated';
  }
  return null;
}

export interface ApplyOptions {
  /** The request key of the create (a retry with it answers the same subscription). */
  creationKey?: string;
  /** When the provider described this state (webhooks: older states than the one kept are ignored). */
  describedAt?: Date;
  /** The card shown on the receipt of a new invoice. */
  card?: { brand: string; last4: string } | null;
}

/**
 * Subscriptions (spec sections 3, 4 and 7): with none, a plan creates one (a default card is required); with one, a
 * plan switches it as Stripe prorates (the period stays): a dearer plan now, the prorated difference charged at once
 * to the default card; a cheaper one scheduled for the period end. Cancelling keeps access to the period end. Another user's
 * subscription id is a 404 and changes nothing. Every change of the local copy (by these calls, Stripe's webhooks or
 * the local provider's period sweep) goes through `apply`, which writes `subscription-changed` to the outbox in the
 * same transaction.
 */
@Injectable()
export class SubscriptionsService {
  private readonly logger = new Logger('Subscriptions');

  constructor(
    private readonly dataSource: DataSource,
    private readonly customers: BillingCustomersService,
    private readonly paymentMethods: PaymentMethodsService,
    private readonly invoices: InvoicesService,
    private readonly events: SubscriptionEvents,
    private readonly clock: BillingClock,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
  ) {}

  /**
   * `GET /api/billing/subscription`: `{ subscription, planChanges }`, null and none when the user has no subscription
   * (or the last one ended); each other plan's switch as of now.
   */
  async current(userId: string): Promise<CurrentSubscriptionResponse> {
    const row = await this.currentRow(this.dataSource.manager, userId);
    if (!row) return { subscription: null, planChanges: [] };
    const now = this.clock.now();
    return {
      subscription: toSubscriptionDto(row),
      planChanges: PLAN_IDS.filter((id) => id !== row.planId).map((id) => planChange(row, id, now)),
    };
  }

  /** `POST /api/billing/subscription`. */
  async create(identity: SignedIn, planId: PlanId, requestKey: string): Promise<SubscriptionDto> {
    const userId = identity.user.id;
    return this.dataSource.transaction(async (manager) => {
      const customer = await this.customers.ensureLocked(manager, userId, identity.user.email);
      const existing = await this.currentRow(manager, userId);
      if (existing) {
        // The same request retried (same Idempotency-Key): the subscription it made.
        if (existing.creationKey === requestKey && existing.planId === planId) return toSubscriptionDto(existing);
        throw new ConflictException({ error: BillingMessages.alreadySubscribed });
      }
      const card = await this.paymentMethods.defaultCard(manager, userId, customer.defaultPaymentMethodId);
      if (!card) throw new ConflictException({ error: BillingMessages.paymentMethodRequired });
      const created = await this.provider.createSubscription({
        customerId: customer.providerCustomerId,
        userId,
        planId,
        paymentMethod: {
          id: card.id,
          brand: card.brand,
          last4: card.last4,
          expMonth: card.expMonth,
          expYear: card.expYear,
        },
        requestKey,
        now: this.clock.now(),
      });
      const row = await this.apply(manager, userId, created, {
        creationKey: requestKey,
        card,
        describedAt: this.describedNow(),
      });
      this.logger.log({ msg: 'subscription created', userId, subscriptionId: created.id, planId });
      return toSubscriptionDto(row!);
    });
  }

  /**
   * `PUT /api/billing/subscription/:id`: another plan (auto-renew turned back on). An upgrade needs the default card
   * (409 without one; 402 when the charge is declined, nothing changed). The scheduled plan again changes nothing; the
   * current plan while a downgrade waits drops the downgrade.
   */
  async switch(userId: string, subscriptionId: string, planId: PlanId, requestKey: string): Promise<SubscriptionDto> {
    return this.dataSource.transaction(async (manager) => {
      const { row, current, customer } = await this.owned(manager, userId, subscriptionId);
      if (current.planId === planId && !current.scheduledPlanId)
        throw new ConflictException({ error: BillingMessages.samePlan });
      if (current.scheduledPlanId === planId && !current.cancelAtPeriodEnd) return toSubscriptionDto(row);
      const now = this.clock.now();
      const when = planId === current.planId ? 'period_end' : planChange(current, planId, now).when;
      const card =
        when === 'now' ? await this.paymentMethods.defaultCard(manager, userId, customer.defaultPaymentMethodId) : null;
      if (when === 'now' && !card) throw new ConflictException({ error: BillingMessages.paymentMethodRequired });
      const switched = await this.provider.switchSubscription({
        current,
        planId,
        when,
        paymentMethod: card
          ? { id: card.id, brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear }
          : null,
        requestKey,
        now,
      });
      const updated = await this.apply(manager, userId, switched, { card, describedAt: this.describedNow() });
      this.logger.log({
        msg: when === 'now' ? 'subscription switched' : 'subscription switch scheduled for the period end',
        userId,
        subscriptionId,
        from: current.planId,
        to: planId,
        chargedCents: switched.latestInvoice?.amountCents ?? 0,
      });
      return toSubscriptionDto(updated!);
    });
  }

  /** `DELETE /api/billing/subscription/:id`: cancels at the period end (again: no change). */
  async cancel(userId: string, subscriptionId: string, requestKey: string): Promise<SubscriptionDto> {
    return this.dataSource.transaction(async (manager) => {
      const { row, current } = await this.owned(manager, userId, subscriptionId);
      if (row.cancelAtPeriodEnd) return toSubscriptionDto(row);
      const cancelled = await this.provider.cancelSubscriptionAtPeriodEnd({
        current,
        requestKey,
        now: this.clock.now(),
      });
      const updated = await this.apply(manager, userId, cancelled, { describedAt: this.describedNow() });
      this.logger.log({
        msg: 'subscription cancelled at period end',
        userId,
        subscriptionId,
        periodEnd: updated!.currentPeriodEnd.toISOString(),
      });
      return toSubscriptionDto(updated!);
    });
  }

  /**
   * Brings the local copy in line with the provider's description (the user's billing row must be locked by the
   * caller's transaction): inserts or updates the row, writes `subscription-changed` when something a consumer keeps
   * changed, and keeps the first invoice. Returns the row, or null when the description was stale or names no plan.
   */
  async apply(
    manager: EntityManager,
    userId: string,
    described: ProviderSubscription,
    options: ApplyOptions = {},
  ): Promise<Subscription | null> {
    const repo = manager.getRepository(Subscription);
    const before = await repo.findOne({ where: { id: described.id }, lock: { mode: 'pessimistic_write' } });
    if (before && before.userId !== userId) {
      this.logger.warn({
        msg: 'provider subscription belongs to another user here: ignored',
        subscriptionId: described.id,
      });
      return null;
    }
    if (
      before &&
      options.describedAt &&
      before.providerUpdatedAt &&
      before.providerUpdatedAt.getTime() > options.describedAt.getTime()
    )
      return before;
    const planId = described.planId ?? before?.planId ?? null;
    if (!planId) {
      this.logger.warn({ msg: 'provider subscription names no RampQuote plan: ignored', subscriptionId: described.id });
      return null;
    }
    // A scheduled plan is kept until the provider says otherwise, and goes once it applies or the subscription ends.
    let scheduledPlanId =
      described.scheduledPlanId === undefined ? (before?.scheduledPlanId ?? null) : described.scheduledPlanId;
    let scheduledChangeAt =
      described.scheduledChangeAt === undefined ? (before?.scheduledChangeAt ?? null) : described.scheduledChangeAt;
    if (scheduledPlanId === planId || described.endedAt !== null) {
      scheduledPlanId = null;
      scheduledChangeAt = null;
    }
    const state = {
      planId,
      scheduledPlanId,
      scheduledChangeAt,
      status: described.status,
      currentPeriodStart: described.currentPeriodStart,
      currentPeriodEnd: described.currentPeriodEnd,
      cancelAtPeriodEnd: described.cancelAtPeriodEnd,
      canceledAt: described.canceledAt,
      endedAt: before?.endedAt ?? described.endedAt,
      providerUpdatedAt: options.describedAt ?? before?.providerUpdatedAt ?? null,
    };

    let row: Subscription;
    let change: SubscriptionChange | null;
    if (!before) {
      if (state.endedAt === null && (await this.currentRow(manager, userId))) {
        this.logger.warn({
          msg: 'a second current subscription at the provider: ignored',
          userId,
          subscriptionId: described.id,
        });
        return null;
      }
      row = repo.create({
        id: described.id,
        userId,
        provider: this.provider.kind,
        creationKey: options.creationKey ?? null,
        ...state,
      });
      await repo.insert(row);
      change = state.endedAt ? 'ended' : 'created';
    } else {
      row = repo.merge(repo.create({ ...before }), state);
      change = classifyChange(before, row);
      await repo.update({ id: described.id }, state);
    }
    if (change) await this.events.changed(manager, row, change);
    if (described.latestInvoice)
      await this.invoices.record(manager, userId, described.latestInvoice, options.card ?? null);
    return row;
  }

  /**
   * The time of a state the provider just answered, to the second (Stripe's event times are whole seconds): a webhook
   * event from before this call is stale, one from the same second is applied (it describes this state or a newer one).
   */
  private describedNow(): Date {
    return new Date(Math.floor(this.clock.now().getTime() / 1000) * 1000);
  }

  /** The user's current (not ended) subscription. */
  currentRow(manager: EntityManager, userId: string): Promise<Subscription | null> {
    return manager
      .getRepository(Subscription)
      .findOne({ where: { userId, endedAt: IsNull() }, order: { createdAt: 'DESC' } });
  }

  /** The user's current subscription with this id, with their billing row locked (404 otherwise, 409 when it ended). */
  private async owned(
    manager: EntityManager,
    userId: string,
    subscriptionId: string,
  ): Promise<{ row: Subscription; current: CurrentSubscription; customer: { defaultPaymentMethodId: string | null } }> {
    const customer = await this.customers.lock(manager, userId);
    const row = await manager.getRepository(Subscription).findOneBy({ id: subscriptionId, userId });
    if (!customer || !customer.providerCustomerId || !row || row.provider !== this.provider.kind) throw NOT_FOUND();
    if (row.endedAt !== null) throw new ConflictException({ error: BillingMessages.subscriptionEnded });
    return { row, current: toCurrent(row, customer.providerCustomerId), customer };
  }
}

/** The local copy as the provider port takes it. */
export const toCurrent = (row: Subscription, customerId: string): CurrentSubscription => ({
  id: row.id,
  customerId,
  userId: row.userId,
  planId: row.planId,
  status: row.status,
  currentPeriodStart: row.currentPeriodStart,
  currentPeriodEnd: row.currentPeriodEnd,
  cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  scheduledPlanId: row.scheduledPlanId,
  scheduledChangeAt: row.scheduledChangeAt,
});
