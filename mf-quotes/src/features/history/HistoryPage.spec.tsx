import { Routes } from '@rampquote/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { trackingRoutes } from '../../tracking-routes';
import { apiSettled } from '../../test/api-settled';
import { installFakeEventSource, streamsTo, uninstallEventSource } from '../../test/fake-event-source';
import { listRow, PILOT } from '../../test/quote-fixtures';
import { chooseMenuItem } from '../../test/menu';
import { clearToasts, fakeApi, renderRoutes } from '@rampquote/web-kit/testing/render-page';
import { HistoryPage } from './HistoryPage';
import { FIRST_ROWS } from './components/QuoteRequestsTable';
import { MAX_LIVE_ROWS } from './hooks/useLiveQuoteRows';
import { quoteRowStatus } from './quote-row-status';

// The page module is loaded up front, so the route's lazy import resolves at once.
void HistoryPage;

const signedIn = { 'GET /api/auth/me': { status: 200, body: PILOT } };

const waiting = listRow({ id: 'q-wait', uniqueId: 'RQ-WAIT22', responseCount: 0, totalFbosCount: 3 });
const some = listRow({
  id: 'q-some',
  uniqueId: 'RQ-SOME33',
  status: 'responses_received',
  responseCount: 2,
  totalFbosCount: 3,
  airport: { identifier: 'KLAX', name: 'Los Angeles International' },
  originAirport: null,
});
const done = listRow({
  id: 'q-done',
  uniqueId: 'RQ-DONE44',
  status: 'completed',
  responseCount: 3,
  totalFbosCount: 3,
  airport: { identifier: 'KJFK', name: 'John F Kennedy International' },
});

const rowOf = (id: string) => screen.getByTestId(`quote-row-${id}`);

beforeEach(() => {
  installFakeEventSource();
});

afterEach(() => {
  clearToasts();
  uninstallEventSource();
  jest.useRealTimers();
});

