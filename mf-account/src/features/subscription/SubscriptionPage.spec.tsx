import { BillingMessages, PLANS } from '@rampquote/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api as webApi } from '@rampquote/web-kit';
import { billingRecord, proSubscription, signedIn, visa } from '../../test/billing-fixtures';
import { clearToasts, fakeApi, renderRoutes, type FakeResponse } from '@rampquote/web-kit/testing/render-page';
import { SubscriptionPage } from './SubscriptionPage';

const route = [{ path: '/subscription', element: <SubscriptionPage /> }];

function baseRoutes(overrides: Record<string, FakeResponse> = {}): Record<string, FakeResponse> {
  return {
    ...signedIn,
    'GET /api/billing/plans': { status: 200, body: PLANS },
    'GET /api/billing/subscription': { status: 200, body: { subscription: null } },
    'GET /api/billing': { status: 200, body: billingRecord([visa]) },
    ...overrides,
  };
}

/** fakeApi, plus the Idempotency-Key header of each request ("METHOD /path" → header). */
function fakeApiWithKeys(routes: Record<string, FakeResponse>) {
  const api = fakeApi(routes);
  return {
    ...api,
    get keys() {
      return api.calls.map((c) => ({ key: c.key, idempotencyKey: c.headers.get('idempotency-key') }));
    },
  };
}

function planCard(name: string) {
  return screen.getByRole('article', { name });
}

async function findToast(title: string) {
  return (await screen.findByText(title)).closest('[data-part="root"]') as HTMLElement;
}

/** Confirms a subscribe or switch in its dialog (the amounts are tested in ConfirmPlanDialog.spec). */
async function confirm(title: string, button: string) {
  const dialog = await screen.findByRole('alertdialog', { name: title });
  await userEvent.setup().click(within(dialog).getByRole('button', { name: button }));
}

afterEach(() => {
  clearToasts();
});

