import { PLANS } from '@rampquote/contracts';
import { screen, waitFor } from '@testing-library/react';
import { fakeApi, renderRoutes } from '@rampquote/web-kit/testing/render-page';
import { billingApi } from './shared/billing-api';
import { billingRecord, signedIn, visa } from './test/billing-fixtures';
import { BillingTab } from './features/account/BillingTab';
import { SubscriptionPage } from './features/subscription/SubscriptionPage';
import { BillingPage } from './features/billing/BillingPage';

const TEST_MODE = 'Test mode — no payment is taken';

const screens = [
  ['/billing', <BillingPage key="billing" />],
  ['/subscription', <SubscriptionPage key="subscription" />],
  ['/account/billing', <BillingTab key="tab" />],
] as const;

function routesWith(testMode: boolean) {
  return {
    ...signedIn,
    'GET /api/billing': { status: 200, body: { ...billingRecord([visa], 'stripe'), testMode } },
    'GET /api/billing/payment-method': { status: 200, body: [visa] },
    'GET /api/billing/plans': { status: 200, body: PLANS },
    'GET /api/billing/subscription': { status: 200, body: { subscription: null, planChanges: [] } },
    'GET /api/billing/invoices': { status: 200, body: [] },
  };
}

describe('the test-mode banner', () => {
  it.each(screens)(
    'says "Test mode — no payment is taken" on %s when the billing API answers testMode',
    async (path, element) => {
      fakeApi(routesWith(true));
      renderRoutes([{ path, element }], path);
      expect(await screen.findByText(TEST_MODE)).toBeInTheDocument();
    },
  );

  it.each(screens)('says nothing of the kind on %s when payments are taken', async (path, element) => {
    fakeApi(routesWith(false));
    const { store } = renderRoutes([{ path, element }], path);
    // The billing record has arrived (the banner would show with it).
    await waitFor(() =>
      expect(billingApi.endpoints.billingRecord.select()(store.getState())).toMatchObject({
        status: 'fulfilled',
        data: { testMode: false },
      }),
    );
    expect(screen.queryByText(TEST_MODE)).not.toBeInTheDocument();
  });
});
