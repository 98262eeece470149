import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mastercard, signedIn, visa } from '../../test/billing-fixtures';
import { fakeApi, renderRoutes } from '@rampquote/web-kit/testing/render-page';
import { BillingTab } from './BillingTab';

const route = [{ path: '/account/billing', element: <BillingTab /> }];

describe('Billing Preferences tab', () => {
  it('links to /billing and /subscription and lists the saved cards read-only', async () => {
    const api = fakeApi({ ...signedIn, 'GET /api/billing/payment-method': { status: 200, body: [visa, mastercard] } });
    renderRoutes(route, '/account/billing');
    expect(screen.getByRole('link', { name: 'Payment methods' })).toHaveAttribute('href', '/billing');
    expect(screen.getByRole('link', { name: 'Subscription' })).toHaveAttribute('href', '/subscription');
    const list = await screen.findByRole('list', { name: 'Saved cards' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Visa');
    expect(first).toHaveTextContent('4242');
    expect(first).toHaveTextContent('Expires 04/31');
    expect(within(first).getByText('Default')).toBeInTheDocument();
    expect(second).toHaveTextContent('Mastercard');
    expect(within(list).queryAllByRole('button')).toHaveLength(0);
    expect(api.callsTo('GET /api/billing/payment-method')).toHaveLength(1);
  });

  it('says when there are no saved cards', async () => {
    fakeApi({ ...signedIn, 'GET /api/billing/payment-method': { status: 200, body: [] } });
    renderRoutes(route, '/account/billing');
    expect(await screen.findByText('No saved cards. Add one on the billing page.')).toBeInTheDocument();
  });

  it('shows an error with a retry when the cards cannot be loaded', async () => {
    const api = fakeApi({
      ...signedIn,
      'GET /api/billing/payment-method': { status: 503, body: { error: 'Service unavailable' } },
    });
    renderRoutes(route, '/account/billing');
    expect(await screen.findByText('Your saved cards could not be loaded.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(api.callsTo('GET /api/billing/payment-method')).toHaveLength(2));
  });
});
