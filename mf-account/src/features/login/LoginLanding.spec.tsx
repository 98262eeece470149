import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearToasts, fakeApi, renderRoutes } from '@rampquote/web-kit/testing/render-page';
import { LoginPage } from './LoginPage';

const loginRoute = [{ path: '/login', element: <LoginPage /> }];
const anonymous = { 'GET /api/auth/me': { status: 401, body: { error: 'Not authenticated' } } };
const user = (role: 'pilot' | 'fbo') => ({
  id: 'u1',
  username: 'desk',
  email: 'desk@alpha.example',
  role,
  firstName: 'Dana',
  lastName: 'Desk',
  companyName: null,
});
const MEMBERSHIPS = 'GET /api/fbo/memberships';
const membership = {
  fboId: 'f1',
  fboName: 'Alpha Jet Center',
  airport: { identifier: 'KBFI', name: 'Boeing Field' },
  role: 'staff',
};

afterEach(() => {
  clearToasts();
  localStorage.clear();
});

async function signIn() {
  const u = userEvent.setup();
  await u.type(await screen.findByLabelText(/^Email/), 'desk@alpha.example');
  await u.type(screen.getByLabelText(/^Password/), 'RampQuote#2026');
  await u.click(screen.getByRole('button', { name: 'Log In' }));
}

describe('where a sign-in lands', () => {
  it('takes an FBO member to the FBO inbox', async () => {
    fakeApi({
      ...anonymous,
      'POST /api/auth/login': { status: 200, body: user('fbo') },
      [MEMBERSHIPS]: { status: 200, body: { memberships: [membership] } },
    });
    renderRoutes(loginRoute, '/login');
    await signIn();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/fbo-portal$/));
  });

  it('takes an fbo account without an FBO to "Claim your FBO"', async () => {
    fakeApi({
      ...anonymous,
      'POST /api/auth/login': { status: 200, body: user('fbo') },
      [MEMBERSHIPS]: { status: 200, body: { memberships: [] } },
    });
    renderRoutes(loginRoute, '/login');
    await signIn();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/fbo-portal/claim'));
  });

  it('takes a pilot without an FBO to My Quotes, also when the FBO look-up fails', async () => {
    fakeApi({
      ...anonymous,
      'POST /api/auth/login': { status: 200, body: user('pilot') },
      [MEMBERSHIPS]: { status: 503, body: { error: 'Service unavailable' } },
    });
    renderRoutes(loginRoute, '/login');
    await signIn();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/history'));
  });
});
