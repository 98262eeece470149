import type { EstimatePageDataDto } from '@rampquote/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CATALOGUE, CATALOGUE_CALL, FBO_ID, PAGE_CALL, pageData, TOKEN } from '../../../test/estimate-fixtures';
import { clearToasts, fakeApi, renderRoutes, type FakeRoute } from '@rampquote/web-kit/testing/render-page';
import { EstimatePage } from './EstimatePage';

afterEach(() => clearToasts());

const BOOKING_CALL = `POST /api/fbo-quote/${FBO_ID}/${TOKEN}/booking`;
const decided: FakeRoute = {
  status: 200,
  body: {
    quoteRequestId: 'qr-1',
    status: 'booked',
    fboId: FBO_ID,
    requestedAt: '2030-04-21T10:00:00.000Z',
    confirmedAt: '2030-04-21T11:00:00.000Z',
    declinedFboIds: [],
  },
};

function openPage(booking: EstimatePageDataDto['booking'], answer: FakeRoute = decided) {
  const api = fakeApi({
    [PAGE_CALL]: { status: 200, body: pageData({ state: 'submitted', booking }) },
    [CATALOGUE_CALL]: { status: 200, body: CATALOGUE },
    [BOOKING_CALL]: answer,
  });
  renderRoutes([{ path: '/', element: <EstimatePage source={{ kind: 'link', fboId: FBO_ID, token: TOKEN }} /> }], '/');
  return { api, user: userEvent.setup({ delay: null }) };
}

describe('FBO link page: the booking', () => {
  it('confirms the booking the customer asked for', async () => {
    const { api, user } = openPage({ state: 'requested' });
    const panel = within(await screen.findByRole('region', { name: 'Booking' }));
    expect(
      panel.getByText('The customer chose your estimate and asks you to confirm the booking.'),
    ).toBeInTheDocument();
    await user.click(panel.getByRole('button', { name: 'Confirm booking' }));
    await waitFor(() => expect(api.callsTo(BOOKING_CALL)).toHaveLength(1));
    expect(api.callsTo(BOOKING_CALL)[0].body).toEqual({ decision: 'confirm', reason: null });
    expect(await screen.findByText('Booking confirmed')).toBeInTheDocument();
  });

  it('declines with a reason, and shows the server message when the reason is missing', async () => {
    const { api, user } = openPage(
      { state: 'requested' },
      {
        status: 400,
        body: {
          error: 'Invalid request data',
          details: [{ field: 'reason', message: 'Please give a reason for declining' }],
        },
      },
    );
    const panel = within(await screen.findByRole('region', { name: 'Booking' }));
    await user.click(panel.getByRole('button', { name: 'Decline' }));
    await user.click(panel.getByRole('button', { name: 'Decline booking' }));
    expect(await panel.findByText('Please give a reason for declining')).toBeInTheDocument();
    await user.type(panel.getByLabelText('Reason for declining'), 'Hangar full');
    await user.click(panel.getByRole('button', { name: 'Decline booking' }));
    await waitFor(() => expect(api.callsTo(BOOKING_CALL)).toHaveLength(2));
    expect(api.callsTo(BOOKING_CALL)[1].body).toEqual({ decision: 'decline', reason: 'Hangar full' });
  });

  it('says "The customer chose another FBO" to an FBO that was not selected', async () => {
    openPage({ state: 'other' });
    expect(await screen.findByText('The customer chose another FBO')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm booking' })).not.toBeInTheDocument();
  });
});
