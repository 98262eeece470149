import { compareOffers, type QuoteResponseDetailsDto } from '@rampquote/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { trackingRoutes } from '../../tracking-routes';
import { installFakeEventSource, uninstallEventSource } from '../../test/fake-event-source';
import { details, PILOT, priced } from '../../test/quote-fixtures';
import { clearToasts, fakeApi, renderRoutes } from '@rampquote/web-kit/testing/render-page';
import { QuoteDetailsPage } from './QuoteDetailsPage';

void QuoteDetailsPage;

beforeEach(() => installFakeEventSource());
afterEach(() => {
  clearToasts();
  uninstallEventSource();
});

const line = (price: number | null, unavailable = false) => ({
  price,
  quantity: null,
  days: null,
  total: price ?? 0,
  notes: null,
  unavailable,
});
const fuel = (perGallon: number) => ({
  price: perGallon,
  quantity: 500,
  days: null,
  total: perGallon * 500,
  notes: null,
  unavailable: false,
});

// Alpha: cheapest, but no hangar. Bravo: a crew car nobody asked for, ramp fee waived from 300 gallons.
// Charlie: everything, ramp fee waived only from 1,000 gallons.
const alpha = priced(0, 0, {
  servicesQuoted: { dedicatedFuel: fuel(6), hangar: line(null, true), customServices: [] },
});
const bravo = priced(1, 0, {
  servicesQuoted: {
    dedicatedFuel: fuel(6.5),
    hangar: line(125),
    customServices: [{ id: '7', name: 'Crew car', price: 40, notes: null }],
  },
});
const charlie = priced(2, 0, { servicesQuoted: { dedicatedFuel: fuel(6.25), hangar: line(150), customServices: [] } });
const fees: Record<string, object> = {
  'r-fbo-b': { rampFacility: { price: 150, waivedWithGallons: 300 } },
  'r-fbo-c': { rampFacility: { price: 200, waivedWithGallons: 1000 } },
};

function serve(
  responses: QuoteResponseDetailsDto[],
  status: 'completed' | 'booked' = 'completed',
  booking: { bookingFboId: string; bookingConfirmedAt: string } | null = null,
) {
  const request = details({ status, responseCount: 3 });
  const comparison = compareOffers(
    {
      ...request,
      services: { fuelJetA: true, fuelEstimatedAmount: 500, hangar: true },
      arrivalDate: '2030-05-01T12:00:00.000Z',
      departureDate: '2030-05-03T07:00:00.000Z',
      ...booking,
    },
    request.fbos.map((f) => ({ fboId: f.id, name: f.name, status: 'submitted' as const })),
    responses.map((r) => ({ ...r, fees: fees[r.id] ?? null })),
  );
  return fakeApi({
    'GET /api/auth/me': { status: 200, body: PILOT },
    'GET /api/quote-requests/q-1': { status: 200, body: request },
    'GET /api/quote-requests/q-1/responses': { status: 200, body: responses },
    'GET /api/quote-requests/q-1/comparison': { status: 200, body: comparison },
    'POST /api/quote-requests/q-1/booking': {
      status: 200,
      body: {
        quoteRequestId: 'q-1',
        status: 'booked-pending',
        fboId: 'fbo-b',
        requestedAt: '2030-04-01T10:00:00.000Z',
        confirmedAt: null,
        declinedFboIds: [],
      },
    },
  });
}

describe('Quote details: the like-for-like comparison', () => {
  it('ranks only complete offers by landed total, side by side, and says what the incomplete one lacks', async () => {
    serve([alpha, bravo, charlie]);
    renderRoutes(trackingRoutes, '/quote-details/q-1');

    const list = await screen.findByRole('list', { name: 'Responses, lowest landed total first' });
    const cards = within(list).getAllByRole('article');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual([
      'Bravo Aviation',
      'Charlie Ramp',
      'Alpha Jet Center',
    ]);
    // Bravo: 3,250 + 2 nights x 125 = 3,500, its ramp fee waived at 500 gallons; Charlie: 3,125 + 300 + 200.
    expect(within(cards[0]).getByText('Best Price')).toBeInTheDocument();
    expect(within(cards[0]).getByTestId('response-total')).toHaveTextContent('$3,500.00');
    expect(within(cards[1]).getByText('Highest Price')).toBeInTheDocument();
    expect(within(cards[1]).getByTestId('response-total')).toHaveTextContent('$3,625.00');
    expect(within(cards[2]).queryByText('Best Price')).not.toBeInTheDocument();
    expect(within(cards[2]).getByText('Incomplete: no price for Hangar. Not ranked.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Savings' })).toHaveTextContent(
      'Choosing Bravo Aviation over Charlie Ramp saves $125.00 (3.4% of the highest price).',
    );
    expect(within(cards[0]).getByText('Extras (not requested): $40.00')).toBeInTheDocument();
    expect(within(cards[0]).getByText(/Waived: 500 gallons requested \(at least 300\)/)).toBeInTheDocument();

    const table = within(screen.getByRole('table', { name: 'Offers side by side' }));
    expect(table.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Requested service',
      'Bravo AviationBest Price',
      'Charlie RampHighest Price',
      'Alpha Jet CenterIncomplete',
    ]);
    const hangar = table.getByRole('row', { name: /^Hangar 2 nights/ });
    expect(
      within(hangar)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['$250.00$125.00 × 2 nightsLowest', '$300.00$150.00 × 2 nights', 'Unavailable']);
    const landed = table.getByRole('row', { name: /^Landed total/ });
    expect(
      within(landed)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['$3,500.00', '$3,625.00', '$3,000.00']);
  });

  it('books with an FBO after confirmation: "Book with {FBO}", the landed total, then the FBO is asked', async () => {
    const api = serve([alpha, bravo, charlie]);
    const user = userEvent.setup({ delay: null });
    renderRoutes(trackingRoutes, '/quote-details/q-1');
    await user.click(await screen.findByRole('button', { name: 'Book with Bravo Aviation' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Book with Bravo Aviation' }));
    expect(dialog.getByText(/at a landed total of \$3,500\.00/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Yes, Book' }));
    await waitFor(() => expect(api.callsTo('POST /api/quote-requests/q-1/booking')).toHaveLength(1));
    expect(api.callsTo('POST /api/quote-requests/q-1/booking')[0].body).toEqual({ fboId: 'fbo-b' });
    expect(await screen.findByText('We asked Bravo Aviation to confirm your booking.')).toBeInTheDocument();
  });

  it('shows a confirmed booking, the booked FBO marked, and offers no more choice', async () => {
    serve([alpha, bravo, charlie], 'booked', {
      bookingFboId: 'fbo-b',
      bookingConfirmedAt: '2030-04-02T10:00:00.000Z',
    });
    renderRoutes(trackingRoutes, '/quote-details/q-1');
    expect(await screen.findByText('Booked with Bravo Aviation')).toBeInTheDocument();
    expect(within(screen.getByTestId('response-fbo-b')).getByText('Booked')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Book with/ })).not.toBeInTheDocument();
    // The booking can still be cancelled with the request.
    expect(screen.getByRole('button', { name: 'Cancel request' })).toBeInTheDocument();
  });
});