describe('My Quotes (/history)', () => {
  it('sends a visitor to /login, coming back to /history afterwards', async () => {
    fakeApi({ 'GET /api/auth/me': { status: 401, body: { error: 'Authentication required' } } });
    renderRoutes(trackingRoutes, '/history');
    expect(await screen.findByTestId('location')).toHaveTextContent('/login?returnPath=%2Fhistory');
  });

  it('shows the title, the subtitle, New Quote and the derived status, count, bar and percentage of each row', async () => {
    fakeApi({ ...signedIn, 'GET /api/quote-requests': { status: 200, body: [waiting, some, done] } });
    renderRoutes(trackingRoutes, '/history');

    expect(await screen.findByRole('heading', { name: 'My Quotes', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('View and manage your FBO quote requests')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New Quote' })).toHaveAttribute('href', '/rfi-form');
    expect(screen.getByPlaceholderText('Search requests...')).toBeInTheDocument();
    expect(await screen.findByText('Your Quotes')).toBeInTheDocument();
    expect(screen.getByText('3 quote(s) found')).toBeInTheDocument();
    const headers = within(screen.getByRole('table', { name: 'Your quote requests' })).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual([
      'Departure Airport',
      'Destination Airport',
      'FBO Response Status',
      'Actions',
    ]);

    const w = within(rowOf('q-wait'));
    expect(w.getByText('Pending')).toBeInTheDocument();
    expect(w.getByText('0/3 responses')).toBeInTheDocument();
    expect(w.getByText('0% - Waiting for responses')).toBeInTheDocument();
    expect(w.getByRole('progressbar', { name: 'Responses for RQ-WAIT22: 0%' })).toHaveAttribute('aria-valuenow', '0');

    const s = within(rowOf('q-some'));
    expect(s.getByText('Pending')).toBeInTheDocument();
    expect(s.getByText('2/3 responses')).toBeInTheDocument();
    expect(s.getByText('67% - Some responses received')).toBeInTheDocument();
    expect(s.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '67');
    // Each column shows what its label says: no departure airport gives the spec's placeholders in the first
    // column, the destination sits in the second.
    const [departureCell, destinationCell] = within(rowOf('q-some')).getAllByRole('cell');
    expect(within(departureCell).getByText('N/A')).toBeInTheDocument();
    expect(within(departureCell).getByText('Unknown Airport')).toBeInTheDocument();
    expect(within(destinationCell).getByText('KLAX')).toBeInTheDocument();
    expect(within(destinationCell).getByText('Los Angeles International')).toBeInTheDocument();

    const d = within(rowOf('q-done'));
    expect(d.getByText('Complete')).toBeInTheDocument();
    expect(d.getByText('3/3 responses')).toBeInTheDocument();
    expect(d.getByText('100% - All quotes received')).toBeInTheDocument();
    expect(d.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  });

  it('searches case-insensitively on the destination identifier, the destination name and the quote ID', async () => {
    const user = userEvent.setup({ delay: null });
    fakeApi({ ...signedIn, 'GET /api/quote-requests': { status: 200, body: [waiting, some, done] } });
    renderRoutes(trackingRoutes, '/history');
    const search = await screen.findByPlaceholderText('Search requests...');
    await screen.findByText('3 quote(s) found');

    await user.click(search);
    await user.paste('klax');
    expect(screen.getByText('1 quote(s) found')).toBeInTheDocument();
    expect(screen.getByTestId('quote-row-q-some')).toBeInTheDocument();
    expect(screen.queryByTestId('quote-row-q-wait')).not.toBeInTheDocument();

    await user.clear(search);
    await user.click(search);
    await user.paste('KENNEDY');
    expect(screen.getByText('1 quote(s) found')).toBeInTheDocument();
    expect(screen.getByTestId('quote-row-q-done')).toBeInTheDocument();

    await user.clear(search);
    await user.click(search);
    await user.paste('rq-wait');
    expect(screen.getByTestId('quote-row-q-wait')).toBeInTheDocument();
    expect(screen.getByText('1 quote(s) found')).toBeInTheDocument();

    await user.clear(search);
    await user.click(search);
    await user.paste('nowhere');
    expect(screen.getByText('0 quote(s) found')).toBeInTheDocument();

    await user.clear(search);
    expect(screen.getByText('3 quote(s) found')).toBeInTheDocument();
  });

  it('lists and searches every request when the service answers them a page at a time', async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi({
      ...signedIn,
      'GET /api/quote-requests': (url) =>
        url.searchParams.get('cursor') === 'after-some'
          ? { status: 200, body: [done] }
          : { status: 200, body: [waiting, some], headers: { 'X-Next-Cursor': 'after-some' } },
    });
    renderRoutes(trackingRoutes, '/history');
    expect(await screen.findByText('3 quote(s) found')).toBeInTheDocument();
    expect(api.callsTo('GET /api/quote-requests').map((c) => c.url.search)).toEqual([
      '',
      '?limit=200&cursor=after-some',
    ]);
    await user.click(screen.getByPlaceholderText('Search requests...'));
    await user.paste('KENNEDY');
    expect(screen.getByText('1 quote(s) found')).toBeInTheDocument();
    expect(screen.getByTestId('quote-row-q-done')).toBeInTheDocument();
  });

  it('lists every request, newest first, when there are more than a screen shows', async () => {
    const many = Array.from({ length: FIRST_ROWS.table + 3 }, (_, i) =>
      listRow({ id: `q-${i}`, uniqueId: `RQ-MANY${String(i).padStart(2, '0')}` }),
    );
    fakeApi({ ...signedIn, 'GET /api/quote-requests': { status: 200, body: many } });
    renderRoutes(trackingRoutes, '/history');
    expect(await screen.findByText(`${many.length} quote(s) found`)).toBeInTheDocument();
    expect(await screen.findByTestId(`quote-row-q-${many.length - 1}`)).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Your quote requests' });
    const ids = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.getAttribute('data-testid'));
    expect(ids).toEqual(many.map((r) => `quote-row-${r.id}`));
  });

  it('opens the details by a click on the row and by Enter on it', async () => {
    const user = userEvent.setup({ delay: null });
    fakeApi({
      ...signedIn,
      'GET /api/quote-requests': { status: 200, body: [waiting, done] },
      'GET /api/quote-requests/q-done': { status: 404, body: { error: 'Quote request not found' } },
    });
    const first = renderRoutes(trackingRoutes, '/history');
    await user.click(await screen.findByText('RQ-DONE44', { exact: false }));
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/quote-details/q-done'));
    first.unmount();

    const second = renderRoutes(trackingRoutes, '/history');
    const row = await screen.findByTestId('quote-row-q-wait');
    row.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/quote-details/q-wait'));
  });

  it('enables Print PDF and Delete only for a Complete request; View opens the details', async () => {
    const user = userEvent.setup({ delay: null });
    fakeApi({ ...signedIn, 'GET /api/quote-requests': { status: 200, body: [some, done] } });
    const { router } = renderRoutes(trackingRoutes, '/history');

    await user.click(await screen.findByRole('button', { name: 'Actions for RQ-SOME33' }));
    let menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'View' })).not.toHaveAttribute('aria-disabled', 'true');
    expect(within(menu).getByRole('menuitem', { name: 'Print PDF' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(menu).getByRole('menuitem', { name: 'Delete' })).toHaveAttribute('aria-disabled', 'true');
    // Escape closes the menu from the menu; typed before it takes focus, it would reach the trigger
    await waitFor(() => expect(menu).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/history');

    await user.click(screen.getByRole('button', { name: 'Actions for RQ-DONE44' }));
    menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Print PDF' })).not.toHaveAttribute('aria-disabled', 'true');
    expect(within(menu).getByRole('menuitem', { name: 'Delete' })).not.toHaveAttribute('aria-disabled', 'true');
    await chooseMenuItem(user, 'View');
    await waitFor(() => expect(router.state.location.pathname).toBe('/quote-details/q-done'));
  });

  it('deletes after "Yes, Delete": the dialog names the request, the success toast shows and the list is read again', async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi({
      ...signedIn,
      'GET /api/quote-requests': { status: 200, body: [some, done] },
      'DELETE /api/quote-requests/q-done': { status: 200, body: { deleted: 'q-done' } },
    });
    renderRoutes(trackingRoutes, '/history');
    await user.click(await screen.findByRole('button', { name: 'Actions for RQ-DONE44' }));
    await chooseMenuItem(user, 'Delete');

    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Quote Request' });
    expect(
      within(dialog).getByText('Are you sure you want to delete this quote request? This action cannot be undone.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('RQ-DONE44')).toBeInTheDocument();
    expect(within(dialog).getByText('KJFK - John F Kennedy International', { exact: false })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'No' })).toBeInTheDocument();

    api.set('GET /api/quote-requests', { status: 200, body: [some] });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, Delete' }));
    expect(await screen.findByText('Quote deleted')).toBeInTheDocument();
    expect(screen.getByText('The quote request has been successfully deleted.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.callsTo('DELETE /api/quote-requests/q-done')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByTestId('quote-row-q-done')).not.toBeInTheDocument());
    expect(screen.getByText('1 quote(s) found')).toBeInTheDocument();
  });

  it('"No" closes the dialog without deleting', async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi({ ...signedIn, 'GET /api/quote-requests': { status: 200, body: [done] } });
    renderRoutes(trackingRoutes, '/history');
    await user.click(await screen.findByRole('button', { name: 'Actions for RQ-DONE44' }));
    await chooseMenuItem(user, 'Delete');
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Quote Request' });
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.callsTo('DELETE /api/quote-requests/q-done')).toHaveLength(0);
    expect(screen.getByTestId('quote-row-q-done')).toBeInTheDocument();
  });

  it('shows "Error" with the server message when the delete fails, and the spec\'s text when there is none', async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi({
      ...signedIn,
      'GET /api/quote-requests': { status: 200, body: [done] },
      'DELETE /api/quote-requests/q-done': {
        status: 409,
        body: { error: 'Only complete quote requests can be deleted' },
      },
    });
    renderRoutes(trackingRoutes, '/history');
    await user.click(await screen.findByRole('button', { name: 'Actions for RQ-DONE44' }));
    await chooseMenuItem(user, 'Delete');
    let dialog = await screen.findByRole('alertdialog', { name: 'Delete Quote Request' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, Delete' }));
    expect(await screen.findByText('Only complete quote requests can be deleted')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();

    api.set('DELETE /api/quote-requests/q-done', { status: 500 });
    dialog = screen.getByRole('alertdialog', { name: 'Delete Quote Request' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, Delete' }));
    expect(await screen.findByText('Failed to delete quote request.')).toBeInTheDocument();
    expect(screen.getByTestId('quote-row-q-done')).toBeInTheDocument();
  });

  it('shows "No Quotes Yet" with its text and "Create New Quote" when there is no request', async () => {
    fakeApi({ ...signedIn, 'GET /api/quote-requests': { status: 200, body: [] } });
    renderRoutes(trackingRoutes, '/history');
    expect(await screen.findByRole('heading', { name: 'No Quotes Yet' })).toBeInTheDocument();
    expect(
      screen.getByText(
        "You haven't submitted any FBO quotes yet. Create your first quote to start getting responses from FBOs at your destination airport.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create New Quote' })).toHaveAttribute('href', '/rfi-form');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says "Failed to fetch quote requests" when the list cannot be read', async () => {
    fakeApi({
      ...signedIn,
      'GET /api/quote-requests': { status: 503, body: { error: 'The quotes service is unavailable' } },
    });
    renderRoutes(trackingRoutes, '/history');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to fetch quote requests')).toBeInTheDocument();
    expect(within(alert).getByText('The quotes service is unavailable')).toBeInTheDocument();
  });

  it("Print PDF downloads the request's PDF, and says why when it cannot", async () => {
    const user = userEvent.setup({ delay: null });
    const createObjectURL = jest.fn(() => 'blob:quote-pdf');
    const revokeObjectURL = jest.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const clicked: HTMLAnchorElement[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    const api = fakeApi({
      ...signedIn,
      'GET /api/quote-requests': { status: 200, body: [done] },
      'GET /api/quote-requests/q-done/pdf': { status: 200, body: '%PDF-1.7' },
    });
    renderRoutes(trackingRoutes, '/history');
    await user.click(await screen.findByRole('button', { name: 'Actions for RQ-DONE44' }));
    await chooseMenuItem(user, 'Print PDF');
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(api.callsTo(`GET ${Routes.quoteRequests.pdf('q-done')}`)).toHaveLength(1);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(clicked[0].download).toBe('RampQuote-RQ-DONE44.pdf');
    expect(clicked[0].href).toBe('blob:quote-pdf');

    api.set('GET /api/quote-requests/q-done/pdf', { status: 404, body: { error: 'Quote request not found' } });
    await user.click(screen.getByRole('button', { name: 'Actions for RQ-DONE44' }));
    await chooseMenuItem(user, 'Print PDF');
    expect(await screen.findByText('Quote request not found')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(clicked).toHaveLength(1);
    click.mockRestore();
  });

  it('keeps open rows live: a stream event updates the row without reading the list again', async () => {
    const api = fakeApi({ ...signedIn, 'GET /api/quote-requests': { status: 200, body: [some, done] } });
    const { store } = renderRoutes(trackingRoutes, '/history');
    await screen.findByTestId('quote-row-q-some');
    // Only the open request has a stream.
    expect(streamsTo(Routes.quoteRequests.events('q-done'))).toHaveLength(0);
    const [stream] = streamsTo(Routes.quoteRequests.events('q-some'));
    expect(stream).toBeDefined();
    stream.open();
    // Opening reads the list again (what changed before the stream was open).
    await waitFor(() => expect(api.callsTo('GET /api/quote-requests').length).toBeGreaterThanOrEqual(2));
    await apiSettled(store);
    const reads = api.callsTo('GET /api/quote-requests').length;

    stream.emit('status-changed', {
      quoteRequestId: 'q-some',
      status: 'completed',
      previousStatus: 'responses_received',
      responseCount: 3,
      totalFbosCount: 3,
    });
    const row = within(rowOf('q-some'));
    expect(await row.findByText('100% - All quotes received')).toBeInTheDocument();
    expect(row.getByText('Complete')).toBeInTheDocument();
    expect(row.getByText('3/3 responses')).toBeInTheDocument();
    expect(api.callsTo('GET /api/quote-requests')).toHaveLength(reads);
    // Complete now: its stream is closed.
    await waitFor(() => expect(stream.closed).toBe(true));
  });

  it(`follows at most ${MAX_LIVE_ROWS} open rows by stream, newest first`, async () => {
    const rows = Array.from({ length: MAX_LIVE_ROWS + 2 }, (_, i) =>
      listRow({ id: `q-${i}`, uniqueId: `RQ-OPEN${i}A` }),
    );
    fakeApi({ ...signedIn, 'GET /api/quote-requests': { status: 200, body: rows } });
    renderRoutes(trackingRoutes, '/history');
    await screen.findByTestId('quote-row-q-0');
    await waitFor(() => expect(streamsTo(Routes.quoteRequests.events('q-0'))).toHaveLength(1));
    const followed = rows.filter((r) => streamsTo(Routes.quoteRequests.events(r.id)).length === 1).map((r) => r.id);
    expect(followed).toEqual(rows.slice(0, MAX_LIVE_ROWS).map((r) => r.id));
  });

  it('polls the list every 3 s when a stream cannot be opened', async () => {
    jest.useFakeTimers();
    const api = fakeApi({ ...signedIn, 'GET /api/quote-requests': { status: 200, body: [some] } });
    renderRoutes(trackingRoutes, '/history');
    await screen.findByTestId('quote-row-q-some');
    const [stream] = streamsTo(Routes.quoteRequests.events('q-some'));
    stream.fail();
    const reads = api.callsTo('GET /api/quote-requests').length;

    api.set('GET /api/quote-requests', { status: 200, body: [{ ...some, responseCount: 3, status: 'completed' }] });
    await act(() => jest.advanceTimersByTimeAsync(3000));
    expect(await within(rowOf('q-some')).findByText('100% - All quotes received')).toBeInTheDocument();
    expect(api.callsTo('GET /api/quote-requests')).toHaveLength(reads + 1);
  });
});

describe('My Quotes on a phone', () => {
  /** A screen narrower than 48em: every (max-width) query matches. */
  function narrowScreen() {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    })) as typeof window.matchMedia;
    return () => {
      window.matchMedia = original;
    };
  }

  it('lists the requests as cards (no table wider than the screen), each with its airports, status and actions, opening its details', async () => {
    const restore = narrowScreen();
    try {
      fakeApi({ ...signedIn, 'GET /api/quote-requests': { status: 200, body: [some, done] } });
      const { router } = renderRoutes(trackingRoutes, '/history');
      const list = await screen.findByRole('list', { name: 'Your quote requests' });
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      expect(within(list).getAllByRole('listitem')).toHaveLength(2);
      const card = within(rowOf('q-done'));
      expect(card.getByText('Departure Airport')).toBeInTheDocument();
      expect(card.getByText('KJFK')).toBeInTheDocument();
      expect(card.getByText(quoteRowStatus(done).label)).toBeInTheDocument();
      expect(card.getByText('3/3 responses')).toBeInTheDocument();
      expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
      expect(card.getByRole('button', { name: 'Actions for RQ-DONE44' })).toBeInTheDocument();
      await userEvent.setup({ delay: null }).click(card.getByText('KJFK'));
      await waitFor(() => expect(router.state.location.pathname).toBe('/quote-details/q-done'));
    } finally {
      restore();
    }
  });

  it('lists every request as a card, newest first, when there are more than a phone shows', async () => {
    const restore = narrowScreen();
    try {
      const many = Array.from({ length: FIRST_ROWS.cards + 3 }, (_, i) =>
        listRow({ id: `q-${i}`, uniqueId: `RQ-MANY${String(i).padStart(2, '0')}` }),
      );
      fakeApi({ ...signedIn, 'GET /api/quote-requests': { status: 200, body: many } });
      renderRoutes(trackingRoutes, '/history');
      expect(await screen.findByTestId(`quote-row-q-${many.length - 1}`)).toBeInTheDocument();
      const list = screen.getByRole('list', { name: 'Your quote requests' });
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((card) => card.getAttribute('data-testid')),
      ).toEqual(many.map((r) => `quote-row-${r.id}`));
    } finally {
      restore();
    }
  });
});
