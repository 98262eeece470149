import { Inject, Injectable, Logger } from '@nestjs/common';
import type Stripe from 'stripe';
import { DataSource, type EntityManager } from 'typeorm';
import { BillingCustomersService } from '../billing-customers/billing-customers.service';
import { InvoicesService } from '../invoices/invoices.service';
import { PaymentMethod } from '../payment-methods/payment-method.entity';
import { PaymentMethodsService } from '../payment-methods/payment-methods.service';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../payment-providers/payment-provider';
import { fromStripeInvoice, fromStripeSubscription } from '../payment-providers/stripe/stripe-payment.provider';
import { SubscriptionsService } from '../subscriptions/subscriptions.service';

export type WebhookAnswer = { received: true; duplicate?: true; ignored?: true };

const HANDLED = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
  'payment_method.detached',
]);

const customerOf = (value: string | { id: string } | null | undefined) =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/**
 * Brings local state in line with Stripe's events (each applied once: the event id is kept in the transaction of the
 * change): subscription created/updated/deleted (plan, status, period, cancel at period end, ended; older events than
 * the state kept are ignored), invoices paid or failed (billing history), a payment method detached at Stripe (the
 * local card goes; a default is promoted). Events of customers unknown here are acknowledged and ignored.
 */
@Injectable()
export class StripeWebhooksService {
  private readonly logger = new Logger('StripeWebhooks');

  constructor(
    private readonly dataSource: DataSource,
    private readonly customers: BillingCustomersService,
    private readonly subscriptions: SubscriptionsService,
    private readonly paymentMethods: PaymentMethodsService,
    private readonly invoices: InvoicesService,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
  ) {}

  async handle(event: Stripe.Event): Promise<WebhookAnswer> {
    if (!HANDLED.has(event.type)) return { received: true, ignored: true };
    return this.dataSource.transaction(async (manager) => {
      const fresh = await manager.query(
        `INSERT INTO stripe_webhook_events (id, type) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING RETURNING id`,
        [event.id, event.type],
      );
      if (fresh.length === 0) return { received: true, duplicate: true };
      const applied = await this.apply(manager, event);
      this.logger.log({ msg: 'Stripe event', eventId: event.id, type: event.type, applied });
      return applied ? { received: true } : { received: true, ignored: true };
    });
  }

  private async apply(manager: EntityManager, event: Stripe.Event): Promise<boolean> {
    const describedAt = new Date(event.created * 1000);
    switch (event.type) {
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const described = fromStripeSubscription(event.data.object);
        const userId = await this.lockUserOf(manager, described.customerId);
        if (!userId) return false;
        return (await this.subscriptions.apply(manager, userId, described, { describedAt })) !== null;
      }
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        const invoice = event.data.object;
        const customerId = customerOf(invoice.customer);
        const userId = customerId ? await this.lockUserOf(manager, customerId) : null;
        if (!userId || !invoice.id) return false;
        const described = fromStripeInvoice(invoice);
        if (!described.planId && described.subscriptionId) {
          const sub = await this.subscriptions.currentRow(manager, userId);
          if (sub?.id === described.subscriptionId) described.planId = sub.planId;
        }
        const customer = await this.customers.find(userId, manager);
        const card = await this.paymentMethods.defaultCard(manager, userId, customer?.defaultPaymentMethodId ?? null);
        await this.invoices.record(manager, userId, described, card);
        return true;
      }
      case 'payment_method.detached': {
        const method = event.data.object;
        const row = await manager
          .getRepository(PaymentMethod)
          .findOneBy({ id: method.id, provider: this.provider.kind });
        if (!row) return false;
        const customer = await this.customers.lock(manager, row.userId);
        if (!customer?.providerCustomerId) return false;
        await this.paymentMethods.forget(
          manager,
          row.userId,
          customer.providerCustomerId,
          customer.defaultPaymentMethodId,
          method.id,
        );
        return true;
      }
      default:
        return false;
    }
  }

  /** The user of a Stripe customer, with their billing row locked (null when the customer is not one of ours). */
  private async lockUserOf(manager: EntityManager, customerId: string): Promise<string | null> {
    const customer = await this.customers.findByProviderCustomer(customerId, manager);
    if (!customer) {
      this.logger.warn({ msg: 'Stripe event for an unknown customer: ignored', customerId });
      return null;
    }
    await this.customers.lock(manager, customer.userId);
    return customer.userId;
  }
}
