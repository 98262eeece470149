import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FBO_USER, inboxRow } from '../../../test/estimate-fixtures';
import {
  clearToasts,
  fakeApi,
  heldResponse,
  renderRoutes,
  type FakeRoute,
} from '@rampquote/web-kit/testing/render-page';
import { INBOX_TEXTS, InboxPage } from './InboxPage';

afterEach(() => clearToasts());

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
const routes = [{ path: '/fbo-portal', element: <InboxPage /> }];

/** A request received `day` days into April 2030 (a later day is newer). */
const row = (id: string, day: number, fbo = SEATTLE) =>
  inboxRow({
    invitationId: `inv-${id}`,
    uniqueId: `RQ-${id}`,
    createdAt: `2030-04-${String(day).padStart(2, '0')}T10:00:00.000Z`,
    fbo: { id: fbo.fboId, name: fbo.fboName },
  });
const FIRST_PAGE = { requests: [row('P1A', 20), row('P1B', 19)], nextCursor: 'cursor-1' };
const SECOND_PAGE = { requests: [row('P2A', 12)], nextCursor: null };

function openInbox(inbox: FakeRoute, memberships = [SEATTLE]) {
  const api = fakeApi({
    [ME]: { status: 200, body: FBO_USER },
    [MEMBERSHIPS]: { status: 200, body: { memberships } },
    [INBOX]: inbox,
  });
  renderRoutes(routes, '/fbo-portal');
  return { api, user: userEvent.setup({ delay: null }) };
}

/** The inbox's pages by their `before` cursor; `second` answers the page after the first. */
const paged =
  (second: FakeRoute): FakeRoute =>
  (url, body) => {
    if (!url.searchParams.get('before')) return { status: 200, body: FIRST_PAGE };
    return typeof second === 'function' ? second(url, body) : second;
  };

const listedIds = () =>
  within(screen.getByRole('list', { name: 'Quote requests' }))
    .getAllByRole('listitem')
    .map(
      (item) =>
        within(item)
          .getByText(/^Quote ID/)
          .textContent?.split(' ')[2],
    );
const loadMoreButton = () => screen.getByRole('button', { name: INBOX_TEXTS.loadMore });

describe('FBO inbox: more requests', () => {
  it('adds the next page below the requests listed, from the keyboard, and says when all are shown', async () => {
    const { api, user } = openInbox(paged({ status: 200, body: SECOND_PAGE }));
    expect(await screen.findByText('Quote ID RQ-P1A · Demo FBO Seattle Jet Center')).toBeInTheDocument();
    expect(listedIds()).toEqual(['RQ-P1A', 'RQ-P1B']);

    // Reached with Tab from the last request, pressed with Enter.
    screen.getByRole('link', { name: 'Enter estimate for quote RQ-P1B' }).focus();
    await user.tab();
    expect(loadMoreButton()).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(listedIds()).toEqual(['RQ-P1A', 'RQ-P1B', 'RQ-P2A']));
    expect(api.callsTo(INBOX).at(-1)?.url.searchParams.get('before')).toBe('cursor-1');
    // Focus moves to the first request added.
    await waitFor(() => expect(screen.getByRole('link', { name: 'Enter estimate for quote RQ-P2A' })).toHaveFocus());
    expect(screen.queryByRole('button', { name: INBOX_TEXTS.loadMore })).not.toBeInTheDocument();
    expect(screen.getByText('All 3 requests are shown.')).toBeInTheDocument();
  });

  it('shows the button loading while the next page comes', async () => {
    const held = heldResponse({ status: 200, body: SECOND_PAGE });
    const { user } = openInbox(paged(held.handler));
    await screen.findByText('Quote ID RQ-P1A · Demo FBO Seattle Jet Center');
    await user.click(loadMoreButton());
    const loading = await screen.findByRole('button', { name: /Loading more requests/ });
    expect(loading).toBeDisabled();
    // What is listed stays listed meanwhile.
    expect(listedIds()).toEqual(['RQ-P1A', 'RQ-P1B']);
    await held.release();
    await waitFor(() => expect(listedIds()).toEqual(['RQ-P1A', 'RQ-P1B', 'RQ-P2A']));
  });

  it('says when the next page cannot be loaded, keeps what is listed, and tries again', async () => {
    let fail = true;
    const { api, user } = openInbox(paged(() => (fail ? 'network-error' : { status: 200, body: SECOND_PAGE })));
    await screen.findByText('Quote ID RQ-P1A · Demo FBO Seattle Jet Center');
    await user.click(loadMoreButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'More requests could not be loaded. Please check your connection and try again.',
    );
    expect(listedIds()).toEqual(['RQ-P1A', 'RQ-P1B']);

    fail = false;
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(listedIds()).toEqual(['RQ-P1A', 'RQ-P1B', 'RQ-P2A']));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    const tries = api.callsTo(INBOX).filter((c) => c.url.searchParams.get('before') === 'cursor-1');
    expect(tries).toHaveLength(2);
  });

  it('keeps the FBO chosen in the filter for the next page', async () => {
    const { api, user } = openInbox(
      (url) => {
        const fbo = url.searchParams.get('fboId') === 'fbo-2' ? EMERALD : SEATTLE;
        return url.searchParams.get('before')
          ? { status: 200, body: { requests: [row('E2', 2, fbo)], nextCursor: null } }
          : { status: 200, body: { requests: [row(fbo === EMERALD ? 'E1' : 'S1', 20, fbo)], nextCursor: 'cursor-e' } };
      },
      [SEATTLE, EMERALD],
    );
    await screen.findByText('Quote ID RQ-S1 · Demo FBO Seattle Jet Center');
    await user.selectOptions(screen.getByRole('combobox', { name: 'FBO' }), 'fbo-2');
    expect(await screen.findByText('Quote ID RQ-E1 · Demo FBO Emerald Aviation')).toBeInTheDocument();
    await user.click(loadMoreButton());
    await waitFor(() => expect(listedIds()).toEqual(['RQ-E1', 'RQ-E2']));
    const last = api.callsTo(INBOX).at(-1)!.url.searchParams;
    expect([last.get('fboId'), last.get('before')]).toEqual(['fbo-2', 'cursor-e']);
    expect(screen.getByRole('combobox', { name: 'FBO' })).toHaveValue('fbo-2');
  });

  it('offers no more when the first page is the only one', async () => {
    openInbox({ status: 200, body: { requests: [row('ONLY', 20)], nextCursor: null } });
    await screen.findByText('Quote ID RQ-ONLY · Demo FBO Seattle Jet Center');
    expect(screen.queryByRole('button', { name: INBOX_TEXTS.loadMore })).not.toBeInTheDocument();
  });
});
