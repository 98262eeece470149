import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearToasts, fakeApi, renderRoutes } from '@rampquote/web-kit/testing/render-page';
import { LoginPage } from './LoginPage';
import { REMEMBERED_EMAIL_KEY } from './remembered-email';

const loginRoute = [{ path: '/login', element: <LoginPage /> }];
const anonymous = { 'GET /api/auth/me': { status: 401, body: { error: 'Not authenticated' } } };
const pilot = {
  id: 'u1',
  username: 'pilot',
  email: 'pilot@rampquote.dev',
  role: 'pilot',
  firstName: 'Pat',
  lastName: 'Pilot',
  companyName: null,
};
const INVITE = "RampQuote is invite-only during the beta. We'll e-mail you as soon as your access is open.";

afterEach(() => {
  clearToasts();
  localStorage.clear();
});

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText(/^Email/), email);
  if (password) await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Log In' }));
  return user;
}

describe('Login page', () => {
  it('shows the spec validation messages, linked to their fields, and sends nothing', async () => {
    const api = fakeApi(anonymous);
    renderRoutes(loginRoute, '/login');
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    await fillAndSubmit('not-an-email', '');
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription('Please enter a valid email address');
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription('Password is required');
    expect(api.callsTo('POST /api/auth/login')).toHaveLength(0);
  });

  it('answers beta_access_required with the neutral invite-only toast and raises no error', async () => {
    fakeApi({
      ...anonymous,
      'POST /api/auth/login': { status: 403, body: { error: 'beta_access_required', details: [{ message: INVITE }] } },
    });
    renderRoutes(loginRoute, '/login');
    await screen.findByRole('heading', { name: 'Welcome Back' });
    await fillAndSubmit('new@pilot.com', 'Secret#123');
    const toast = (await screen.findByText('Thanks for your interest!')).closest('[data-part="root"]') as HTMLElement;
    expect(within(toast).getByText(INVITE)).toBeInTheDocument();
    expect(toast).toHaveAttribute('data-type', 'info');
    expect(screen.queryByText('Login failed')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
  });

  it('toasts "Login failed" and explains wrong credentials on the page', async () => {
    fakeApi({ ...anonymous, 'POST /api/auth/login': { status: 401, body: { error: 'Invalid email or password' } } });
    renderRoutes(loginRoute, '/login');
    await screen.findByRole('heading', { name: 'Welcome Back' });
    await fillAndSubmit('pilot@rampquote.dev', 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password. Please try again.');
    const toast = (await screen.findByText('Login failed')).closest('[data-part="root"]') as HTMLElement;
    expect(toast).toHaveAttribute('data-type', 'error');
    expect(within(toast).getByText('Incorrect email or password')).toBeInTheDocument();
  });

  it('signs in, remembers only the e-mail, sends remember, and goes to the returnPath', async () => {
    const api = fakeApi({ ...anonymous, 'POST /api/auth/login': { status: 200, body: pilot } });
    renderRoutes(loginRoute, '/login?returnPath=%2Faircraftinfo');
    await screen.findByRole('heading', { name: 'Welcome Back' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Email/), 'pilot@rampquote.dev');
    await user.type(screen.getByLabelText(/^Password/), 'RampQuote#2026');
    await user.click(screen.getByText('Remember me'));
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/aircraftinfo');
    expect(await screen.findByText('Login successful')).toBeInTheDocument();
    expect(screen.getByText('Welcome back!')).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/login')[0].body).toEqual({
      email: 'pilot@rampquote.dev',
      password: 'RampQuote#2026',
      remember: true,
    });
    expect({ ...localStorage }).toEqual({ [REMEMBERED_EMAIL_KEY]: 'pilot@rampquote.dev' });
  });

  it('pre-fills a remembered e-mail and goes to /history without a returnPath', async () => {
    localStorage.setItem(REMEMBERED_EMAIL_KEY, 'pilot@rampquote.dev');
    fakeApi({ ...anonymous, 'POST /api/auth/login': { status: 200, body: pilot } });
    renderRoutes(loginRoute, '/login?returnPath=//evil.example');
    await screen.findByRole('heading', { name: 'Welcome Back' });
    expect(screen.getByLabelText(/^Email/)).toHaveValue('pilot@rampquote.dev');
    await fillAndSubmit('', 'RampQuote#2026');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/history'));
  });

  it('sends a signed-in visitor to the returnPath', async () => {
    fakeApi({ 'GET /api/auth/me': { status: 200, body: pilot } });
    renderRoutes(loginRoute, '/login?returnPath=%2Frfi-form');
    expect(await screen.findByTestId('location')).toHaveTextContent('/rfi-form');
  });
});
