import { screen, waitFor, within } from '@testing-library/react';
import { routes } from './routes';
import { clearToasts, fakeApi, renderRoutes } from '@rampquote/web-kit/testing/render-page';

const pilot = {
  id: 'u1',
  username: 'pilot',
  email: 'pilot@rampquote.dev',
  role: 'pilot',
  firstName: 'Pat',
  lastName: 'Pilot',
  companyName: null,
};
const signedIn = { 'GET /api/auth/me': { status: 200, body: pilot } };
const noAircraft = {
  'GET /api/aircraft': { status: 200, body: [] },
  'GET /api/aircraft/makes': { status: 200, body: ['Cessna'] },
};

afterEach(() => {
  clearToasts();
  localStorage.clear();
});

/** The app layer puts each tab's panel (from its own feature) into the account screen. */
describe('account screen routes', () => {
  it('shows the Aircraft tab, selected, with the saved list at /account/aircraft', async () => {
    fakeApi({ ...signedIn, ...noAircraft });
    renderRoutes(routes, '/account/aircraft');
    const panel = await screen.findByRole('tabpanel', { name: 'Aircraft' });
    expect(await within(panel).findByRole('heading', { name: 'No Aircraft Found' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Aircraft' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { level: 1, name: 'My Account' })).toBeInTheDocument();
  });

  it('opens the add dialog in the account screen for /account/aircraft/new and lands on /account/aircraft', async () => {
    fakeApi({ ...signedIn, ...noAircraft });
    const { router } = renderRoutes(routes, '/account/aircraft/new');
    expect(await screen.findByRole('dialog', { name: 'Add New Aircraft' })).toBeInTheDocument();
    // behind the modal dialog, which hides the rest of the page from assistive technology once it has opened
    expect(screen.getByRole('tab', { name: 'Aircraft', hidden: true })).toHaveAttribute('aria-selected', 'true');
    expect(router.state.location.pathname).toBe('/account/aircraft');
  });

  it('shows the billing links at /account/billing', async () => {
    fakeApi(signedIn);
    renderRoutes(routes, '/account/billing');
    const panel = await screen.findByRole('tabpanel', { name: 'Billing Preferences' });
    expect(await within(panel).findByRole('link', { name: 'Payment methods' })).toHaveAttribute('href', '/billing');
    expect(within(panel).getByRole('link', { name: 'Subscription' })).toHaveAttribute('href', '/subscription');
  });

  it('sends a visitor to /login with the tab as returnPath', async () => {
    fakeApi({ 'GET /api/auth/me': { status: 401, body: { error: 'Not authenticated' } } });
    const { router } = renderRoutes(routes, '/account/aircraft');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('returnPath')).toBe('/account/aircraft');
  });
});
