import { compareOffers, Routes, type QuoteResponseDetailsDto } from '@rampquote/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { trackingRoutes } from '../../tracking-routes';
import { apiSettled } from '../../test/api-settled';
import { FakeEventSource, installFakeEventSource, streamsTo, uninstallEventSource } from '../../test/fake-event-source';
import { declinedAnswer, details, FBOS, PILOT, priced } from '../../test/quote-fixtures';
import { clearToasts, fakeApi, renderRoutes, type FakeRoute } from '@rampquote/web-kit/testing/render-page';
import { QuoteDetailsPage } from './QuoteDetailsPage';

// The page module is loaded up front, so the route's lazy import resolves at once.
void QuoteDetailsPage;

const signedIn = { 'GET /api/auth/me': { status: 200, body: PILOT } };
const URL_OF = '/quote-details/q-1';
const EVENTS = Routes.quoteRequests.events('q-1');

/** What svc-quotes' comparison gives for these answers to a request for fuel (500 gallons) and a hangar, 1 night. */
function comparisonOf(responses: QuoteResponseDetailsDto[]) {
  const request = details();
  return compareOffers(
    {
      ...request,
      services: { fuelJetA: true, fuelEstimatedAmount: 500, hangar: true },
      arrivalDate: '2026-03-10T12:00:00.000Z',
      departureDate: '2026-03-11T10:00:00.000Z',
    },
    request.fbos.map((f) => ({ fboId: f.id, name: f.name, status: f.status })),
    responses.map((r) => ({ ...r, fees: null })),
  );
}
const COMPARISON = 'GET /api/quote-requests/q-1/comparison';

function serve(
  request: FakeRoute,
  responses: FakeRoute = { status: 200, body: [] },
  extra: Record<string, FakeRoute> = {},
) {
  const answers = typeof responses === 'object' && Array.isArray(responses.body) ? responses.body : [];
  return fakeApi({
    ...signedIn,
    'GET /api/quote-requests/q-1': request,
    'GET /api/quote-requests/q-1/responses': responses,
    [COMPARISON]: { status: 200, body: comparisonOf(answers as QuoteResponseDetailsDto[]) },
    ...extra,
  });
}

const cardOf = (fboId: string) => screen.getByTestId(`response-${fboId}`);

beforeEach(() => {
  installFakeEventSource();
});

afterEach(() => {
  clearToasts();
  uninstallEventSource();
  jest.useRealTimers();
});

