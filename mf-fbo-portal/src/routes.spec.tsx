import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes, standaloneRoutes } from './routes';
import { CATALOGUE, FBO_USER, inboxRow, INVITATION_ID, LINK_URL, PAGE_CALL, pageData } from './test/estimate-fixtures';
import { clearToasts, fakeApi, renderRoutes } from '@rampquote/web-kit/testing/render-page';

const ME = 'GET /api/auth/me';
const MEMBERSHIPS = 'GET /api/fbo/memberships';
const MEMBERSHIP = {
  fboId: 'fbo-1',
  fboName: 'Demo FBO Seattle Jet Center',
  airport: { identifier: 'KSEA', name: 'Seattle-Tacoma International' },
  role: 'manager',
};
const REQUEST_CALL = `GET /api/fbo-portal/requests/${INVITATION_ID}`;
const REQUEST_SUBMIT = `POST /api/fbo-portal/requests/${INVITATION_ID}/submit`;
const REQUEST_DECLINE = `POST /api/fbo-portal/requests/${INVITATION_ID}/decline`;

afterEach(() => clearToasts());

describe('the portal routes (shell and standalone)', () => {
  it('lists the estimate link, the inbox, an inbox request, the team and the claim pages; the standalone page adds the inbox at /', () => {
    expect(routes.map((r) => r.path)).toEqual([
      '/quote/:fboId/:quoteId',
      '/fbo-portal',
      '/fbo-portal/requests/:invitationId',
      '/fbo-portal/team',
      '/fbo-portal/claim',
      '/fbo-portal/claim/:token',
    ]);
    expect(standaloneRoutes.map((r) => r.path)).toEqual(['/', ...routes.map((r) => r.path)]);
  });

  it('reads the estimate page of the link: /quote/{fboId}/{token}, without a session', async () => {
    const api = fakeApi({ [PAGE_CALL]: { status: 200, body: pageData() } });
    renderRoutes(routes, LINK_URL);
    expect(await screen.findByRole('heading', { level: 1, name: 'Skyline Charter' })).toBeInTheDocument();
    expect(api.callsTo(PAGE_CALL)).toHaveLength(1);
    expect(api.callsTo(ME)).toHaveLength(0);
  });

  it('opens a request from the inbox without the link and answers through the inbox calls', async () => {
    const api = fakeApi({
      [ME]: { status: 200, body: FBO_USER },
      [MEMBERSHIPS]: { status: 200, body: { memberships: [MEMBERSHIP] } },
      'GET /api/fbo-portal/inbox': { status: 200, body: { requests: [inboxRow()] } },
      [REQUEST_CALL]: { status: 200, body: pageData() },
      'GET /api/fbo-services': { status: 200, body: CATALOGUE },
      [REQUEST_SUBMIT]: {
        status: 201,
        body: { state: 'submitted', quoteRequestId: 'qr-1', respondedAt: '2030-04-21T10:00:00.000Z' },
      },
    });
    renderRoutes(standaloneRoutes, '/');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('link', { name: 'Enter estimate for quote RQ-7K2M9P' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Skyline Charter' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Back to inbox' })).toHaveAttribute('href', '/fbo-portal');
    await user.type(
      within(await screen.findByRole('region', { name: 'Coffee' })).getByRole('spinbutton', { name: /for Coffee$/ }),
      '12',
    );
    await user.click(await screen.findByRole('button', { name: 'Submit Estimate' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Estimate Submitted!' })).toBeInTheDocument();
    expect(api.callsTo(REQUEST_SUBMIT)[0].body).toMatchObject({
      totalPrice: 12,
      servicesQuoted: { coffee: { price: 12 } },
    });
  });

  it('declines a request opened from the inbox through the inbox call; back in the inbox it shows as Declined', async () => {
    let declined = false;
    const api = fakeApi({
      [ME]: { status: 200, body: FBO_USER },
      [MEMBERSHIPS]: { status: 200, body: { memberships: [MEMBERSHIP] } },
      'GET /api/fbo-portal/inbox': () => ({
        status: 200,
        body: { requests: [inboxRow({ state: declined ? 'declined' : 'open' })] },
      }),
      [REQUEST_CALL]: { status: 200, body: pageData() },
      'GET /api/fbo-services': { status: 200, body: CATALOGUE },
      [REQUEST_DECLINE]: () => {
        declined = true;
        return {
          status: 201,
          body: { state: 'declined', quoteRequestId: 'qr-1', respondedAt: '2030-04-21T10:00:00.000Z' },
        };
      },
    });
    renderRoutes(standaloneRoutes, '/');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('link', { name: 'Enter estimate for quote RQ-7K2M9P' }));
    await user.click(await screen.findByRole('button', { name: 'Decline request' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Decline this request' }));
    await user.click(dialog.getByText('Fuel not available'));
    await user.type(dialog.getByLabelText(/^Details/), 'Truck in maintenance');
    await user.click(dialog.getByRole('button', { name: 'Decline Request' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Request Declined' })).toBeInTheDocument();
    expect(api.callsTo(REQUEST_DECLINE).map((c) => c.body)).toEqual([
      { reason: 'fuel_not_available', text: 'Truck in maintenance' },
    ]);
    expect(api.calls.filter((c) => c.key.includes('/api/fbo-quote/'))).toEqual([]);

    await user.click(screen.getByRole('link', { name: '← Back to inbox' }));
    expect(await screen.findByRole('link', { name: 'View for quote RQ-7K2M9P' })).toBeInTheDocument();
    expect(screen.getByText('Declined')).toBeInTheDocument();
  });
});
