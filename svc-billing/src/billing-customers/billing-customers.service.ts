import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../payment-providers/payment-provider';
import { BillingCustomer } from './billing-customer.entity';

/** A billing customer whose provider customer exists with the provider in use. */
export type ReadyCustomer = BillingCustomer & { providerCustomerId: string };

/**
 * One billing customer per user (spec section 3 "Billing record"): the provider's customer, made when
 * `user-registered` arrives or on first use for older users. Per-user changes lock the user's row first
 * (`SELECT … FOR UPDATE`), so two requests of one user never interleave.
 */
@Injectable()
export class BillingCustomersService {
  private readonly logger = new Logger('BillingCustomers');

  constructor(
    private readonly dataSource: DataSource,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
  ) {}

  /** The user's row, whatever its provider (null when none yet). */
  find(userId: string, manager: EntityManager = this.dataSource.manager): Promise<BillingCustomer | null> {
    return manager.getRepository(BillingCustomer).findOneBy({ userId });
  }

  /** The user's row for the provider in use, locked until the transaction ends (null when none yet). */
  async lock(manager: EntityManager, userId: string): Promise<BillingCustomer | null> {
    return manager.getRepository(BillingCustomer).findOne({ where: { userId }, lock: { mode: 'pessimistic_write' } });
  }

  /** The user whose provider customer this is (webhooks). */
  findByProviderCustomer(
    customerId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<BillingCustomer | null> {
    return manager
      .getRepository(BillingCustomer)
      .findOneBy({ provider: this.provider.kind, providerCustomerId: customerId });
  }

  /**
   * The user's customer with the provider in use, created there when missing (or when the row belongs to the other
   * provider, after a configuration change), and locked until `manager`'s transaction ends. The Stripe customer is
   * created with the idempotency key `customer:<userId>`: a redelivered event or a concurrent request gets the same one.
   */
  async ensureLocked(manager: EntityManager, userId: string, email: string): Promise<ReadyCustomer> {
    await manager.query(
      `INSERT INTO billing_customers (user_id, email, provider) VALUES ($1, $2, $3) ON CONFLICT (user_id) DO NOTHING`,
      [userId, email, this.provider.kind],
    );
    const customer = (await this.lock(manager, userId))!;
    if (customer.providerCustomerId && customer.provider === this.provider.kind) return customer as ReadyCustomer;
    const providerCustomerId = await this.provider.createCustomer({ userId, email: customer.email });
    const switched = customer.provider !== this.provider.kind && customer.providerCustomerId !== null;
    await manager
      .getRepository(BillingCustomer)
      .update(
        { userId },
        { provider: this.provider.kind, providerCustomerId, ...(switched ? { defaultPaymentMethodId: null } : {}) },
      );
    this.logger.log({
      msg: 'billing customer created',
      userId,
      provider: this.provider.kind,
      customerId: providerCustomerId,
    });
    return Object.assign(customer, {
      provider: this.provider.kind,
      providerCustomerId,
      ...(switched ? { defaultPaymentMethodId: null } : {}),
    });
  }

  /** Sets the user's default payment method (the row must be locked by the caller's transaction). */
  async setDefault(manager: EntityManager, userId: string, paymentMethodId: string | null): Promise<void> {
    await manager.getRepository(BillingCustomer).update({ userId }, { defaultPaymentMethodId: paymentMethodId });
  }

  /** The next subscription revision of the user (the row must exist). */
  async nextRevision(manager: EntityManager, userId: string): Promise<number> {
    const result = await manager
      .createQueryBuilder()
      .update(BillingCustomer)
      .set({ subscriptionRevision: () => 'subscription_revision + 1' })
      .where('user_id = :userId', { userId })
      .returning('subscription_revision')
      .execute();
    const row = (result.raw as { subscription_revision: number }[])[0];
    if (!row) throw new Error(`no billing customer for user ${userId}`);
    return row.subscription_revision;
  }
}
