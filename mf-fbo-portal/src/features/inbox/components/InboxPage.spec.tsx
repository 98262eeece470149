import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FBO_USER, inboxRow, PILOT_USER } from '../../../test/estimate-fixtures';
import { clearToasts, fakeApi, renderRoutes } from '@rampquote/web-kit/testing/render-page';
import { INBOX_TEXTS, InboxPage } from './InboxPage';

const ME = 'GET /api/auth/me';
const INBOX = 'GET /api/fbo-portal/inbox';
const MEMBERSHIPS = 'GET /api/fbo/memberships';
const SEATTLE = {
  fboId: 'fbo-1',
  fboName: 'Demo FBO Seattle Jet Center',
  airport: { identifier: 'KSEA', name: 'Seattle-Tacoma International' },
  role: 'manager',
};
const EMERALD = { ...SEATTLE, fboId: 'fbo-2', fboName: 'Demo FBO Emerald Aviation', role: 'staff' };
const member = (...memberships: (typeof SEATTLE)[]) => ({
  [ME]: { status: 200, body: FBO_USER },
  [MEMBERSHIPS]: { status: 200, body: { memberships } },
});
const routes = [{ path: '/fbo-portal', element: <InboxPage /> }];

afterEach(() => clearToasts());

describe('FBO inbox', () => {
  it('asks a visitor to sign in, coming back to the inbox', async () => {
    const api = fakeApi({ [ME]: { status: 401, body: { error: 'Not authenticated' } } });
    renderRoutes(routes, '/fbo-portal');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to your FBO inbox' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?returnPath=%2Ffbo-portal');
    expect(api.callsTo(INBOX)).toHaveLength(0);
  });

  it('leads a signed-in user who belongs to no FBO to "Claim your FBO", whatever role they registered with', async () => {
    for (const user of [PILOT_USER, FBO_USER]) {
      const api = fakeApi({
        [ME]: { status: 200, body: user },
        [MEMBERSHIPS]: { status: 200, body: { memberships: [] } },
      });
      const view = renderRoutes(routes, '/fbo-portal');
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Your account is not linked to an FBO yet' }),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Claim your FBO' })).toHaveAttribute('href', '/fbo-portal/claim');
      expect(api.callsTo(INBOX)).toHaveLength(0);
      view.unmount();
    }
  });

  it("lists an FBO user's requests newest first with their state, each opening its estimate page", async () => {
    fakeApi({
      ...member(SEATTLE),
      [INBOX]: {
        status: 200,
        body: {
          requests: [
            inboxRow({
              invitationId: 'inv-old',
              uniqueId: 'RQ-OLD001',
              state: 'answered',
              createdAt: '2030-04-01T10:00:00.000Z',
              respondedAt: '2030-04-02T10:00:00.000Z',
            }),
            inboxRow({
              invitationId: 'inv-new',
              uniqueId: 'RQ-NEW001',
              state: 'open',
              createdAt: '2030-04-20T10:00:00.000Z',
            }),
            inboxRow({
              invitationId: 'inv-dec',
              uniqueId: 'RQ-DEC001',
              state: 'declined',
              createdAt: '2030-04-10T10:00:00.000Z',
            }),
            inboxRow({
              invitationId: 'inv-wd',
              uniqueId: 'RQ-WD0001',
              state: 'withdrawn',
              createdAt: '2030-04-05T10:00:00.000Z',
            }),
            inboxRow({
              invitationId: 'inv-exp',
              uniqueId: 'RQ-EXP001',
              state: 'expired',
              createdAt: '2030-03-01T10:00:00.000Z',
            }),
          ],
        },
      },
    });
    renderRoutes(routes, '/fbo-portal');
    expect(await screen.findByRole('heading', { level: 1, name: INBOX_TEXTS.title })).toBeInTheDocument();
    expect(
      screen.getByText(/Quote requests sent to Demo FBO Seattle Jet Center, newest first. 1 open./),
    ).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Quote requests' })).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByText(/^Quote ID/).textContent)).toEqual([
      'Quote ID RQ-NEW001 · Demo FBO Seattle Jet Center',
      'Quote ID RQ-DEC001 · Demo FBO Seattle Jet Center',
      'Quote ID RQ-WD0001 · Demo FBO Seattle Jet Center',
      'Quote ID RQ-OLD001 · Demo FBO Seattle Jet Center',
      'Quote ID RQ-EXP001 · Demo FBO Seattle Jet Center',
    ]);
    expect(
      items.map((item) => within(item).getByText(/^(Open|Answered|Declined|Withdrawn|Expired)$/).textContent),
    ).toEqual(['Open', 'Declined', 'Withdrawn', 'Answered', 'Expired']);
    expect(within(items[0]).getByRole('heading', { name: 'KSEA · Skyline Charter' })).toBeInTheDocument();
    expect(within(items[0]).getByText('KBFI - Boeing Field → KSEA - Seattle-Tacoma International')).toBeInTheDocument();
    expect(within(items[0]).getByText('Fuel: Jet A, 250 gal')).toBeInTheDocument();
    expect(within(items[0]).getByRole('link', { name: 'Enter estimate for quote RQ-NEW001' })).toHaveAttribute(
      'href',
      '/fbo-portal/requests/inv-new',
    );
    expect(within(items[3]).getByRole('link', { name: 'View for quote RQ-OLD001' })).toHaveAttribute(
      'href',
      '/fbo-portal/requests/inv-old',
    );
  });

  it('says when there is no request yet', async () => {
    fakeApi({ ...member(SEATTLE), [INBOX]: { status: 200, body: { requests: [] } } });
    renderRoutes(routes, '/fbo-portal');
    expect(await screen.findByRole('heading', { name: INBOX_TEXTS.emptyTitle })).toBeInTheDocument();
    expect(screen.getByText(INBOX_TEXTS.emptyText)).toBeInTheDocument();
  });

  it('offers to try again when the inbox cannot be loaded', async () => {
    fakeApi({ ...member(SEATTLE), [INBOX]: 'network-error' });
    renderRoutes(routes, '/fbo-portal');
    expect(await screen.findByRole('heading', { level: 1, name: INBOX_TEXTS.loadFailedTitle })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it("shows a member of several FBOs each request's FBO and filters the inbox by FBO", async () => {
    const api = fakeApi({
      ...member(SEATTLE, EMERALD),
      [INBOX]: (url) => ({
        status: 200,
        body: {
          requests:
            url.searchParams.get('fboId') === 'fbo-2'
              ? [
                  inboxRow({
                    invitationId: 'inv-e',
                    uniqueId: 'RQ-EMR001',
                    fbo: { id: 'fbo-2', name: EMERALD.fboName },
                  }),
                ]
              : [
                  inboxRow({ invitationId: 'inv-s', uniqueId: 'RQ-SEA001' }),
                  inboxRow({
                    invitationId: 'inv-e',
                    uniqueId: 'RQ-EMR001',
                    fbo: { id: 'fbo-2', name: EMERALD.fboName },
                  }),
                ],
        },
      }),
    });
    renderRoutes(routes, '/fbo-portal');
    expect(await screen.findByText('Quote ID RQ-EMR001 · Demo FBO Emerald Aviation')).toBeInTheDocument();
    expect(screen.getByText('Quote ID RQ-SEA001 · Demo FBO Seattle Jet Center')).toBeInTheDocument();
    const filter = screen.getByRole('combobox', { name: 'FBO' });
    await userEvent.selectOptions(filter, 'fbo-2');
    expect(
      await screen.findByText(/Quote requests sent to Demo FBO Emerald Aviation, newest first/),
    ).toBeInTheDocument();
    expect(screen.queryByText('Quote ID RQ-SEA001 · Demo FBO Seattle Jet Center')).not.toBeInTheDocument();
    expect(api.callsTo(INBOX).at(-1)?.url.searchParams.get('fboId')).toBe('fbo-2');
  });

  it('marks an amended request "Amended" and asks to re-price an estimate given for the earlier version', async () => {
    fakeApi({
      ...member(SEATTLE),
      [INBOX]: {
        status: 200,
        body: {
          requests: [
            inboxRow({
              invitationId: 'inv-rep',
              uniqueId: 'RQ-REP001',
              state: 'open',
              createdAt: '2030-04-20T10:00:00.000Z',
              amendedAt: '2030-04-22T09:30:00.000Z',
              estimateForEarlierVersion: true,
            }),
            inboxRow({
              invitationId: 'inv-new',
              uniqueId: 'RQ-AMD001',
              state: 'open',
              createdAt: '2030-04-18T10:00:00.000Z',
              amendedAt: '2030-04-21T09:30:00.000Z',
              estimateForEarlierVersion: false,
            }),
            inboxRow({
              invitationId: 'inv-wd',
              uniqueId: 'RQ-WDN001',
              state: 'withdrawn',
              createdAt: '2030-04-15T10:00:00.000Z',
              amendedAt: '2030-04-16T09:30:00.000Z',
              estimateForEarlierVersion: true,
            }),
            inboxRow({
              invitationId: 'inv-plain',
              uniqueId: 'RQ-PLN001',
              state: 'open',
              createdAt: '2030-04-10T10:00:00.000Z',
              amendedAt: null,
              estimateForEarlierVersion: false,
            }),
          ],
          nextCursor: null,
        },
      },
    });
    renderRoutes(routes, '/fbo-portal');
    await screen.findByRole('heading', { level: 1, name: INBOX_TEXTS.title });
    const [repricing, amended, withdrawn, plain] = within(
      screen.getByRole('list', { name: 'Quote requests' }),
    ).getAllByRole('listitem');
    expect(within(repricing).getByText('Amended')).toBeInTheDocument();
    expect(
      within(repricing).getByText(
        'Your estimate was for the earlier version: re-price it, or send the same prices to confirm them.',
      ),
    ).toBeInTheDocument();
    expect(within(repricing).getByRole('link', { name: 'Re-price estimate for quote RQ-REP001' })).toHaveAttribute(
      'href',
      '/fbo-portal/requests/inv-rep',
    );
    expect(within(repricing).getByText(/Received .* · amended Apr 22, 2030/)).toBeInTheDocument();
    // Amended before this FBO answered: nothing to re-price.
    expect(within(amended).getByText('Amended')).toBeInTheDocument();
    expect(within(amended).getByRole('link', { name: 'Enter estimate for quote RQ-AMD001' })).toBeInTheDocument();
    expect(within(amended).queryByText(/earlier version/)).not.toBeInTheDocument();
    // Cancelled since: nothing to re-price either.
    expect(within(withdrawn).getByRole('link', { name: 'View for quote RQ-WDN001' })).toBeInTheDocument();
    expect(within(withdrawn).queryByText(/earlier version/)).not.toBeInTheDocument();
    expect(within(plain).queryByText('Amended')).not.toBeInTheDocument();
  });
});
