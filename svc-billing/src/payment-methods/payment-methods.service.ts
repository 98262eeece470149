import { ConflictException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  BillingMessages,
  type AddPaymentMethodInput,
  type BillingRecordDto,
  type PaymentMethodDto,
  type SetupIntentResponse,
} from '@rampquote/contracts';
import { BillingCustomersService } from '../billing-customers/billing-customers.service';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../payment-providers/payment-provider';
import type { SignedIn } from '../shared/signed-in';
import { PaymentMethod } from './payment-method.entity';

const NOT_FOUND = () => new NotFoundException({ error: BillingMessages.paymentMethodNotFound });

const toDto = (row: PaymentMethod, defaultId: string | null): PaymentMethodDto => ({
  id: row.id,
  isDefault: row.id === defaultId,
  card: { brand: row.brand, last4: row.last4, exp_month: row.expMonth, exp_year: row.expYear },
});

/**
 * Saved cards (spec sections 3, 4 and 7): the first card becomes the default; removing the default promotes the
 * newest other card; another user's card id is a 404 and changes nothing. Each change runs in one transaction that
 * holds the user's billing row, and goes to the provider first (Stripe: attach/detach, the customer's
 * invoice_settings.default_payment_method).
 */
@Injectable()
export class PaymentMethodsService {
  private readonly logger = new Logger('PaymentMethods');

  constructor(
    private readonly dataSource: DataSource,
    private readonly customers: BillingCustomersService,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
  ) {}

  /** `GET /api/billing`. */
  async record(userId: string, manager: EntityManager = this.dataSource.manager): Promise<BillingRecordDto> {
    const customer = await this.customers.find(userId, manager);
    const current = customer?.provider === this.provider.kind ? customer : null;
    const paymentMethods = await this.list(userId, manager);
    const defaultPaymentMethodId = paymentMethods.find((m) => m.isDefault)?.id ?? null;
    return {
      customerId: current?.providerCustomerId ?? null,
      paymentMethods,
      defaultPaymentMethodId,
      provider: this.provider.kind,
      publishableKey: this.provider.publishableKey,
      testMode: this.provider.testMode,
    };
  }

  /** `GET /api/billing/payment-method`: the user's cards with the provider in use, oldest first. */
  async list(userId: string, manager: EntityManager = this.dataSource.manager): Promise<PaymentMethodDto[]> {
    const customer = await this.customers.find(userId, manager);
    const defaultId = customer?.provider === this.provider.kind ? customer.defaultPaymentMethodId : null;
    const rows = await this.rows(manager, userId);
    return rows.map((row) => toDto(row, defaultId));
  }

  /** The user's default card with the provider in use (null when none). */
  async defaultCard(manager: EntityManager, userId: string, defaultId: string | null): Promise<PaymentMethod | null> {
    if (!defaultId) return null;
    return manager.getRepository(PaymentMethod).findOneBy({ id: defaultId, userId, provider: this.provider.kind });
  }

  /** `POST /api/billing/setup-intent` (Stripe): the client secret Stripe Elements confirms the card with. */
  async setupIntent(identity: SignedIn, requestKey: string): Promise<SetupIntentResponse> {
    if (!this.provider.publishableKey) throw new ConflictException({ error: BillingMessages.setupIntentLocal });
    return this.dataSource.transaction(async (manager) => {
      const customer = await this.customers.ensureLocked(manager, identity.user.id, identity.user.email);
      const { clientSecret } = await this.provider.createSetupIntent({
        customerId: customer.providerCustomerId,
        userId: identity.user.id,
        requestKey,
      });
      return { clientSecret, publishableKey: this.provider.publishableKey! };
    });
  }

