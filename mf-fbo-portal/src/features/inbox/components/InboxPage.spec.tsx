import { screen, within } from '@testing-library/react';
import { FBO_USER, inboxRow, PILOT_USER } from '../../../test/estimate-fixtures';
import { clearToasts, fakeApi, renderRoutes } from '@rampquote/web-kit/testing/render-page';
import { INBOX_TEXTS, InboxPage } from './InboxPage';

const ME = 'GET /api/auth/me';
const INBOX = 'GET /api/fbo-portal/inbox';
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

  it('tells a signed-in user who is not an FBO account that the inbox is not theirs', async () => {
    const api = fakeApi({ [ME]: { status: 200, body: PILOT_USER } });
    renderRoutes(routes, '/fbo-portal');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This inbox is for FBO accounts' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Only FBO accounts have an inbox. You are signed in as pilot@rampquote.dev.'),
    ).toBeInTheDocument();
    expect(api.callsTo(INBOX)).toHaveLength(0);
  });

  it("lists an FBO user's requests newest first with their state, each opening its estimate page", async () => {
    fakeApi({
      [ME]: { status: 200, body: FBO_USER },
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
      screen.getByText(/Quote requests sent to demo-fbo-ksea-1@example.com, newest first. 1 open./),
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
    fakeApi({ [ME]: { status: 200, body: FBO_USER }, [INBOX]: { status: 200, body: { requests: [] } } });
    renderRoutes(routes, '/fbo-portal');
    expect(await screen.findByRole('heading', { name: INBOX_TEXTS.emptyTitle })).toBeInTheDocument();
    expect(screen.getByText(INBOX_TEXTS.emptyText)).toBeInTheDocument();
  });

  it('offers to try again when the inbox cannot be loaded', async () => {
    fakeApi({ [ME]: { status: 200, body: FBO_USER }, [INBOX]: 'network-error' });
    renderRoutes(routes, '/fbo-portal');
    expect(await screen.findByRole('heading', { level: 1, name: INBOX_TEXTS.loadFailedTitle })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
