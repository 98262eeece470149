import type { BillingRecordDto, InvoiceDto, PaymentMethodDto, SubscriptionDto } from '@rampquote/contracts';

/** Test data of the billing page's tests. */
export const pilot = {
  id: 'u1',
  username: 'pilot',
  email: 'pilot@rampquote.dev',
  role: 'pilot',
  firstName: 'Pat',
  lastName: 'Pilot',
  companyName: null,
};
export const signedIn = { 'GET /api/auth/me': { status: 200, body: pilot } };

export const visa: PaymentMethodDto = {
  id: 'pm_local_visa',
  isDefault: true,
  card: { brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2031 },
};
export const mastercard: PaymentMethodDto = {
  id: 'pm_local_mc',
  isDefault: false,
  card: { brand: 'mastercard', last4: '4444', exp_month: 11, exp_year: 2030 },
};

export function billingRecord(methods: PaymentMethodDto[], provider: 'local' | 'stripe' = 'local'): BillingRecordDto {
  return {
    customerId: provider === 'local' ? 'cus_local_1' : 'cus_123',
    paymentMethods: methods,
    defaultPaymentMethodId: methods.find((m) => m.isDefault)?.id ?? null,
    provider,
    publishableKey: provider === 'stripe' ? 'pk_test_123' : null,
    testMode: true,
  };
}

export const proSubscription: SubscriptionDto = {
  id: 'sub_local_1',
  planId: 'pro',
  planName: 'Pro',
  status: 'active',
  currentPeriodEnd: '2026-08-15T12:00:00.000Z',
  cancelAtPeriodEnd: false,
  scheduledPlanId: null,
  scheduledChangeAt: null,
};

export const paidInvoice: InvoiceDto = {
  id: 'in_1',
  number: 'RQ-0001',
  date: '2026-07-15T12:00:00.000Z',
  amountCents: 4900,
  displayAmount: '$49.00',
  currency: 'usd',
  status: 'paid',
  planId: 'pro',
  planName: 'Pro',
  proration: false,
  receiptUrl: '/api/billing/invoices/in_1/receipt',
};
