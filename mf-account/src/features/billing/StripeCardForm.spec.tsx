import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { openAddCardDialog } from '../../test/add-card-dialog';
import { billingRecord, signedIn, visa } from '../../test/billing-fixtures';
import { clearToasts, fakeApi, renderRoutes, type FakeResponse } from '@rampquote/web-kit/testing/render-page';
import { BillingPage } from './BillingPage';

// Stripe.js and its React bindings, replaced: Stripe's card field is an iframe of Stripe's, and a SetupIntent is
// confirmed by Stripe. What is checked here is what the page does around them.
const mockCardElement = { clear: jest.fn() };
const mockConfirmCardSetup = jest.fn();
const mockLoadStripe = jest.fn();
jest.mock('@stripe/stripe-js/pure', () => ({
  loadStripe: (...args: unknown[]) => {
    mockLoadStripe(...args);
    return Promise.resolve({ confirmCardSetup: mockConfirmCardSetup });
  },
}));
jest.mock('@stripe/react-stripe-js', () => {
  const react = jest.requireActual<typeof import('react')>('react');
  return {
    Elements: ({ children }: { children: React.ReactNode }) => children,
    CardElement: () => react.createElement('div', { 'data-testid': 'stripe-card-element' }),
    useStripe: () => ({ confirmCardSetup: mockConfirmCardSetup }),
    useElements: () => ({ getElement: () => mockCardElement }),
  };
});

const route = [{ path: '/billing', element: <BillingPage /> }];

function stripeRoutes(overrides: Record<string, FakeResponse> = {}): Record<string, FakeResponse> {
  return {
    ...signedIn,
    'GET /api/billing': { status: 200, body: billingRecord([], 'stripe') },
    'GET /api/billing/subscription': { status: 200, body: { subscription: null } },
    'GET /api/billing/invoices': { status: 200, body: [] },
    'POST /api/billing/setup-intent': {
      status: 201,
      body: { clientSecret: 'seti_1_secret_2', publishableKey: 'pk_test_123' },
    },
    ...overrides,
  };
}

async function saveWithName(name: string) {
  const user = userEvent.setup();
  const dialog = await openAddCardDialog(user);
  expect(await within(dialog).findByTestId('stripe-card-element')).toBeInTheDocument();
  expect(within(dialog).queryByLabelText('Card number')).not.toBeInTheDocument();
  await user.type(within(dialog).getByLabelText('Cardholder name'), name);
  await user.click(within(dialog).getByRole('button', { name: 'Save Card' }));
  return dialog;
}

async function findToast(title: string) {
  return (await screen.findByText(title)).closest('[data-part="root"]') as HTMLElement;
}

afterEach(() => {
  clearToasts();
  mockConfirmCardSetup.mockReset();
  mockCardElement.clear.mockReset();
});

describe('/billing with Stripe', () => {
  it('confirms a SetupIntent with Stripe Elements and adds the resulting payment method', async () => {
    mockConfirmCardSetup.mockResolvedValue({ setupIntent: { id: 'seti_1', payment_method: 'pm_1Stripe' } });
    const routes = stripeRoutes({
      'POST /api/billing/payment-method': { status: 201, body: { ...visa, id: 'pm_1Stripe' } },
    });
    const api = fakeApi(routes);
    renderRoutes(route, '/billing');
    routes['GET /api/billing'] = { status: 200, body: billingRecord([{ ...visa, id: 'pm_1Stripe' }], 'stripe') };
    await saveWithName('Pat Pilot');

    expect(await findToast('Payment method added successfully')).toHaveAttribute('data-type', 'success');
    expect(mockLoadStripe).toHaveBeenCalledWith('pk_test_123');
    expect(api.callsTo('POST /api/billing/setup-intent')).toHaveLength(1);
    expect(mockConfirmCardSetup).toHaveBeenCalledWith('seti_1_secret_2', {
      payment_method: { card: mockCardElement, billing_details: { name: 'Pat Pilot' } },
    });
    expect(api.callsTo('POST /api/billing/payment-method').map((c) => c.body)).toEqual([
      { paymentMethodId: 'pm_1Stripe' },
    ]);
    expect(api.callsTo('POST /api/billing/local/card-token')).toHaveLength(0);
    expect(await screen.findByRole('button', { name: 'Remove Visa ending in 4242' })).toBeInTheDocument();
  });

  it('toasts "Failed to setup payment" with the reason when no SetupIntent can be made', async () => {
    const api = fakeApi(
      stripeRoutes({
        'POST /api/billing/setup-intent': { status: 503, body: { error: 'Payment provider unavailable' } },
      }),
    );
    renderRoutes(route, '/billing');
    await saveWithName('Pat Pilot');
    const toast = await findToast('Error');
    expect(toast).toHaveAttribute('data-type', 'error');
    expect(within(toast).getByText('Failed to setup payment: Payment provider unavailable')).toBeInTheDocument();
    expect(mockConfirmCardSetup).not.toHaveBeenCalled();
    expect(api.callsTo('POST /api/billing/payment-method')).toHaveLength(0);
  });

  it('toasts "Failed to add payment method" with Stripe\'s reason when the card is declined', async () => {
    mockConfirmCardSetup.mockResolvedValue({ error: { type: 'card_error', message: 'Your card was declined.' } });
    const api = fakeApi(stripeRoutes());
    renderRoutes(route, '/billing');
    const dialog = await saveWithName('Pat Pilot');
    const toast = await findToast('Error');
    expect(within(toast).getByText('Failed to add payment method: Your card was declined.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/billing/payment-method')).toHaveLength(0);
    expect(dialog).toBeInTheDocument();
  });

  it('requires the cardholder name before calling Stripe', async () => {
    const api = fakeApi(stripeRoutes());
    renderRoutes(route, '/billing');
    const user = userEvent.setup();
    const dialog = await openAddCardDialog(user);
    await user.click(await within(dialog).findByRole('button', { name: 'Save Card' }));
    expect(await within(dialog).findByText('Cardholder name is required')).toBeInTheDocument();
    expect(api.callsTo('POST /api/billing/setup-intent')).toHaveLength(0);
  });
});