describe('Quote details (/quote-details/:id)', () => {
  it('sends a visitor to /login', async () => {
    fakeApi({ 'GET /api/auth/me': { status: 401, body: { error: 'Authentication required' } } });
    renderRoutes(trackingRoutes, URL_OF);
    expect(await screen.findByTestId('location')).toHaveTextContent('/login?returnPath=%2Fquote-details%2Fq-1');
  });

  it('shows "Quote Request Not Found" with a way back to My Quotes for a missing or foreign request', async () => {
    serve({ status: 404, body: { error: 'Quote request not found' } });
    renderRoutes(trackingRoutes, URL_OF);
    expect(await screen.findByRole('heading', { name: 'Quote Request Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Quotes' })).toHaveAttribute('href', '/history');
    expect(FakeEventSource.instances).toHaveLength(0);
  });

  it('shows the request summary', async () => {
    serve({ status: 200, body: details() });
    renderRoutes(trackingRoutes, URL_OF);
    const summary = await screen.findByRole('region', { name: 'Request summary' });
    const s = within(summary);
    expect(s.getByText('RQ-7KX3PD')).toBeInTheDocument();
    expect(s.getByText('Pending')).toBeInTheDocument();
    expect(s.getByText('Cessna 172S Skyhawk · N123AB · 172S N123AB')).toBeInTheDocument();
    expect(s.getByText('KSEA / SEA — Seattle-Tacoma International, Seattle, WA')).toBeInTheDocument();
    expect(s.getByText('KBFI / BFI — Boeing Field, Seattle, WA')).toBeInTheDocument();
    expect(s.getByText('3 days')).toBeInTheDocument();
    expect(s.getByText('Jet A, 500 gallons')).toBeInTheDocument();
    expect(s.getByText('Hangar (medium priority)')).toBeInTheDocument();
    // JSON notes show their `notes` field.
    expect(s.getByText('Arriving late, please keep the hangar open.')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Quote RQ-7KX3PD | RampQuote'));
  });

  it('waits for quotes with the two checkboxes at their saved values, and saves a change', async () => {
    const user = userEvent.setup({ delay: null });
    const api = serve(
      { status: 200, body: details() },
      { status: 200, body: [] },
      {
        'PUT /api/quote-requests/q-1/notifications': (_url, body) => ({
          status: 200,
          body: { emailEachResponse: true, emailAllResponded: true, ...(body as object) },
        }),
      },
    );
    renderRoutes(trackingRoutes, URL_OF);
    expect(await screen.findByRole('heading', { name: 'Waiting for Quotes' })).toBeInTheDocument();
    const each = screen.getByRole('checkbox', { name: 'Email me for each FBO response' });
    const all = screen.getByRole('checkbox', { name: 'Email me once all FBOs have responded' });
    expect(each).not.toBeChecked();
    expect(all).toBeChecked();

    await user.click(each);
    await waitFor(() => expect(api.callsTo('PUT /api/quote-requests/q-1/notifications')).toHaveLength(1));
    expect(api.callsTo('PUT /api/quote-requests/q-1/notifications')[0].body).toEqual({ emailEachResponse: true });
    expect(await screen.findByText('Notification preferences saved.')).toBeInTheDocument();
    expect(each).toBeChecked();
  });

  it('puts a checkbox back and says why when saving fails', async () => {
    const user = userEvent.setup({ delay: null });
    serve(
      { status: 200, body: details() },
      { status: 200, body: [] },
      {
        'PUT /api/quote-requests/q-1/notifications': {
          status: 503,
          body: { error: 'The quotes service is unavailable' },
        },
      },
    );
    renderRoutes(trackingRoutes, URL_OF);
    const all = await screen.findByRole('checkbox', { name: 'Email me once all FBOs have responded' });
    await user.click(all);
    expect(await screen.findByText('The quotes service is unavailable')).toBeInTheDocument();
    await waitFor(() => expect(all).toBeChecked());
  });

  it('ranks the quotes by landed total: Best Price green, Highest Price red, the middle yellow, with the savings', async () => {
    const responses = [priced(0, 1250), priced(1, 1000), priced(2, 1100.5)];
    serve({ status: 200, body: details({ status: 'completed', responseCount: 3 }) }, { status: 200, body: responses });
    renderRoutes(trackingRoutes, URL_OF);

    const list = await screen.findByRole('list', { name: 'Responses, lowest landed total first' });
    const order = within(list)
      .getAllByRole('article')
      .map((card) => within(card).getByRole('heading').textContent);
    expect(order).toEqual(['Bravo Aviation', 'Charlie Ramp', 'Alpha Jet Center']);

    const best = within(cardOf('fbo-b'));
    expect(cardOf('fbo-b')).toHaveAttribute('data-tone', 'best');
    expect(best.getByText('Best Price')).toBeInTheDocument();
    expect(best.getByTestId('response-total')).toHaveTextContent('$1,000.00');

    expect(cardOf('fbo-c')).toHaveAttribute('data-tone', 'middle');
    expect(within(cardOf('fbo-c')).queryByText(/Best Price|Highest Price/)).not.toBeInTheDocument();
    expect(within(cardOf('fbo-c')).getByTestId('response-total')).toHaveTextContent('$1,100.50');

    expect(cardOf('fbo-a')).toHaveAttribute('data-tone', 'highest');
    expect(within(cardOf('fbo-a')).getByText('Highest Price')).toBeInTheDocument();
    expect(within(cardOf('fbo-a')).getByTestId('response-total')).toHaveTextContent('$1,250.00');

    // 1250 - 1000 = 250; 250 / 1250 = 20.0 %.
    expect(screen.getByTestId('savings-amount')).toHaveTextContent('$250.00');
    expect(screen.getByTestId('savings-percent')).toHaveTextContent('20.0%');
    expect(screen.getByRole('region', { name: 'Savings' })).toHaveTextContent(
      'Choosing Bravo Aviation over Alpha Jet Center saves $250.00 (20.0% of the highest price).',
    );

    expect(screen.getByText('3 quote(s) received')).toBeInTheDocument();
    expect(screen.getByText('Completed', { selector: '.chakra-badge' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel request' })).not.toBeInTheDocument();
  });

  it('rounds the savings percentage to one decimal', async () => {
    // 333.33 / 999.99 = 33.3333… %
    serve(
      { status: 200, body: details({ status: 'completed', responseCount: 2, totalFbosCount: 2 }) },
      { status: 200, body: [priced(0, 999.99), priced(1, 666.66)] },
    );
    renderRoutes(trackingRoutes, URL_OF);
    expect(await screen.findByTestId('savings-amount')).toHaveTextContent('$333.33');
    expect(screen.getByTestId('savings-percent')).toHaveTextContent('33.3%');
  });

  it('marks a single quote Best Price, without Highest Price or savings', async () => {
    serve(
      { status: 200, body: details({ status: 'responses_received', responseCount: 1 }) },
      { status: 200, body: [priced(0, 800)] },
    );
    renderRoutes(trackingRoutes, URL_OF);
    expect(await within(await screen.findByTestId('response-fbo-a')).findByText('Best Price')).toBeInTheDocument();
    expect(screen.queryByText('Highest Price')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Savings' })).not.toBeInTheDocument();
    expect(screen.getByText('1 quote(s) received')).toBeInTheDocument();
  });

  it("lists each FBO's requested services in the comparison's order, the extras apart, and contacts the FBO by mailto with the quote ID", async () => {
    const response = priced(0, 1300, {
      notes: 'Crew car included.',
      servicesQuoted: {
        dedicatedFuel: {
          price: 2,
          quantity: 500,
          days: null,
          total: 1000,
          notes: 'Contract price',
          unavailable: false,
        },
        hangar: { price: 150, quantity: null, days: 2, total: 300, notes: null, unavailable: false },
        catering: { price: null, quantity: null, days: null, total: 0, notes: null, unavailable: true },
        customServices: [{ id: 's-9', name: 'Crew transportation', price: 0, notes: 'Free' }],
      },
    });
    serve(
      { status: 200, body: details({ status: 'responses_received', responseCount: 1 }) },
      { status: 200, body: [response] },
    );
    renderRoutes(trackingRoutes, URL_OF);
    const lines = within(await screen.findByRole('list', { name: 'Requested services at Alpha Jet Center' }));
    const items = lines.getAllByRole('listitem').map((li) => li.textContent);
    // The requested services in the comparison's order (fuel once, the hangar for the night of the stay); catering
    // was not requested; the crew car is an extra apart.
    expect(items).toEqual([
      'Fuel (Jet A, 500 gallons)$2.00 × 500 gallonsContract price$1,000.00',
      'Hangar (1 night)$150.00 × 1 night$150.00',
      'Requested services$1,150.00',
    ]);
    const extras = within(screen.getByRole('list', { name: 'Extras from Alpha Jet Center' }));
    expect(extras.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Crew transportationNot requestedFree$0.00',
    ]);
    expect(screen.queryByText(/Fuel service/)).not.toBeInTheDocument();
    const card = within(cardOf('fbo-a'));
    expect(card.getByText('Crew car included.')).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Contact FBO Alpha Jet Center by e-mail' })).toHaveAttribute(
      'href',
      'mailto:alpha@example.com?subject=Quote%20request%20RQ-7KX3PD',
    );
  });

  it('shows a decline as "Declined" with its reason, outside the ranking, and marks an expired estimate', async () => {
    const expired = priced(0, 900, { expired: true, validUntil: '2026-01-05T00:00:00.000Z' });
    serve(
      { status: 200, body: details({ status: 'responses_received', responseCount: 2 }) },
      { status: 200, body: [declinedAnswer(1), expired] },
    );
    renderRoutes(trackingRoutes, URL_OF);
    const declined = within(await screen.findByTestId('response-fbo-b'));
    expect(declined.getByText('Declined')).toBeInTheDocument();
    expect(declined.getByText('No hangar space')).toBeInTheDocument();
    expect(declined.getByText('Fully booked for the airshow weekend.')).toBeInTheDocument();
    expect(declined.queryByTestId('response-total')).not.toBeInTheDocument();
    expect(screen.getByTestId('response-fbo-b')).toHaveAttribute('data-tone', 'declined');

    const old = within(cardOf('fbo-a'));
    expect(old.getByText('Best Price')).toBeInTheDocument();
    expect(old.getByText('Expired')).toBeInTheDocument();
    expect(
      old.getByText('This estimate expired on January 5, 2026. Ask the FBO to confirm the prices.'),
    ).toBeInTheDocument();

    expect(screen.getByText('1 quote(s) received')).toBeInTheDocument();
    expect(screen.getByText('1 declined')).toBeInTheDocument();
  });

  it('applies a new response from the stream without reloading', async () => {
    const api = serve({ status: 200, body: details() });
    const { store } = renderRoutes(trackingRoutes, URL_OF);
    await screen.findByRole('heading', { name: 'Waiting for Quotes' });
    await waitFor(() => expect(streamsTo(EVENTS)).toHaveLength(1));
    const [stream] = streamsTo(EVENTS);
    stream.open();
    // Opening reads the request again (what changed before the stream was open).
    await waitFor(() => expect(api.callsTo('GET /api/quote-requests/q-1/responses').length).toBeGreaterThanOrEqual(2));
    await apiSettled(store);
    const reads = api.callsTo('GET /api/quote-requests/q-1/responses').length;

    const response: QuoteResponseDetailsDto = priced(1, 975.25);
    api.set(COMPARISON, { status: 200, body: comparisonOf([response]) });
    stream.emit('response-received', {
      quoteRequestId: 'q-1',
      status: 'responses_received',
      responseCount: 1,
      totalFbosCount: 3,
      response,
    });
    expect(await screen.findByTestId('response-fbo-b')).toBeInTheDocument();
    expect(within(cardOf('fbo-b')).getByTestId('response-total')).toHaveTextContent('$975.25');
    expect(screen.getByText('1 quote(s) received')).toBeInTheDocument();
    expect(screen.getByTestId('response-count')).toHaveTextContent('1 of 3 FBOs responded');
    expect(screen.queryByRole('heading', { name: 'Waiting for Quotes' })).not.toBeInTheDocument();
    expect(screen.getByText('Waiting for: Alpha Jet Center, Charlie Ramp')).toBeInTheDocument();

    // The same event again (a replay after a reconnect) does not show the answer twice.
    stream.emit('response-received', {
      quoteRequestId: 'q-1',
      status: 'responses_received',
      responseCount: 1,
      totalFbosCount: 3,
      response,
    });
    expect(screen.getAllByTestId('response-fbo-b')).toHaveLength(1);
    expect(api.callsTo('GET /api/quote-requests/q-1/responses')).toHaveLength(reads);
  });

  it('shows a cancellation from the stream and stops following', async () => {
    const api = serve(
      { status: 200, body: details({ status: 'responses_received', responseCount: 1 }) },
      { status: 200, body: [priced(0, 500)] },
    );
    const { store } = renderRoutes(trackingRoutes, URL_OF);
    expect(await screen.findByRole('button', { name: 'Cancel request' })).toBeInTheDocument();
    await waitFor(() => expect(streamsTo(EVENTS)).toHaveLength(1));
    const [stream] = streamsTo(EVENTS);
    stream.open();
    await waitFor(() => expect(api.callsTo('GET /api/quote-requests/q-1').length).toBeGreaterThanOrEqual(2));
    await waitFor(() => expect(api.callsTo('GET /api/quote-requests/q-1/responses').length).toBeGreaterThanOrEqual(2));
    await apiSettled(store);
    stream.emit('cancelled', {
      quoteRequestId: 'q-1',
      status: 'cancelled',
      responseCount: 1,
      totalFbosCount: 3,
      cancelledAt: '2026-03-02T12:00:00.000Z',
    });
    expect(await screen.findByText('Cancelled', { selector: '.chakra-badge' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel request' })).not.toBeInTheDocument();
    await waitFor(() => expect(stream.closed).toBe(true));
  });

  it("falls back to the spec's 3 s polling when the stream cannot be opened", async () => {
    jest.useFakeTimers();
    const api = serve({ status: 200, body: details() });
    renderRoutes(trackingRoutes, URL_OF);
    await screen.findByRole('heading', { name: 'Waiting for Quotes' });
    const [stream] = streamsTo(EVENTS);
    stream.fail();
    expect(stream.closed).toBe(true);
    const reads = api.callsTo('GET /api/quote-requests/q-1/responses').length;

    api.set('GET /api/quote-requests/q-1', {
      status: 200,
      body: details({ status: 'responses_received', responseCount: 1 }),
    });
    api.set('GET /api/quote-requests/q-1/responses', { status: 200, body: [priced(2, 640)] });
    api.set(COMPARISON, { status: 200, body: comparisonOf([priced(2, 640)]) });
    await act(() => jest.advanceTimersByTimeAsync(3000));
    expect(await screen.findByTestId('response-fbo-c')).toBeInTheDocument();
    expect(api.callsTo('GET /api/quote-requests/q-1/responses')).toHaveLength(reads + 1);
  });

  it('polls when the browser has no EventSource at all', async () => {
    jest.useFakeTimers();
    uninstallEventSource();
    const api = serve({ status: 200, body: details() });
    renderRoutes(trackingRoutes, URL_OF);
    await screen.findByRole('heading', { name: 'Waiting for Quotes' });
    const reads = api.callsTo('GET /api/quote-requests/q-1').length;
    await act(() => jest.advanceTimersByTimeAsync(3000));
    await waitFor(() => expect(api.callsTo('GET /api/quote-requests/q-1')).toHaveLength(reads + 1));
  });

  it('cancels an open request after confirmation, naming the FBOs that will be told', async () => {
    const user = userEvent.setup({ delay: null });
    const request = details({
      status: 'responses_received',
      responseCount: 1,
      fbos: [
        { ...FBOS[0], status: 'submitted', respondedAt: '2026-03-02T09:30:00.000Z' },
        { ...FBOS[1], status: 'open', respondedAt: null },
        { ...FBOS[2], status: 'open', respondedAt: null },
      ],
    });
    const api = serve(
      { status: 200, body: request },
      { status: 200, body: [priced(0, 500)] },
      {
        'POST /api/quote-requests/q-1/cancel': {
          status: 200,
          body: {
            id: 'q-1',
            status: 'cancelled',
            cancelledAt: '2026-03-02T12:00:00.000Z',
            withdrawnFboIds: ['fbo-b', 'fbo-c'],
          },
        },
      },
    );
    renderRoutes(trackingRoutes, URL_OF);
    await user.click(await screen.findByRole('button', { name: 'Cancel request' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel Quote Request' });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Bravo Aviation', 'Charlie Ramp']);

    api.set('GET /api/quote-requests/q-1', {
      status: 200,
      body: { ...request, status: 'cancelled', cancelledAt: '2026-03-02T12:00:00.000Z' },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, Cancel Request' }));
    expect(await screen.findByText('Request cancelled')).toBeInTheDocument();
    expect(screen.getByText('2 FBOs that had not answered have been told.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/quote-requests/q-1/cancel')).toHaveLength(1);
    expect(await screen.findByText('Cancelled', { selector: '.chakra-badge' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel request' })).not.toBeInTheDocument();
  });

  it('says why a cancel failed', async () => {
    const user = userEvent.setup({ delay: null });
    serve(
      { status: 200, body: details() },
      { status: 200, body: [] },
      {
        'POST /api/quote-requests/q-1/cancel': {
          status: 409,
          body: { error: 'This quote request has already been cancelled' },
        },
      },
    );
    renderRoutes(trackingRoutes, URL_OF);
    await user.click(await screen.findByRole('button', { name: 'Cancel request' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel Quote Request' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, Cancel Request' }));
    expect(await screen.findByText('This quote request has already been cancelled')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
  });

  it('Print PDF says why when the PDF cannot be had', async () => {
    const user = userEvent.setup({ delay: null });
    serve(
      { status: 200, body: details() },
      { status: 200, body: [] },
      { 'GET /api/quote-requests/q-1/pdf': { status: 500 } },
    );
    renderRoutes(trackingRoutes, URL_OF);
    await user.click(await screen.findByRole('button', { name: 'Print PDF' }));
    expect(await screen.findByText('Failed to download the PDF.')).toBeInTheDocument();
  });
});