describe('/subscription', () => {
  it('lists the plans with their monthly price in USD with two decimals and their features', async () => {
    fakeApi(baseRoutes());
    renderRoutes(route, '/subscription');
    await screen.findByRole('article', { name: 'Entry Level' });
    const names = screen.getAllByRole('article').map((a) => within(a).getByRole('heading').textContent);
    expect(names).toEqual(['Entry Level', 'Pro', 'Enterprise']);
    expect(planCard('Entry Level')).toHaveTextContent('$19.00 per month');
    expect(planCard('Pro')).toHaveTextContent('$49.00 per month');
    expect(planCard('Enterprise')).toHaveTextContent('$199.00 per month');
    expect(
      within(planCard('Pro'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(PLANS.pro.features);
    expect(screen.getByRole('heading', { level: 1, name: 'Subscription' })).toBeInTheDocument();
  });

  it('without a subscription, a plan button creates one with an Idempotency-Key: "Subscription created successfully"', async () => {
    const routes = baseRoutes({ 'POST /api/billing/subscription': { status: 201, body: proSubscription } });
    const api = fakeApiWithKeys(routes);
    renderRoutes(route, '/subscription');
    expect(await screen.findByText('You have no subscription yet. Choose a plan below.')).toBeInTheDocument();
    expect(within(planCard('Entry Level')).getByRole('button', { name: 'Subscribe to Entry Level' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Current Plan' })).not.toBeInTheDocument();

    api.set('GET /api/billing/subscription', { status: 200, body: { subscription: proSubscription } });
    const user = userEvent.setup();
    await user.click(within(planCard('Pro')).getByRole('button', { name: 'Subscribe to Pro' }));
    await confirm('Subscribe to Pro', 'Subscribe');
    expect(await findToast('Subscription created successfully')).toHaveAttribute('data-type', 'success');
    expect(api.callsTo('POST /api/billing/subscription').map((c) => c.body)).toEqual([{ planId: 'pro' }]);
    const [create] = api.keys.filter((k) => k.key === 'POST /api/billing/subscription');
    expect(create.idempotencyKey).toMatch(/^[\x21-\x7e]{8,200}$/);

    // The refreshed subscription: Pro is the current plan, the others switch.
    const current = await within(planCard('Pro')).findByRole('button', { name: 'Current Plan' });
    expect(current).toBeDisabled();
    expect(within(planCard('Enterprise')).getByRole('button', { name: 'Switch to Enterprise' })).toBeEnabled();
    expect(screen.getByRole('region', { name: 'Current Subscription' })).toHaveTextContent('PlanPro');
  });

  it('with a subscription, another plan switches it (PUT with its own key): "Subscription updated successfully"', async () => {
    const enterprise = { ...proSubscription, planId: 'enterprise', planName: 'Enterprise' };
    const routes = baseRoutes({
      'GET /api/billing/subscription': { status: 200, body: { subscription: proSubscription } },
      [`PUT /api/billing/subscription/${proSubscription.id}`]: { status: 200, body: enterprise },
    });
    const api = fakeApiWithKeys(routes);
    renderRoutes(route, '/subscription');
    expect(
      await within(await screen.findByRole('article', { name: 'Pro' })).findByRole('button', { name: 'Current Plan' }),
    ).toBeDisabled();
    expect(within(planCard('Entry Level')).getByRole('button', { name: 'Switch to Entry Level' })).toBeEnabled();

    api.set('GET /api/billing/subscription', { status: 200, body: { subscription: enterprise } });
    const user = userEvent.setup();
    await user.click(within(planCard('Enterprise')).getByRole('button', { name: 'Switch to Enterprise' }));
    await confirm('Switch to Enterprise', 'Switch Now');
    expect(await findToast('Subscription updated successfully')).toHaveAttribute('data-type', 'success');
    expect(api.callsTo(`PUT /api/billing/subscription/${proSubscription.id}`).map((c) => c.body)).toEqual([
      { planId: 'enterprise' },
    ]);
    expect(api.callsTo('POST /api/billing/subscription')).toHaveLength(0);
    expect(await within(planCard('Enterprise')).findByRole('button', { name: 'Current Plan' })).toBeDisabled();
    expect(within(planCard('Pro')).getByRole('button', { name: 'Switch to Pro' })).toBeEnabled();
    const switchKey = api.keys.find(
      (k) => k.key === `PUT /api/billing/subscription/${proSubscription.id}`,
    )!.idempotencyKey;
    expect(switchKey).toBeTruthy();

    // A second action is a new key.
    api.set(`PUT /api/billing/subscription/${proSubscription.id}`, { status: 200, body: proSubscription });
    await user.click(within(planCard('Pro')).getByRole('button', { name: 'Switch to Pro' }));
    await confirm('Switch to Pro', 'Switch Now');
    await waitFor(() =>
      expect(api.keys.filter((k) => k.key === `PUT /api/billing/subscription/${proSubscription.id}`)).toHaveLength(2),
    );
    const keys = api.keys
      .filter((k) => k.key === `PUT /api/billing/subscription/${proSubscription.id}`)
      .map((k) => k.idempotencyKey);
    expect(new Set(keys).size).toBe(2);
  });

  it('shows status and auto-renew Yes; a confirmed cancel toasts the period end and shows auto-renew No and "access until"', async () => {
    const cancelled = { ...proSubscription, cancelAtPeriodEnd: true };
    const routes = baseRoutes({
      'GET /api/billing/subscription': { status: 200, body: { subscription: proSubscription } },
      [`DELETE /api/billing/subscription/${proSubscription.id}`]: { status: 200, body: cancelled },
    });
    const api = fakeApiWithKeys(routes);
    renderRoutes(route, '/subscription');
    const region = await screen.findByRole('region', { name: 'Current Subscription' });
    expect(region).toHaveTextContent('StatusActive');
    expect(region).toHaveTextContent('Auto-renewYes');
    expect(region).toHaveTextContent('Renews on08/15/2026');

    const user = userEvent.setup();
    await user.click(within(region).getByRole('button', { name: 'Cancel Subscription' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Cancel Subscription' });
    expect(dialog).toHaveTextContent('Your Pro plan will not renew. You keep access until 08/15/2026.');
    // The dialog moves focus into itself once it has opened (asynchronously), not as it renders.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Keep Subscription' })).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Keep Subscription' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.callsTo(`DELETE /api/billing/subscription/${proSubscription.id}`)).toHaveLength(0);

    await user.click(within(region).getByRole('button', { name: 'Cancel Subscription' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Cancel Subscription' });
    api.set('GET /api/billing/subscription', { status: 200, body: { subscription: cancelled } });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Subscription' }));
    expect(await findToast('Subscription cancelled. You keep access until 08/15/2026.')).toHaveAttribute(
      'data-type',
      'success',
    );
    expect(
      api.keys.find((k) => k.key === `DELETE /api/billing/subscription/${proSubscription.id}`)?.idempotencyKey,
    ).toBeTruthy();

    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Current Subscription' })).toHaveTextContent('Auto-renewNo'),
    );
    const after = screen.getByRole('region', { name: 'Current Subscription' });
    expect(after).toHaveTextContent('Access until08/15/2026');
    expect(within(after).queryByRole('button', { name: 'Cancel Subscription' })).not.toBeInTheDocument();
    expect(within(planCard('Pro')).getByRole('button', { name: 'Current Plan' })).toBeDisabled();
  });

  it('refreshes the profile (its plan fields) after a subscription change', async () => {
    // Stands in for the profile page's query, which provides the 'Profile' tag.
    const profileProbe = webApi.injectEndpoints({
      endpoints: (build) => ({
        subscriptionSpecProfile: build.query<unknown, void>({
          query: () => '/api/user/profile',
          providesTags: ['Profile'],
        }),
      }),
    });
    const api = fakeApi(
      baseRoutes({
        'POST /api/billing/subscription': { status: 201, body: proSubscription },
        'GET /api/user/profile': { status: 200, body: {} },
      }),
    );
    const { store } = renderRoutes(route, '/subscription');
    const probe = store.dispatch(profileProbe.endpoints.subscriptionSpecProfile.initiate());
    await waitFor(() => expect(api.callsTo('GET /api/user/profile')).toHaveLength(1));
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Subscribe to Pro' }));
    await confirm('Subscribe to Pro', 'Subscribe');
    await findToast('Subscription created successfully');
    await waitFor(() => expect(api.callsTo('GET /api/user/profile')).toHaveLength(2));
    probe.unsubscribe();
  });

  it('toasts "Failed to create subscription" with the reason', async () => {
    fakeApi(
      baseRoutes({
        'POST /api/billing/subscription': { status: 409, body: { error: BillingMessages.paymentMethodRequired } },
      }),
    );
    renderRoutes(route, '/subscription');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Subscribe to Pro' }));
    await confirm('Subscribe to Pro', 'Subscribe');
    const toast = await findToast('Error');
    expect(toast).toHaveAttribute('data-type', 'error');
    expect(
      within(toast).getByText('Failed to create subscription: Add a payment method before subscribing'),
    ).toBeInTheDocument();
  });

  it('toasts "Failed to update subscription" with the reason', async () => {
    fakeApi(
      baseRoutes({
        'GET /api/billing/subscription': { status: 200, body: { subscription: proSubscription } },
        [`PUT /api/billing/subscription/${proSubscription.id}`]: {
          status: 404,
          body: { error: BillingMessages.subscriptionNotFound },
        },
      }),
    );
    renderRoutes(route, '/subscription');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Switch to Enterprise' }));
    await confirm('Switch to Enterprise', 'Switch Now');
    const toast = await findToast('Error');
    expect(within(toast).getByText('Failed to update subscription: Subscription not found')).toBeInTheDocument();
  });

  it('toasts "Failed to cancel subscription" with the reason', async () => {
    fakeApi(
      baseRoutes({
        'GET /api/billing/subscription': { status: 200, body: { subscription: proSubscription } },
        [`DELETE /api/billing/subscription/${proSubscription.id}`]: {
          status: 503,
          body: { error: BillingMessages.providerUnavailable },
        },
      }),
    );
    renderRoutes(route, '/subscription');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel Subscription' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel Subscription' }),
    );
    const toast = await findToast('Error');
    expect(within(toast).getByText('Failed to cancel subscription: Payment provider unavailable')).toBeInTheDocument();
  });

  it('points to the billing page when there is no card to pay with', async () => {
    fakeApi(baseRoutes({ 'GET /api/billing': { status: 200, body: billingRecord([]) } }));
    renderRoutes(route, '/subscription');
    expect(await screen.findByText(`${BillingMessages.paymentMethodRequired}.`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the billing page' })).toHaveAttribute('href', '/billing');
  });

  it('shows an error state with a retry when the plans cannot be loaded', async () => {
    const api = fakeApi(
      baseRoutes({ 'GET /api/billing/plans': { status: 503, body: { error: 'Service unavailable' } } }),
    );
    renderRoutes(route, '/subscription');
    expect(await screen.findByText('The plans could not be loaded.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(api.callsTo('GET /api/billing/plans')).toHaveLength(2));
  });

  it('sends a visitor to /login with /subscription as returnPath', async () => {
    fakeApi({ 'GET /api/auth/me': { status: 401, body: { error: 'Not authenticated' } } });
    const { router } = renderRoutes(route, '/subscription');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('returnPath')).toBe('/subscription');
  });
});
