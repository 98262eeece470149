import { BillingMessages } from '@rampquote/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { openAddCardDialog } from '../../test/add-card-dialog';
import { billingRecord, mastercard, paidInvoice, proSubscription, signedIn, visa } from '../../test/billing-fixtures';
import { clearToasts, fakeApi, renderRoutes, type FakeResponse } from '@rampquote/web-kit/testing/render-page';
import { BillingPage } from './BillingPage';

// Stripe's modules stand in for the lazily loaded Stripe chunk: the local card form must never load them.
const mockStripeModulesLoaded: string[] = [];
jest.mock('@stripe/stripe-js/pure', () => {
  mockStripeModulesLoaded.push('@stripe/stripe-js/pure');
  return { loadStripe: jest.fn(async () => null) };
});
jest.mock('@stripe/react-stripe-js', () => {
  mockStripeModulesLoaded.push('@stripe/react-stripe-js');
  return jest.requireActual('@stripe/react-stripe-js');
});

const route = [{ path: '/billing', element: <BillingPage /> }];
const CARD_NUMBER = '4242424242424242';

function baseRoutes(overrides: Record<string, FakeResponse> = {}): Record<string, FakeResponse> {
  return {
    ...signedIn,
    'GET /api/billing': { status: 200, body: billingRecord([visa, mastercard]) },
    'GET /api/billing/subscription': { status: 200, body: { subscription: null } },
    'GET /api/billing/invoices': { status: 200, body: [] },
    ...overrides,
  };
}

/** The toast with this title (its root element). */
async function findToast(title: string) {
  return (await screen.findByText(title)).closest('[data-part="root"]') as HTMLElement;
}

afterEach(() => {
  clearToasts();
});

