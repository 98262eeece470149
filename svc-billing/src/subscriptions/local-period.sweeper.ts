import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SERVICE_CONFIG } from '@rampquote/service-kit';
import { BillingCustomersService } from '../billing-customers/billing-customers.service';
import type { BillingConfig } from '../config';
import { localInvoice } from '../payment-providers/local/local-payment.provider';
import {
  PAYMENT_PROVIDER,
  type PaymentProvider,
  type ProviderSubscription,
} from '../payment-providers/payment-provider';
import { PaymentMethodsService } from '../payment-methods/payment-methods.service';
import { addMonth, BillingClock } from '../shared/billing-clock';
import { Subscription } from './subscription.entity';
import { SubscriptionsService } from './subscriptions.service';

/** Periods caught up at most in one go for a subscription (a service that was down for months). */
const MAX_RENEWALS = 24;

/**
 * The local provider's billing clock (what Stripe does for its subscriptions): every BILLING_PERIOD_SWEEP_MS, each
 * local subscription whose period is over either ends (cancelled at period end: status canceled, `ended`) or renews
 * for another month with an invoice charged to the default card (`renewed`; without a card the invoice stays open
 * and the status is past_due), on the scheduled plan when a downgrade waits for this period end (`switched`). Each subscription is handled in its own transaction holding the user's billing row,
 * so replicas and concurrent calls never handle one twice. Idle with Stripe (Stripe's webhooks do this).
 */
@Injectable()
export class LocalPeriodSweeper implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('LocalPeriodSweeper');
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | null = null;

  constructor(
    private readonly dataSource: DataSource,
    private readonly customers: BillingCustomersService,
    private readonly paymentMethods: PaymentMethodsService,
    private readonly subscriptions: SubscriptionsService,
    private readonly clock: BillingClock,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(SERVICE_CONFIG) private readonly config: BillingConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.provider.kind !== 'local') return;
    this.timer = setInterval(() => {
      this.runOnce().catch((err: unknown) =>
        this.logger.error({ msg: 'period sweep failed', err: err instanceof Error ? err.message : String(err) }),
      );
    }, this.config.BILLING_PERIOD_SWEEP_MS);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** Ends or renews every local subscription whose period is over at the clock's time; the number handled. */
  runOnce(): Promise<number> {
    if (this.provider.kind !== 'local') return Promise.resolve(0);
    this.running ??= this.sweep().finally(() => (this.running = null));
    return this.running;
  }

  private async sweep(): Promise<number> {
    const now = this.clock.now();
    const due: { id: string; user_id: string }[] = await this.dataSource.query(
      `SELECT id, user_id FROM subscriptions
        WHERE provider = 'local' AND ended_at IS NULL AND current_period_end <= $1
        ORDER BY current_period_end LIMIT 500`,
      [now],
    );
    let handled = 0;
    for (const { id, user_id: userId } of due) {
      if (await this.handle(id, userId, now)) handled++;
    }
    return handled;
  }

  private handle(subscriptionId: string, userId: string, now: Date): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      // The user's row first (as every other change does), then the subscription: still due?
      const customer = await this.customers.lock(manager, userId);
      const row = await manager.getRepository(Subscription).findOneBy({ id: subscriptionId });
      if (
        !customer?.providerCustomerId ||
        !row ||
        row.endedAt !== null ||
        row.currentPeriodEnd.getTime() > now.getTime()
      )
        return false;
      const base: ProviderSubscription = {
        id: row.id,
        customerId: customer.providerCustomerId,
        planId: row.planId,
        status: row.status,
        currentPeriodStart: row.currentPeriodStart,
        currentPeriodEnd: row.currentPeriodEnd,
        cancelAtPeriodEnd: row.cancelAtPeriodEnd,
        canceledAt: row.canceledAt,
        endedAt: null,
        latestInvoice: null,
      };
      if (row.cancelAtPeriodEnd || row.status === 'canceled') {
        await this.subscriptions.apply(manager, userId, { ...base, status: 'canceled', endedAt: row.currentPeriodEnd });
        this.logger.log({ msg: 'subscription ended at period end', userId, subscriptionId, planId: row.planId });
        return true;
      }
      const card = await this.paymentMethods.defaultCard(manager, userId, customer.defaultPaymentMethodId);
      const planId = row.scheduledPlanId ?? row.planId;
      let state: ProviderSubscription = { ...base, planId, scheduledPlanId: null, scheduledChangeAt: null };
      for (let i = 0; i < MAX_RENEWALS && state.currentPeriodEnd.getTime() <= now.getTime(); i++) {
        const periodStart = state.currentPeriodEnd;
        const periodEnd = addMonth(periodStart);
        state = {
          ...state,
          status: card ? 'active' : 'past_due',
          currentPeriodStart: periodStart,
          currentPeriodEnd: periodEnd,
          latestInvoice: localInvoice({
            customerId: customer.providerCustomerId,
            subscriptionId,
            planId,
            periodStart,
            periodEnd,
            card,
            issuedAt: periodStart,
          }),
        };
        await this.subscriptions.apply(manager, userId, state, { card });
      }
      this.logger.log({
        msg: 'subscription renewed',
        userId,
        subscriptionId,
        planId,
        from: row.planId,
        periodEnd: state.currentPeriodEnd.toISOString(),
        paid: card !== null,
      });
      return true;
    });
  }
}
