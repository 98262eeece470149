import { PLANS, type CurrentSubscriptionResponse, type SubscriptionDto } from '@rampquote/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearToasts, fakeApi, renderRoutes, type FakeResponse } from '@rampquote/web-kit/testing/render-page';
import { billingRecord, proSubscription, signedIn, visa } from '../../test/billing-fixtures';
import { SubscriptionPage } from './SubscriptionPage';

const route = [{ path: '/subscription', element: <SubscriptionPage /> }];
const PERIOD_END = proSubscription.currentPeriodEnd; // 08/15/2026
const entryLevel: SubscriptionDto = { ...proSubscription, planId: 'entry-level', planName: 'Entry Level' };

function routes(current: CurrentSubscriptionResponse, overrides: Record<string, FakeResponse> = {}) {
  return {
    ...signedIn,
    'GET /api/billing/plans': { status: 200, body: PLANS },
    'GET /api/billing': { status: 200, body: billingRecord([visa]) },
    'GET /api/billing/subscription': { status: 200, body: current },
    ...overrides,
  };
}

const planButton = async (plan: string, name: string) =>
  within(await screen.findByRole('article', { name: plan })).findByRole('button', { name });

afterEach(() => {
  clearToasts();
});

describe('/subscription asks before it charges', () => {
  it('Subscribe asks "Subscribe to Pro for $49.00 a month?"; Go Back sends nothing, Subscribe creates it', async () => {
    const api = fakeApi(
      routes(
        { subscription: null, planChanges: [] },
        { 'POST /api/billing/subscription': { status: 201, body: proSubscription } },
      ),
    );
    renderRoutes(route, '/subscription');
    const user = userEvent.setup();
    const subscribe = await planButton('Pro', 'Subscribe to Pro');
    await user.click(subscribe);
    let dialog = await screen.findByRole('alertdialog', { name: 'Subscribe to Pro' });
    expect(dialog).toHaveTextContent('Subscribe to Pro for $49.00 a month?');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Go Back' })).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Go Back' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST /api/billing/subscription')).toHaveLength(0);

    await user.click(subscribe);
    dialog = await screen.findByRole('alertdialog', { name: 'Subscribe to Pro' });
    api.set('GET /api/billing/subscription', { status: 200, body: { subscription: proSubscription, planChanges: [] } });
    await user.click(within(dialog).getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Subscription created successfully')).toBeInTheDocument();
    expect(api.callsTo('POST /api/billing/subscription').map((c) => c.body)).toEqual([{ planId: 'pro' }]);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('an upgrade says what is charged today and then monthly, from the keyboard; Escape closes and gives focus back', async () => {
    const api = fakeApi(
      routes(
        {
          subscription: entryLevel,
          planChanges: [
            { planId: 'pro', when: 'now', amountDueNowCents: 3000, effectiveAt: '2026-07-15T12:00:00.000Z' },
            { planId: 'enterprise', when: 'now', amountDueNowCents: 18000, effectiveAt: '2026-07-15T12:00:00.000Z' },
          ],
        },
        { [`PUT /api/billing/subscription/${entryLevel.id}`]: { status: 200, body: proSubscription } },
      ),
    );
    renderRoutes(route, '/subscription');
    const user = userEvent.setup();
    const switchToPro = await planButton('Pro', 'Switch to Pro');
    switchToPro.focus();
    await user.keyboard('{Enter}');
    let dialog = await screen.findByRole('alertdialog', { name: 'Switch to Pro' });
    expect(dialog).toHaveTextContent("Switch to Pro now? You'll be charged $30.00 today, then $49.00 a month.");
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Go Back' })).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(switchToPro).toHaveFocus());
    expect(api.callsTo(`PUT /api/billing/subscription/${entryLevel.id}`)).toHaveLength(0);

    await user.keyboard('{Enter}');
    dialog = await screen.findByRole('alertdialog', { name: 'Switch to Pro' });
    await user.click(within(dialog).getByRole('button', { name: 'Switch Now' }));
    expect(await screen.findByText('Subscription updated successfully')).toBeInTheDocument();
    expect(api.callsTo(`PUT /api/billing/subscription/${entryLevel.id}`).map((c) => c.body)).toEqual([
      { planId: 'pro' },
    ]);
  });

  it('a downgrade says it waits for the period end; then the page shows the scheduled plan and can keep the current one', async () => {
    const scheduled = { ...proSubscription, scheduledPlanId: 'entry-level' as const, scheduledChangeAt: PERIOD_END };
    const api = fakeApi(
      routes(
        {
          subscription: proSubscription,
          planChanges: [
            { planId: 'entry-level', when: 'period_end', amountDueNowCents: 0, effectiveAt: PERIOD_END },
            { planId: 'enterprise', when: 'now', amountDueNowCents: 7500, effectiveAt: '2026-07-30T12:00:00.000Z' },
          ],
        },
        { [`PUT /api/billing/subscription/${proSubscription.id}`]: { status: 200, body: scheduled } },
      ),
    );
    renderRoutes(route, '/subscription');
    const user = userEvent.setup();
    await user.click(await planButton('Entry Level', 'Switch to Entry Level'));
    const dialog = await screen.findByRole('alertdialog', { name: 'Switch to Entry Level' });
    expect(dialog).toHaveTextContent('Switch to Entry Level at the end of the period on 08/15/2026?');
    expect(dialog).toHaveTextContent('nothing is charged today');
    api.set('GET /api/billing/subscription', { status: 200, body: { subscription: scheduled, planChanges: [] } });
    await user.click(within(dialog).getByRole('button', { name: 'Switch at Period End' }));
    expect(await screen.findByText('Subscription updated successfully')).toBeInTheDocument();
    expect(api.callsTo(`PUT /api/billing/subscription/${proSubscription.id}`).map((c) => c.body)).toEqual([
      { planId: 'entry-level' },
    ]);

    const region = screen.getByRole('region', { name: 'Current Subscription' });
    await waitFor(() => expect(region).toHaveTextContent('Scheduled changeEntry Level on 08/15/2026'));
    expect(region).toHaveTextContent('Your plan changes to Entry Level at the end of the period on 08/15/2026');
    expect(await planButton('Entry Level', 'Starts 08/15/2026')).toBeDisabled();
    expect(await planButton('Pro', 'Current Plan')).toBeDisabled();

    await user.click(within(region).getByRole('button', { name: 'Keep Pro' }));
    await waitFor(() =>
      expect(api.callsTo(`PUT /api/billing/subscription/${proSubscription.id}`).map((c) => c.body)).toEqual([
        { planId: 'entry-level' },
        { planId: 'pro' },
      ]),
    );
  });
});
