import { screen, within } from '@testing-library/react';
import { fakeApi, renderRoutes } from '@rampquote/web-kit/testing/render-page';
import { billingRecord, paidInvoice, signedIn, visa } from '../../test/billing-fixtures';
import { BillingPage } from './BillingPage';

describe('/billing history', () => {
  it("lists an upgrade's prorated charge as a change of plan, with its receipt", async () => {
    const proration = {
      ...paidInvoice,
      id: 'in_2',
      number: 'RQ-0002',
      date: '2026-07-30T12:00:00.000Z',
      amountCents: 7500,
      displayAmount: '$75.00',
      planId: 'enterprise' as const,
      planName: 'Enterprise',
      proration: true,
      receiptUrl: '/api/billing/invoices/in_2/receipt',
    };
    fakeApi({
      ...signedIn,
      'GET /api/billing': { status: 200, body: billingRecord([visa]) },
      'GET /api/billing/subscription': { status: 200, body: { subscription: null, planChanges: [] } },
      'GET /api/billing/invoices': { status: 200, body: [proration, paidInvoice] },
    });
    renderRoutes([{ path: '/billing', element: <BillingPage /> }], '/billing');
    const table = await screen.findByRole('table', { name: 'Invoices' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(
      within(first)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['07/30/2026', 'Enterprise: change of plan, prorated', '$75.00', 'Paid', 'Receipt']);
    expect(within(first).getByRole('link', { name: 'Receipt RQ-0002 (PDF)' })).toHaveAttribute(
      'href',
      '/api/billing/invoices/in_2/receipt',
    );
    expect(second).toHaveTextContent('Pro, monthly');
  });
});
