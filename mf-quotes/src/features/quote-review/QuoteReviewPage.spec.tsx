import type { CreateQuoteRequest } from '@rampquote/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QUOTE_DRAFT_KEY, QUOTE_EDITING_FLAG_KEY, type QuoteDraft } from '../../shared/quote-draft-storage';
import { clearToasts, fakeApi, renderRoutes, type FakeRoute } from '@rampquote/web-kit/testing/render-page';
import { anonymous, gateway, kbfi, kjfk, signedIn, skyline } from '../../test/request-fixtures';
import { QuoteReviewPage } from './QuoteReviewPage';

const routes = [{ path: '/quote-review', element: <QuoteReviewPage /> }];

const request: CreateQuoteRequest = {
  aircraftId: 'a-2',
  departureAirportCode: 'KBFI',
  airportCode: 'KJFK',
  arrival: '2030-06-01T16:00:00.000Z',
  departure: '2030-06-03T19:30:00.000Z',
  services: {
    fuel: true,
    fuelEstimatedAmount: 300,
    fuel100LL: false,
    fuelJetA: true,
    fuelJetAPositive: false,
    fuelJetANegative: false,
    fuelJetA1: false,
    fuelJP4: false,
    fuelUL94: false,
    fuelMOGAS: false,
    fuelBiodiesel: false,
    gpu: true,
    gpuDuration: '30',
    lavService: false,
    lavServiceType: null,
    potableWater: true,
    potableWaterGallons: 5,
    coffee: false,
    coffeeType: null,
    ice: false,
    icePounds: null,
    newspapers: false,
    newspapersSets: null,
    hangar: true,
    hangarPriority: 'medium',
    hangarTypeOvernight: false,
    hangarTypeStandard: false,
    hangarTypeHeated: false,
    deicing: false,
    deicingType: null,
    airCart: false,
    airCartDuration: null,
    cleaning: false,
    cleaningWindshield: false,
    cleaningInterior: false,
    cleaningExterior: false,
    cleaningDishware: false,
    cleaningDetail: false,
    catering: false,
  },
  notes: 'Crew of two.',
  selectedFbos: [gateway.id, skyline.id],
  units: 'standard',
};

const draft: QuoteDraft = {
  request,
  aircraft: { id: 'a-2', label: 'N200 — Cessna Citation CJ3' },
  departureAirport: kbfi,
  destinationAirport: kjfk,
  fbos: [gateway, skyline],
  units: 'standard',
};

function store(value: unknown) {
  sessionStorage.setItem(QUOTE_DRAFT_KEY, typeof value === 'string' ? value : JSON.stringify(value));
}

function setup(extra: Record<string, FakeRoute> = {}) {
  const api = fakeApi({ ...signedIn, ...extra });
  const rendered = renderRoutes(routes, '/quote-review');
  return { api, ...rendered };
}

function toastWith(title: string) {
  return screen
    .findByText(title, { selector: '[data-part="title"]' })
    .then((el) => el.closest('[data-part="root"]') as HTMLElement);
}

afterEach(() => {
  clearToasts();
  sessionStorage.clear();
});