describe('/billing', () => {
  it('lists the saved cards with brand, last 4, expiry MM/YY and the default marker', async () => {
    fakeApi(baseRoutes());
    renderRoutes(route, '/billing');
    const list = await screen.findByRole('list', { name: 'Saved cards' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Visa');
    expect(first).toHaveTextContent('4242');
    expect(first).toHaveTextContent('Expires 04/31');
    expect(within(first).getByText('Default')).toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: /as default/ })).not.toBeInTheDocument();
    expect(second).toHaveTextContent('Mastercard');
    expect(second).toHaveTextContent('Expires 11/30');
    expect(within(second).queryByText('Default')).not.toBeInTheDocument();
    expect(
      within(second).getByRole('button', { name: 'Set as default: Mastercard ending in 4444' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Billing' })).toBeInTheDocument();
  });

  it('shows an empty state without cards, and an error state with a retry when the record fails', async () => {
    const routes = baseRoutes({ 'GET /api/billing': { status: 200, body: billingRecord([]) } });
    fakeApi(routes);
    const { unmount } = renderRoutes(route, '/billing');
    expect(await screen.findByRole('heading', { name: 'No payment methods yet' })).toBeInTheDocument();
    unmount();

    const api = fakeApi(
      baseRoutes({ 'GET /api/billing': { status: 503, body: { error: 'Payment provider unavailable' } } }),
    );
    renderRoutes(route, '/billing');
    expect(await screen.findByText('Your payment methods could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Payment Method' })).toBeDisabled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(api.callsTo('GET /api/billing')).toHaveLength(2));
  });

  it('sends a visitor to /login with /billing as returnPath', async () => {
    fakeApi({ 'GET /api/auth/me': { status: 401, body: { error: 'Not authenticated' } } });
    const { router } = renderRoutes(route, '/billing');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('returnPath')).toBe('/billing');
  });

  it('shows the spec card-form messages and sends nothing while the card form is invalid', async () => {
    const api = fakeApi(baseRoutes());
    renderRoutes(route, '/billing');
    const user = userEvent.setup();
    const dialog = await openAddCardDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Save Card' }));
    expect(await within(dialog).findByText(BillingMessages.cardNumberTooShort)).toBeInTheDocument();
    expect(within(dialog).getByText(BillingMessages.expiryFormat)).toBeInTheDocument();
    expect(within(dialog).getByText(BillingMessages.cvcTooShort)).toBeInTheDocument();
    expect(within(dialog).getByText(BillingMessages.nameRequired)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Card number')).toHaveAccessibleDescription(
      BillingMessages.cardNumberTooShort,
    );

    await user.type(within(dialog).getByLabelText('Card number'), '4242 4242');
    await user.type(within(dialog).getByLabelText('Expiry (MM/YY)'), '1/30');
    await user.type(within(dialog).getByLabelText('CVC'), '12');
    await user.type(within(dialog).getByLabelText('Cardholder name'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Save Card' }));
    expect(await within(dialog).findByText(BillingMessages.cardNumberTooShort)).toBeInTheDocument();
    expect(within(dialog).getByText(BillingMessages.expiryFormat)).toBeInTheDocument();
    expect(within(dialog).getByText(BillingMessages.cvcTooShort)).toBeInTheDocument();
    expect(within(dialog).getByText(BillingMessages.nameRequired)).toBeInTheDocument();

    // Beyond the spec: the checksum and a past expiry.
    await user.clear(within(dialog).getByLabelText('Card number'));
    await user.type(within(dialog).getByLabelText('Card number'), '4242424242424241');
    await user.clear(within(dialog).getByLabelText('Expiry (MM/YY)'));
    await user.type(within(dialog).getByLabelText('Expiry (MM/YY)'), '01/20');
    await user.click(within(dialog).getByRole('button', { name: 'Save Card' }));
    expect(await within(dialog).findByText(BillingMessages.cardNumberInvalid)).toBeInTheDocument();
    expect(within(dialog).getByText(BillingMessages.cardExpired)).toBeInTheDocument();

    expect(api.callsTo('POST /api/billing/local/card-token')).toHaveLength(0);
    expect(api.callsTo('POST /api/billing/payment-method')).toHaveLength(0);
  });

  it('labels the card fields for card autofill and the numeric keypad', async () => {
    fakeApi(baseRoutes());
    renderRoutes(route, '/billing');
    const dialog = await openAddCardDialog(userEvent.setup());
    expect(within(dialog).getByLabelText('Card number')).toHaveAttribute('autocomplete', 'cc-number');
    expect(within(dialog).getByLabelText('Card number')).toHaveAttribute('inputmode', 'numeric');
    expect(within(dialog).getByLabelText('Expiry (MM/YY)')).toHaveAttribute('autocomplete', 'cc-exp');
    expect(within(dialog).getByLabelText('CVC')).toHaveAttribute('autocomplete', 'cc-csc');
    expect(within(dialog).getByLabelText('Cardholder name')).toHaveAttribute('autocomplete', 'cc-name');
    // The dialog moves focus into itself once it has opened (asynchronously), not as it renders.
    await waitFor(() => expect(within(dialog).getByLabelText('Card number')).toHaveFocus());
  });

  it('sends the entered card once to card-token, adds only the returned id, and keeps the number out of the store', async () => {
    const newCard = {
      id: 'pm_local_new',
      isDefault: false,
      card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2039 },
    };
    const routes = baseRoutes({
      'GET /api/billing': { status: 200, body: billingRecord([mastercard]) },
      'POST /api/billing/local/card-token': {
        status: 201,
        body: { paymentMethodId: 'pm_local_new', card: newCard.card },
      },
      'POST /api/billing/payment-method': { status: 201, body: newCard },
    });
    const api = fakeApi(routes);
    const { store } = renderRoutes(route, '/billing');
    const user = userEvent.setup();
    const dialog = await openAddCardDialog(user);
    await user.type(within(dialog).getByLabelText('Card number'), '4242 4242 4242 4242');
    await user.type(within(dialog).getByLabelText('Expiry (MM/YY)'), '12/39');
    await user.type(within(dialog).getByLabelText('CVC'), '123');
    await user.type(within(dialog).getByLabelText('Cardholder name'), 'Pat Pilot');
    routes['GET /api/billing'] = { status: 200, body: billingRecord([mastercard, newCard]) };
    await user.click(within(dialog).getByRole('button', { name: 'Save Card' }));

    const toast = await findToast('Payment method added successfully');
    expect(toast).toHaveAttribute('data-type', 'success');
    expect(api.callsTo('POST /api/billing/local/card-token').map((c) => c.body)).toEqual([
      { number: CARD_NUMBER, expiry: '12/39', cvc: '123', name: 'Pat Pilot' },
    ]);
    expect(api.callsTo('POST /api/billing/payment-method').map((c) => c.body)).toEqual([
      { paymentMethodId: 'pm_local_new' },
    ]);
    const elsewhere = api.calls.filter((c) => c.key !== 'POST /api/billing/local/card-token');
    expect(JSON.stringify(elsewhere)).not.toContain(CARD_NUMBER);
    expect(JSON.stringify(elsewhere)).not.toContain('"cvc"');
    expect(JSON.stringify(store.getState())).not.toContain(CARD_NUMBER);
    expect(JSON.stringify(store.getState())).not.toContain('"cvc"');

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Payment Method' })).not.toBeInTheDocument());
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Saved cards' })).getAllByRole('listitem')).toHaveLength(2),
    );
    expect(api.callsTo('GET /api/billing')).toHaveLength(2);
    expect(mockStripeModulesLoaded).toEqual([]);
  });

  it('toasts "Error" / "Failed to add payment method" with the reason when the card is refused', async () => {
    const api = fakeApi(
      baseRoutes({
        'POST /api/billing/local/card-token': {
          status: 400,
          body: { error: 'Invalid request data', details: [{ message: BillingMessages.cardExpired }] },
        },
      }),
    );
    renderRoutes(route, '/billing');
    const user = userEvent.setup();
    const dialog = await openAddCardDialog(user);
    await user.type(within(dialog).getByLabelText('Card number'), CARD_NUMBER);
    await user.type(within(dialog).getByLabelText('Expiry (MM/YY)'), '12/39');
    await user.type(within(dialog).getByLabelText('CVC'), '123');
    await user.type(within(dialog).getByLabelText('Cardholder name'), 'Pat Pilot');
    await user.click(within(dialog).getByRole('button', { name: 'Save Card' }));

    const toast = await findToast('Error');
    expect(toast).toHaveAttribute('data-type', 'error');
    expect(
      within(toast).getByText('Failed to add payment method: Invalid request data: Card has expired'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /api/billing/payment-method')).toHaveLength(0);
    // The dialog stays open with what was typed, so the user can correct it.
    expect(
      within(screen.getByRole('dialog', { name: 'Add Payment Method' })).getByLabelText('Cardholder name'),
    ).toHaveValue('Pat Pilot');
  });

  it('makes another card the default: "Default payment method updated", the list refreshes', async () => {
    const routes = baseRoutes({
      'POST /api/billing/default-payment-method': {
        status: 200,
        body: billingRecord([
          { ...visa, isDefault: false },
          { ...mastercard, isDefault: true },
        ]),
      },
    });
    const api = fakeApi(routes);
    renderRoutes(route, '/billing');
    const button = await screen.findByRole('button', { name: 'Set as default: Mastercard ending in 4444' });
    routes['GET /api/billing'] = {
      status: 200,
      body: billingRecord([
        { ...visa, isDefault: false },
        { ...mastercard, isDefault: true },
      ]),
    };
    await userEvent.setup().click(button);
    expect(await findToast('Default payment method updated')).toHaveAttribute('data-type', 'success');
    expect(api.callsTo('POST /api/billing/default-payment-method').map((c) => c.body)).toEqual([
      { paymentMethodId: mastercard.id },
    ]);
    expect(await screen.findByRole('button', { name: 'Set as default: Visa ending in 4242' })).toBeInTheDocument();
  });

  it('toasts "Failed to update default payment method" with the reason', async () => {
    fakeApi(
      baseRoutes({
        'POST /api/billing/default-payment-method': {
          status: 404,
          body: { error: BillingMessages.paymentMethodNotFound },
        },
      }),
    );
    renderRoutes(route, '/billing');
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Set as default: Mastercard ending in 4444' }));
    const toast = await findToast('Error');
    expect(
      within(toast).getByText('Failed to update default payment method: Payment method not found'),
    ).toBeInTheDocument();
  });

  it('removes a card only after the confirmation: Cancel keeps it, Remove toasts "Payment method removed"', async () => {
    const routes = baseRoutes({
      [`DELETE /api/billing/payment-method/${visa.id}`]: {
        status: 200,
        body: billingRecord([{ ...mastercard, isDefault: true }]),
      },
    });
    const api = fakeApi(routes);
    renderRoutes(route, '/billing');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove Visa ending in 4242' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Remove Payment Method' });
    expect(dialog).toHaveTextContent(
      'Remove Visa ending in 4242? It is your default card; another saved card becomes the default.',
    );
    // The dialog moves focus into itself once it has opened (asynchronously), not as it renders.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.callsTo(`DELETE /api/billing/payment-method/${visa.id}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remove Visa ending in 4242' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Remove Payment Method' });
    routes['GET /api/billing'] = { status: 200, body: billingRecord([{ ...mastercard, isDefault: true }]) };
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await findToast('Payment method removed')).toHaveAttribute('data-type', 'success');
    expect(api.callsTo(`DELETE /api/billing/payment-method/${visa.id}`)).toHaveLength(1);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Remove Visa ending in 4242' })).not.toBeInTheDocument(),
    );
    const [only] = within(screen.getByRole('list', { name: 'Saved cards' })).getAllByRole('listitem');
    expect(within(only).getByText('Default')).toBeInTheDocument();
  });

  it('toasts "Failed to delete payment method" with the reason and keeps the dialog open', async () => {
    fakeApi(
      baseRoutes({
        [`DELETE /api/billing/payment-method/${mastercard.id}`]: {
          status: 404,
          body: { error: BillingMessages.paymentMethodNotFound },
        },
      }),
    );
    renderRoutes(route, '/billing');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove Mastercard ending in 4444' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    const toast = await findToast('Error');
    expect(within(toast).getByText('Failed to delete payment method: Payment method not found')).toBeInTheDocument();
    expect(screen.getByRole('alertdialog', { name: 'Remove Payment Method' })).toBeInTheDocument();
  });

  it('summarises the subscription with a button to /subscription', async () => {
    fakeApi(baseRoutes({ 'GET /api/billing/subscription': { status: 200, body: { subscription: proSubscription } } }));
    const { router } = renderRoutes(route, '/billing');
    const section = await screen.findByRole('region', { name: 'Subscription' });
    expect(await within(section).findByText('Pro')).toBeInTheDocument();
    expect(section).toHaveTextContent('Pro plan · Active');
    expect(section).toHaveTextContent('Renews on 08/15/2026');
    await userEvent.setup().click(within(section).getByRole('link', { name: 'Manage Subscription' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscription'));
  });

  it('says "access until" in the summary after a cancel, and "View Plans" without a subscription', async () => {
    fakeApi(
      baseRoutes({
        'GET /api/billing/subscription': {
          status: 200,
          body: { subscription: { ...proSubscription, cancelAtPeriodEnd: true } },
        },
      }),
    );
    const { unmount } = renderRoutes(route, '/billing');
    expect(await screen.findByText('Cancelled: access until 08/15/2026')).toBeInTheDocument();
    unmount();
    fakeApi(baseRoutes());
    renderRoutes(route, '/billing');
    expect(await screen.findByText('You have no active subscription.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Plans' })).toHaveAttribute('href', '/subscription');
  });

  it('shows the billing history with date, amount, status and a receipt link', async () => {
    fakeApi(baseRoutes({ 'GET /api/billing/invoices': { status: 200, body: [paidInvoice] } }));
    renderRoutes(route, '/billing');
    const table = await screen.findByRole('table', { name: 'Invoices' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Date', 'Description', 'Amount', 'Status', 'Receipt']);
    const row = within(table).getAllByRole('row')[1];
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['07/15/2026', 'Pro, monthly', '$49.00', 'Paid', 'Receipt']);
    expect(within(row).getByRole('link', { name: 'Receipt RQ-0001 (PDF)' })).toHaveAttribute(
      'href',
      '/api/billing/invoices/in_1/receipt',
    );
  });

  it('says so when there are no invoices yet', async () => {
    fakeApi(baseRoutes());
    renderRoutes(route, '/billing');
    expect(await screen.findByText('No invoices yet.')).toBeInTheDocument();
  });
});
