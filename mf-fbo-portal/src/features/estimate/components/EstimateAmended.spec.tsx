import type { EstimatePageDataDto } from '@rampquote/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CATALOGUE, CATALOGUE_CALL, FBO_ID, PAGE_CALL, pageData, TOKEN } from '../../../test/estimate-fixtures';
import { clearToasts, fakeApi, renderRoutes } from '@rampquote/web-kit/testing/render-page';
import { formatDateTime } from '../../../shared/format';
import { EstimatePage } from './EstimatePage';

beforeEach(() => window.localStorage.clear());
afterEach(() => clearToasts());

const BOOKING_CALL = `POST /api/fbo-quote/${FBO_ID}/${TOKEN}/booking`;
const AMENDED_AT = '2030-04-22T09:30:00.000Z';
const ARRIVAL = '2030-05-01T18:00:00.000Z';
const DEPARTURE_BEFORE = '2030-05-03T18:00:00.000Z';
const DEPARTURE_AFTER = '2030-05-04T18:00:00.000Z';

/** Sent for the request as it read before: hangar $150 a night and coffee. */
const EARLIER_ESTIMATE: NonNullable<EstimatePageDataDto['estimate']> = {
  totalPrice: 1980,
  servicesQuoted: {
    hangar: { price: 150, quantity: null, days: 2, unavailable: false, notes: null },
    coffee: { price: 12, quantity: null, days: null, unavailable: false, notes: null },
    customServices: [],
  },
  notes: 'Same as before',
  validUntil: '2030-04-28T12:00:00.000Z',
  submittedAt: '2030-04-21T10:00:00.000Z',
  forEarlierVersion: true,
};

/** The pilot moved the departure a day later (3 nights now) and asked for more fuel. */
function amended(overrides: Partial<EstimatePageDataDto> = {}): EstimatePageDataDto {
  const base = pageData({}, { fuelEstimatedAmount: 300 });
  return {
    ...base,
    quoteRequest: { ...base.quoteRequest, arrivalDate: ARRIVAL, departureDate: DEPARTURE_AFTER },
    amendment: {
      version: 2,
      amendedAt: AMENDED_AT,
      changes: [
        { field: 'departure', before: DEPARTURE_BEFORE, after: DEPARTURE_AFTER },
        { field: 'fuelAmount', before: 250, after: 300 },
      ],
    },
    estimate: EARLIER_ESTIMATE,
    ...overrides,
  };
}

function openPage(data: EstimatePageDataDto) {
  const api = fakeApi({
    [PAGE_CALL]: { status: 200, body: data },
    [CATALOGUE_CALL]: { status: 200, body: CATALOGUE },
    [BOOKING_CALL]: {
      status: 200,
      body: {
        quoteRequestId: 'qr-1',
        status: 'booked',
        fboId: FBO_ID,
        requestedAt: '2030-04-21T10:00:00.000Z',
        confirmedAt: '2030-04-22T11:00:00.000Z',
        declinedFboIds: [],
      },
    },
  });
  renderRoutes([{ path: '/', element: <EstimatePage source={{ kind: 'link', fboId: FBO_ID, token: TOKEN }} /> }], '/');
  return { api, user: userEvent.setup({ delay: null }) };
}

const form = () =>
  screen.findByRole('form', { name: 'Enter Your Estimated Pricing for Requested Services Below', busy: false });
const notice = () => screen.getByTestId('amendment-notice');

