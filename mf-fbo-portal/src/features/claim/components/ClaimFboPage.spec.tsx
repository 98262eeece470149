import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearToasts, fakeApi, renderRoutes } from '@rampquote/web-kit/testing/render-page';
import { FBO_USER } from '../../../test/estimate-fixtures';
import { ClaimConfirmPage } from './ClaimConfirmPage';
import { ClaimFboPage } from './ClaimFboPage';

const ME = 'GET /api/auth/me';
const CLAIM = 'POST /api/fbo-claims';
const TOKEN = 'a'.repeat(43);
const CONFIRM = `POST /api/fbo-claims/${TOKEN}/confirm`;
const routes = [
  { path: '/fbo-portal/claim', element: <ClaimFboPage /> },
  { path: '/fbo-portal/claim/:token', element: <ClaimConfirmPage token={TOKEN} /> },
];
const SEA = {
  id: 'a1',
  identifier: 'KSEA',
  code: 'SEA',
  name: 'Seattle-Tacoma International',
  city: 'Seattle',
  state: 'WA',
};
const signedIn = { [ME]: { status: 200, body: FBO_USER } };

afterEach(() => clearToasts());

describe('Claim your FBO', () => {
  it('asks a visitor to sign in first, coming back to the claim page', async () => {
    fakeApi({ [ME]: { status: 401, body: { error: 'Not authenticated' } } });
    renderRoutes(routes, '/fbo-portal/claim');
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/login?returnPath=%2Ffbo-portal%2Fclaim',
    );
  });

  it("searches the airport, picks the FBO and says the link went to the FBO's listed address", async () => {
    const api = fakeApi({
      ...signedIn,
      'GET /api/airports/search': { status: 200, body: [SEA] },
      'GET /api/airports/KSEA/fbos': {
        status: 200,
        body: {
          fbos: [
            { id: 'f1', name: 'Demo FBO Emerald Aviation', phone: null, logo: null },
            { id: 'f2', name: 'Demo FBO Seattle Jet Center', phone: null, logo: null },
          ],
          discovery: 'none',
        },
      },
      [CLAIM]: {
        status: 201,
        body: {
          message: "We sent a link to the FBO's listed address",
          fbo: { id: 'f2', name: 'Demo FBO Seattle Jet Center' },
        },
      },
    });
    renderRoutes(routes, '/fbo-portal/claim');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Airport' }), 'seattle');
    await user.click(await screen.findByRole('button', { name: /KSEA · Seattle-Tacoma International/ }));
    await user.click(await screen.findByRole('radio', { name: 'Demo FBO Seattle Jet Center' }));
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText("We sent a link to the FBO's listed address")).toBeInTheDocument();
    expect(api.callsTo(CLAIM)[0].body).toEqual({ fboId: 'f2' });
  });

  it("shows the server's message for an FBO without a listed address", async () => {
    fakeApi({
      ...signedIn,
      'GET /api/airports/search': { status: 200, body: [SEA] },
      'GET /api/airports/KSEA/fbos': {
        status: 200,
        body: { fbos: [{ id: 'f3', name: 'Charlie Ramp', phone: null, logo: null }], discovery: 'none' },
      },
      [CLAIM]: { status: 409, body: { error: 'Ask RampQuote support to verify this FBO' } },
    });
    renderRoutes(routes, '/fbo-portal/claim');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Airport' }), 'sea');
    await user.click(await screen.findByRole('button', { name: /KSEA/ }));
    await user.click(await screen.findByRole('radio', { name: 'Charlie Ramp' }));
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ask RampQuote support to verify this FBO');
  });
});

describe('the claim link', () => {
  it('makes the signed-in user the manager and offers the inbox and the team', async () => {
    const api = fakeApi({
      ...signedIn,
      [CONFIRM]: {
        status: 200,
        body: {
          membership: {
            fboId: 'f2',
            fboName: 'Demo FBO Seattle Jet Center',
            airport: { identifier: 'KSEA', name: 'Seattle-Tacoma International' },
            role: 'manager',
          },
        },
      },
    });
    renderRoutes(routes, `/fbo-portal/claim/${TOKEN}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('You are now the manager of Demo FBO Seattle Jet Center (KSEA).'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the FBO inbox' })).toHaveAttribute('href', '/fbo-portal');
    expect(screen.getByRole('link', { name: 'Add your team' })).toHaveAttribute('href', '/fbo-portal/team');
    await waitFor(() => expect(api.callsTo(CONFIRM)).toHaveLength(1));
  });

  it.each([
    [403, 'This link was sent for another account'],
    [410, 'This link has expired. Ask for a new one from "Claim your FBO".'],
  ])('shows the answer %i with its message', async (status, error) => {
    fakeApi({ ...signedIn, [CONFIRM]: { status, body: { error } } });
    renderRoutes(routes, `/fbo-portal/claim/${TOKEN}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('heading', { name: 'This link cannot be used' })).toBeInTheDocument();
    expect(screen.getByText(error)).toBeInTheDocument();
  });
});
