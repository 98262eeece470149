import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CATALOGUE, CATALOGUE_CALL, FBO_ID, FBO_USER, INVITATION_ID, pageData } from '../../../test/estimate-fixtures';
import { clearToasts, fakeApi, renderRoutes, type FakeRoute } from '@rampquote/web-kit/testing/render-page';
import { InboxRequestPage } from '../../../app/InboxRequestPage';

afterEach(() => clearToasts());

const PAGE = `GET /api/fbo-portal/requests/${INVITATION_ID}`;
const BOOKING = `POST /api/fbo-portal/requests/${INVITATION_ID}/booking`;
const MEMBERSHIP = {
  fboId: FBO_ID,
  fboName: 'Demo FBO Seattle Jet Center',
  airport: { identifier: 'KSEA', name: 'Seattle-Tacoma International' },
  role: 'staff',
};
const answered = (status: 'booked' | 'completed'): FakeRoute => ({
  status: 200,
  body: {
    quoteRequestId: 'qr-1',
    status,
    fboId: status === 'booked' ? FBO_ID : null,
    requestedAt: status === 'booked' ? '2030-04-21T10:00:00.000Z' : null,
    confirmedAt: status === 'booked' ? '2030-04-21T11:00:00.000Z' : null,
    declinedFboIds: status === 'booked' ? [] : [FBO_ID],
  },
});

function openRequest(answer: FakeRoute) {
  const api = fakeApi({
    'GET /api/auth/me': { status: 200, body: FBO_USER },
    'GET /api/fbo/memberships': { status: 200, body: { memberships: [MEMBERSHIP] } },
    [PAGE]: { status: 200, body: pageData({ state: 'submitted', booking: { state: 'requested' } }) },
    [CATALOGUE_CALL]: { status: 200, body: CATALOGUE },
    [BOOKING]: answer,
  });
  renderRoutes([{ path: '/', element: <InboxRequestPage invitationId={INVITATION_ID} /> }], '/');
  return { api, user: userEvent.setup({ delay: null }) };
}

describe('FBO inbox request: the booking', () => {
  it('lets a member confirm the booking the customer asked for, from the inbox', async () => {
    const { api, user } = openRequest(answered('booked'));
    const panel = within(await screen.findByRole('region', { name: 'Booking' }));
    expect(
      panel.getByText('The customer chose your estimate and asks you to confirm the booking.'),
    ).toBeInTheDocument();
    await user.click(panel.getByRole('button', { name: 'Confirm booking' }));
    await waitFor(() => expect(api.callsTo(BOOKING)).toHaveLength(1));
    expect(api.callsTo(BOOKING)[0].body).toEqual({ decision: 'confirm', reason: null });
    expect(await screen.findByText('Booking confirmed')).toBeInTheDocument();
  });

  it('lets a member decline with a reason, from the inbox', async () => {
    const { api, user } = openRequest(answered('completed'));
    const panel = within(await screen.findByRole('region', { name: 'Booking' }));
    await user.click(panel.getByRole('button', { name: 'Decline' }));
    await user.type(panel.getByLabelText('Reason for declining'), 'Hangar full');
    await user.click(panel.getByRole('button', { name: 'Decline booking' }));
    await waitFor(() => expect(api.callsTo(BOOKING)).toHaveLength(1));
    expect(api.callsTo(BOOKING)[0].body).toEqual({ decision: 'decline', reason: 'Hangar full' });
    expect(await screen.findByText('Booking declined')).toBeInTheDocument();
  });
});