describe('Quote review page', () => {
  it('sends visitors to /login', async () => {
    store(draft);
    fakeApi({ ...anonymous });
    const { router } = renderRoutes(routes, '/quote-review');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it("shows the toast 'No data' - 'No quote request data found to review.' and returns to /rfi-form when nothing is stored", async () => {
    const { router } = setup();
    const toast = await toastWith('No data');
    expect(within(toast).getByText('No quote request data found to review.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/rfi-form'));
  });

  it.each([
    ['not JSON', '{not json'],
    ['not a request', JSON.stringify({ request: { aircraftId: 'a-2' } })],
  ])(
    "shows the toast 'Error' - 'Could not load quote request data. Please try again.' for stored data that is %s",
    async (_what, raw) => {
      store(raw);
      const { router } = setup();
      const toast = await toastWith('Error');
      expect(toast).toHaveAttribute('data-type', 'error');
      expect(within(toast).getByText('Could not load quote request data. Please try again.')).toBeInTheDocument();
      await waitFor(() => expect(router.state.location.pathname).toBe('/rfi-form'));
    },
  );

  it('shows the aircraft, both airports, the times, the services, the selected FBOs and the notes', async () => {
    store({ ...draft, request: { ...request, selectedFbos: [skyline.id] } });
    setup();
    expect(await screen.findByRole('heading', { name: 'Review Your Quote Request' })).toBeInTheDocument();
    expect(document.title).toBe('Review Your Quote Request | RampQuote');
    const details = screen.getByRole('region', { name: 'Flight Details' });
    expect(details).toHaveTextContent('AircraftN200 — Cessna Citation CJ3');
    expect(details).toHaveTextContent(`Departure airportKBFI - ${kbfi.name} (Seattle, WA)`);
    expect(details).toHaveTextContent(`Destination airportKJFK - ${kjfk.name} (New York, NY)`);
    expect(details).toHaveTextContent(
      new Date(request.arrival).toLocaleString(undefined, {
        weekday: 'short',
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      }),
    );
    expect(details).toHaveTextContent('Duration at destination: 2 days 3 hours');
    const services = screen.getByRole('region', { name: 'Requested Services' });
    expect(services).toHaveTextContent('FuelJet A, 300 gallons');
    expect(
      within(services)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['GPU (30 min)', 'Potable water (5 gal)', 'Hangar (medium priority)']);
    const fbos = screen.getByRole('region', { name: 'Selected FBOs' });
    expect(
      within(fbos)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([skyline.name]);
    expect(screen.getByRole('region', { name: 'Notes' })).toHaveTextContent('Crew of two.');
  });

  it.each([
    ['the Back arrow', 'Back to the form'],
    ['"Edit Request"', 'Edit Request'],
  ])('%s sets the editing flag and returns to /rfi-form', async (_what, button) => {
    store(draft);
    const { router } = setup();
    await userEvent.setup().click(await screen.findByRole('button', { name: button }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/rfi-form'));
    expect(sessionStorage.getItem(QUOTE_EDITING_FLAG_KEY)).toBe('true');
    expect(sessionStorage.getItem(QUOTE_DRAFT_KEY)).not.toBeNull();
  });

  it('"Submit Request" posts the request, clears it and opens /quote-details/{id}', async () => {
    store(draft);
    const { api, router } = setup({
      'POST /api/quote-requests': { status: 201, body: { id: 'qr-1', uniqueId: 'RQ-7KX3PD' } },
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Submit Request' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/quote-details/qr-1'));
    expect(api.callsTo('POST /api/quote-requests').map((c) => c.body)).toEqual([request]);
    expect(sessionStorage.getItem(QUOTE_DRAFT_KEY)).toBeNull();
  });

  it('goes to /history when the answer has no uniqueId', async () => {
    store(draft);
    const { router } = setup({ 'POST /api/quote-requests': { status: 201, body: { id: 'qr-1' } } });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Submit Request' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/history'));
  });

  it("shows the toast 'Error' with the server's message when the submission is refused, and keeps the request", async () => {
    store(draft);
    const { router } = setup({
      'POST /api/quote-requests': {
        status: 400,
        body: {
          error: 'Invalid request data',
          details: [{ field: 'selectedFbos', message: 'Every selected FBO must be at the destination airport' }],
        },
      },
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Submit Request' }));
    const toast = await toastWith('Error');
    expect(toast).toHaveAttribute('data-type', 'error');
    expect(
      within(toast).getByText('Invalid request data: Every selected FBO must be at the destination airport'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/quote-review');
    expect(sessionStorage.getItem(QUOTE_DRAFT_KEY)).not.toBeNull();
  });

  it("shows 'Failed to submit quote request. Please try again.' when the server sends no message", async () => {
    store(draft);
    setup({ 'POST /api/quote-requests': { status: 502 } });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Submit Request' }));
    const toast = await toastWith('Error');
    expect(within(toast).getByText('Failed to submit quote request. Please try again.')).toBeInTheDocument();
  });
});
