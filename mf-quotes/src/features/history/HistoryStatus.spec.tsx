import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { trackingRoutes } from '../../tracking-routes';
import { installFakeEventSource, uninstallEventSource } from '../../test/fake-event-source';
import { listRow, PILOT } from '../../test/quote-fixtures';
import { clearToasts, fakeApi, renderRoutes } from '@rampquote/web-kit/testing/render-page';
import { HistoryPage } from './HistoryPage';

void HistoryPage;

const signedIn = { 'GET /api/auth/me': { status: 200, body: PILOT } };

beforeEach(() => installFakeEventSource());
afterEach(() => {
  clearToasts();
  uninstallEventSource();
});

describe('My Quotes: a request that ended reads as such', () => {
  it('shows a cancelled request as Cancelled in the status column and the progress line, never Pending or Waiting', async () => {
    const cancelled = listRow({
      id: 'q-cancel',
      uniqueId: 'RQ-CANC55',
      status: 'cancelled',
      responseCount: 1,
      totalFbosCount: 3,
    });
    const open = listRow({ id: 'q-open', uniqueId: 'RQ-OPEN66', responseCount: 0, totalFbosCount: 2 });
    fakeApi({ ...signedIn, 'GET /api/quote-requests': { status: 200, body: [cancelled, open] } });
    renderRoutes(trackingRoutes, '/history');

    const row = within(await screen.findByTestId('quote-row-q-cancel'));
    expect(row.getByText('Cancelled')).toBeInTheDocument();
    expect(row.getByText('Cancelled - 1 of 3 FBOs had answered')).toBeInTheDocument();
    expect(row.queryByText('Pending')).not.toBeInTheDocument();
    expect(row.queryByText(/Waiting for responses/)).not.toBeInTheDocument();

    const other = within(screen.getByTestId('quote-row-q-open'));
    expect(other.getByText('Pending')).toBeInTheDocument();
    expect(other.getByText('0% - Waiting for responses')).toBeInTheDocument();
  });

  it('offers Delete but not Print PDF for a cancelled request that not every FBO had answered', async () => {
    const user = userEvent.setup({ delay: null });
    const cancelled = listRow({ id: 'q-cancel', uniqueId: 'RQ-CANC55', status: 'cancelled', responseCount: 1 });
    fakeApi({ ...signedIn, 'GET /api/quote-requests': { status: 200, body: [cancelled] } });
    renderRoutes(trackingRoutes, '/history');

    await user.click(await screen.findByRole('button', { name: 'Actions for RQ-CANC55' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Print PDF' })).toHaveAttribute('data-disabled');
    expect(within(menu).getByRole('menuitem', { name: 'Delete' })).not.toHaveAttribute('data-disabled');
  });

  it('shows a booking waiting for the FBO and a confirmed one as such', async () => {
    const pending = listRow({ id: 'q-pend', uniqueId: 'RQ-PEND77', status: 'booked-pending', responseCount: 3 });
    const booked = listRow({ id: 'q-book', uniqueId: 'RQ-BOOK88', status: 'booked', responseCount: 2 });
    fakeApi({ ...signedIn, 'GET /api/quote-requests': { status: 200, body: [pending, booked] } });
    renderRoutes(trackingRoutes, '/history');
    const p = within(await screen.findByTestId('quote-row-q-pend'));
    expect(p.getByText('Booking requested')).toBeInTheDocument();
    expect(p.getByText('Booking requested - waiting for the FBO to confirm')).toBeInTheDocument();
    const b = within(screen.getByTestId('quote-row-q-book'));
    expect(b.getByText('Booked')).toBeInTheDocument();
    expect(b.getByText('Booked - the FBO confirmed')).toBeInTheDocument();
    expect(b.queryByText('Pending')).not.toBeInTheDocument();
  });
});
