import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { Routes, BillingMessages, formatUsd, PLANS, type InvoiceDto } from '@rampquote/contracts';
import { BillingCustomer } from '../billing-customers/billing-customer.entity';
import { PAYMENT_PROVIDER, type PaymentProvider, type ProviderInvoice } from '../payment-providers/payment-provider';
import { Invoice } from './invoice.entity';
import { renderReceipt } from './receipt-pdf';

const toDto = (row: Invoice): InvoiceDto => ({
  id: row.id,
  number: row.number,
  date: row.issuedAt.toISOString(),
  amountCents: row.amountCents,
  displayAmount: formatUsd(row.amountCents),
  currency: 'usd',
  status: row.status,
  planId: row.planId,
  planName: row.planId ? PLANS[row.planId].name : null,
  proration: row.proration,
  receiptUrl: Routes.billing.receipt(row.id),
});

/** The billing history (beyond the spec): invoices as the provider reports them, with a receipt PDF each. */
@Injectable()
export class InvoicesService {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
  ) {}

  /** Keeps the provider's invoice (insert, or update its status and amounts); `card` is shown on the receipt when the provider named none. */
  async record(
    manager: EntityManager,
    userId: string,
    invoice: ProviderInvoice,
    card: { brand: string; last4: string } | null,
  ): Promise<void> {
    const shown = invoice.card ?? card;
    await manager
      .createQueryBuilder()
      .insert()
      .into(Invoice)
      .values({
        id: invoice.id,
        userId,
        provider: this.provider.kind,
        number: invoice.number,
        subscriptionId: invoice.subscriptionId,
        planId: invoice.planId,
        amountCents: invoice.amountCents,
        currency: 'usd',
        status: invoice.status,
        issuedAt: invoice.issuedAt,
        paidAt: invoice.paidAt,
        periodStart: invoice.periodStart,
        periodEnd: invoice.periodEnd,
        cardBrand: shown?.brand ?? null,
        cardLast4: shown?.last4 ?? null,
        proration: invoice.proration ?? false,
      })
      .orUpdate(
        ['status', 'amount_cents', 'paid_at', 'number', 'updated_at', ...(invoice.proration ? ['proration'] : [])],
        ['id'],
      )
      .execute();
  }

  /** `GET /api/billing/invoices`: newest first. */
  async list(userId: string): Promise<InvoiceDto[]> {
    const rows = await this.dataSource
      .getRepository(Invoice)
      .find({ where: { userId }, order: { issuedAt: 'DESC', createdAt: 'DESC', id: 'ASC' }, take: 120 });
    return rows.map(toDto);
  }

  /** `GET /api/billing/invoices/:id/receipt`: the PDF (404 for another user's invoice). */
  async receipt(userId: string, id: string): Promise<{ number: string; pdf: Buffer }> {
    const invoice = await this.dataSource.getRepository(Invoice).findOneBy({ id, userId });
    if (!invoice) throw new NotFoundException({ error: BillingMessages.invoiceNotFound });
    const customer = await this.dataSource.getRepository(BillingCustomer).findOneBy({ userId });
    return { number: invoice.number, pdf: await renderReceipt(invoice, customer?.email ?? null) };
  }
}