  /** `POST /api/billing/payment-method`: attaches the card the page made; the first card (or setAsDefault) becomes default. */
  async add(identity: SignedIn, input: Required<AddPaymentMethodInput>): Promise<PaymentMethodDto> {
    const userId = identity.user.id;
    return this.dataSource.transaction(async (manager) => {
      const customer = await this.customers.ensureLocked(manager, userId, identity.user.email);
      const taken = await manager.getRepository(PaymentMethod).findOneBy({ id: input.paymentMethodId });
      if (taken && taken.userId !== userId) throw NOT_FOUND();
      const card = await this.provider.attachPaymentMethod({
        customerId: customer.providerCustomerId,
        userId,
        paymentMethodId: input.paymentMethodId,
      });
      if (!taken) {
        await manager.getRepository(PaymentMethod).insert({
          id: input.paymentMethodId,
          userId,
          provider: this.provider.kind,
          brand: card.brand,
          last4: card.last4,
          expMonth: card.expMonth,
          expYear: card.expYear,
        });
      }
      const currentDefault = await this.defaultCard(manager, userId, customer.defaultPaymentMethodId);
      let defaultId = currentDefault?.id ?? null;
      if (input.setAsDefault || defaultId === null) {
        await this.provider.setDefaultPaymentMethod({
          customerId: customer.providerCustomerId,
          paymentMethodId: input.paymentMethodId,
        });
        await this.customers.setDefault(manager, userId, input.paymentMethodId);
        defaultId = input.paymentMethodId;
      }
      this.logger.log({
        msg: 'payment method added',
        userId,
        paymentMethodId: input.paymentMethodId,
        brand: card.brand,
        last4: card.last4,
        isDefault: defaultId === input.paymentMethodId,
      });
      const row = await manager.getRepository(PaymentMethod).findOneByOrFail({ id: input.paymentMethodId });
      return toDto(row, defaultId);
    });
  }

  /** `DELETE /api/billing/payment-method/:id`: detaches it; when it was the default, the newest other card is. */
  async remove(userId: string, paymentMethodId: string): Promise<BillingRecordDto> {
    return this.dataSource.transaction(async (manager) => {
      const customer = await this.customers.lock(manager, userId);
      const row = await manager
        .getRepository(PaymentMethod)
        .findOneBy({ id: paymentMethodId, userId, provider: this.provider.kind });
      if (!customer || !customer.providerCustomerId || !row) throw NOT_FOUND();
      await this.provider.detachPaymentMethod({ customerId: customer.providerCustomerId, paymentMethodId });
      await this.forget(manager, userId, customer.providerCustomerId, customer.defaultPaymentMethodId, paymentMethodId);
      this.logger.log({ msg: 'payment method removed', userId, paymentMethodId });
      return this.record(userId, manager);
    });
  }

  /**
   * Drops the local copy of a card (removed, or detached at the provider) and, when it was the default, makes the
   * newest other card the default (at the provider too), or none.
   */
  async forget(
    manager: EntityManager,
    userId: string,
    customerId: string,
    defaultId: string | null,
    paymentMethodId: string,
  ): Promise<void> {
    await manager.getRepository(PaymentMethod).delete({ id: paymentMethodId, userId });
    if (defaultId !== paymentMethodId) return;
    const next = (await this.rows(manager, userId)).at(-1) ?? null;
    await this.provider.setDefaultPaymentMethod({ customerId, paymentMethodId: next?.id ?? null });
    await this.customers.setDefault(manager, userId, next?.id ?? null);
  }

  /** `POST /api/billing/default-payment-method`. */
  async setDefault(userId: string, paymentMethodId: string): Promise<BillingRecordDto> {
    return this.dataSource.transaction(async (manager) => {
      const customer = await this.customers.lock(manager, userId);
      const row = await manager
        .getRepository(PaymentMethod)
        .findOneBy({ id: paymentMethodId, userId, provider: this.provider.kind });
      if (!customer || !customer.providerCustomerId || !row) throw NOT_FOUND();
      if (customer.defaultPaymentMethodId !== paymentMethodId) {
        await this.provider.setDefaultPaymentMethod({ customerId: customer.providerCustomerId, paymentMethodId });
        await this.customers.setDefault(manager, userId, paymentMethodId);
      }
      return this.record(userId, manager);
    });
  }

  private rows(manager: EntityManager, userId: string): Promise<PaymentMethod[]> {
    return manager
      .getRepository(PaymentMethod)
      .find({ where: { userId, provider: this.provider.kind }, order: { createdAt: 'ASC', id: 'ASC' } });
  }
}