describe('FBO estimate page of an amended request', () => {
  it('says what changed and when, that the estimate was for the earlier version, and opens the form with it to re-price', async () => {
    const { user } = openPage(amended());
    expect(await form()).toBeInTheDocument();
    expect(notice()).toHaveAttribute('role', 'status');
    expect(notice()).toHaveTextContent('The customer amended this request');
    expect(within(notice()).getByText(`Amended on ${formatDateTime(AMENDED_AT)}. What changed:`)).toBeInTheDocument();
    expect(
      within(notice())
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      `Departure: ${formatDateTime(DEPARTURE_BEFORE)} → ${formatDateTime(DEPARTURE_AFTER)}`,
      'Fuel quantity: 250 gallons → 300 gallons',
    ]);
    expect(notice()).toHaveTextContent(
      "Your estimate of $1,980.00 was for the earlier version and is not in the customer's comparison until you send it again. Please re-price: the form below opens with your earlier prices; update them for the request as it now reads, or send them unchanged to confirm them.",
    );
    // The notice comes before the form.
    expect(notice().compareDocumentPosition(await form()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    // The earlier prices fill the form, priced for the stay as it now reads (3 nights).
    const hangar = within(screen.getByRole('region', { name: 'Hangar Service' }));
    expect(hangar.getByRole('spinbutton', { name: /for Hangar Service$/ })).toHaveValue(150);
    expect(hangar.getByText('× 3 nights = $450.00')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Additional Comments/ })).toHaveValue('Same as before');
    expect(screen.getByTestId('estimate-total')).toHaveTextContent('$462.00');
    await user.type(
      within(screen.getByRole('region', { name: 'Fuel Pricing' })).getByRole('spinbutton', {
        name: /for Fuel Pricing$/,
      }),
      '6.2',
    );
    expect(screen.getByTestId('estimate-total')).toHaveTextContent('$2,322.00');
  });

  it('tells an FBO that had not answered what changed, without an earlier estimate', async () => {
    openPage(amended({ estimate: null }));
    expect(await form()).toBeInTheDocument();
    expect(notice()).toHaveTextContent('The customer amended this request');
    expect(notice()).toHaveTextContent('Fuel quantity: 250 gallons → 300 gallons');
    expect(notice()).not.toHaveTextContent('earlier version');
  });

  it('reads "None" for a value that was not given, and lists services as they were asked for', async () => {
    openPage(
      amended({
        amendment: {
          version: 3,
          amendedAt: AMENDED_AT,
          changes: [
            { field: 'notes', before: null, after: 'Crew of 3' },
            { field: 'services', before: ['Fuel', 'Hangar'], after: ['Fuel', 'Hangar', 'Coffee'] },
          ],
        },
      }),
    );
    expect(await form()).toBeInTheDocument();
    expect(
      within(notice())
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Notes: None → Crew of 3', 'Requested services: Fuel, Hangar → Fuel, Hangar, Coffee']);
  });

  it('shows no notice on a request that was never amended', async () => {
    openPage(pageData());
    expect(await form()).toBeInTheDocument();
    expect(screen.queryByText('The customer amended this request')).toBeNull();
    expect(screen.queryByTestId('amendment-notice')).toBeNull();
  });
});

describe('FBO link page: a booking asked for on an amended request', () => {
  it('says the dates changed, with the new ones, before the FBO confirms', async () => {
    const { api, user } = openPage(amended({ booking: { state: 'requested' } }));
    const panel = within(await screen.findByRole('region', { name: 'Booking' }));
    expect(
      panel.getByText('The customer chose your estimate and asks you to confirm the booking.'),
    ).toBeInTheDocument();
    expect(
      panel.getByText(
        `The customer amended this request on ${formatDateTime(AMENDED_AT)} and the visit dates changed. Check the new dates before you confirm:`,
      ),
    ).toBeInTheDocument();
    expect(panel.getByRole('listitem')).toHaveTextContent(
      `Departure: ${formatDateTime(DEPARTURE_BEFORE)} → ${formatDateTime(DEPARTURE_AFTER)}`,
    );
    // The estimate can still be re-priced below.
    expect(await form()).toBeInTheDocument();
    await user.click(panel.getByRole('button', { name: 'Confirm booking' }));
    await waitFor(() => expect(api.callsTo(BOOKING_CALL)).toHaveLength(1));
    expect(api.callsTo(BOOKING_CALL)[0].body).toEqual({ decision: 'confirm', reason: null });
  });

  it('asks to check what changed when the dates stayed', async () => {
    openPage(
      amended({
        state: 'submitted',
        estimate: { ...EARLIER_ESTIMATE, forEarlierVersion: false },
        booking: { state: 'requested' },
        amendment: { version: 2, amendedAt: AMENDED_AT, changes: [{ field: 'fuelAmount', before: 250, after: 300 }] },
      }),
    );
    const panel = within(await screen.findByRole('region', { name: 'Booking' }));
    expect(
      panel.getByText(
        `The customer amended this request on ${formatDateTime(AMENDED_AT)}. Check what changed before you confirm.`,
      ),
    ).toBeInTheDocument();
    // The estimate is for the request as it reads: what changed shows, without asking to re-price.
    expect(notice()).toHaveTextContent('Fuel quantity: 250 gallons → 300 gallons');
    expect(notice()).not.toHaveTextContent('earlier version');
  });
});
