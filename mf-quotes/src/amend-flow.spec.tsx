import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { trackingRoutes } from './tracking-routes';
import { compareOffers, type QuoteComparison, type QuoteResponseDetailsDto } from '@rampquote/contracts';
import { details, FBOS, PILOT, priced } from './test/quote-fixtures';
import { installFakeEventSource, uninstallEventSource } from './test/fake-event-source';
import { clearToasts, fakeApi, heldResponse, renderRoutes } from '@rampquote/web-kit/testing/render-page';
import { QUOTE_DRAFT_KEY, QUOTE_EDITING_FLAG_KEY, amendmentDraft } from './shared/quote-draft-storage';
import { QuoteReviewPage } from './features/quote-review/QuoteReviewPage';
import { formatDateTime } from './shared/date-time-picker/date-time';
import { QuoteDetailsPage } from './features/quote-details/QuoteDetailsPage';
import { RequestFormPage } from './features/request-form/RequestFormPage';
import { citation, dayFromToday, formRoutes, gateway, kbfi, kjfk, skyline } from './test/request-fixtures';
import { amendFormReady } from './test/request-form-helpers';

void QuoteDetailsPage;

const signedIn = { 'GET /api/auth/me': { status: 200, body: PILOT } };
const empty = { status: 200, body: [] };

function serve(request = details()) {
  return fakeApi({
    ...signedIn,
    'GET /api/quote-requests/q-1': { status: 200, body: request },
    'GET /api/quote-requests/q-1/responses': empty,
    'GET /api/quote-requests/q-1/comparison': {
      status: 200,
      body: {
        quoteRequestId: 'q-1',
        uniqueId: 'RQ-7KX3PD',
        status: request.status,
        nights: 2,
        fuel: null,
        rows: [],
        offers: [],
        bestId: null,
        highestId: null,
        savings: null,
        declined: [],
        booking: null,
        bookingDeclinedFboIds: [],
        waiting: [],
        awaitingRepricing: [],
      },
    },
  });
}

const amended = details({
  version: 2,
  versions: [
    {
      version: 2,
      changes: [
        { field: 'arrival', before: '2026-03-10T12:00:00.000Z', after: '2026-03-11T12:00:00.000Z' },
        { field: 'fuelAmount', before: 500, after: 1200 },
      ],
      changedBy: { id: 'u-1', name: 'Pat Pilot' },
      changedAt: '2026-03-02T09:30:00.000Z',
    },
  ],
});

beforeEach(() => installFakeEventSource());
afterEach(() => {
  clearToasts();
  uninstallEventSource();
  sessionStorage.clear();
});

describe('amending a sent request', () => {
  it('shows the History: who amended it, when, and what changed', async () => {
    serve(amended);
    renderRoutes(trackingRoutes, '/quote-details/q-1');
    const history = within(await screen.findByRole('region', { name: 'History' }));
    expect(
      history.getByText(`Version 2: amended by Pat Pilot on ${formatDateTime('2026-03-02T09:30:00.000Z')}`),
    ).toBeInTheDocument();
    expect(
      history.getByText(
        `Arrival: ${formatDateTime('2026-03-10T12:00:00.000Z')} → ${formatDateTime('2026-03-11T12:00:00.000Z')}`,
      ),
    ).toBeInTheDocument();
    expect(history.getByText('Fuel quantity: 500 gallons → 1,200 gallons')).toBeInTheDocument();
  });

  it('has no History before an amendment, and no "Amend request" once cancelled', async () => {
    serve(details({ status: 'cancelled' }));
    renderRoutes(trackingRoutes, '/quote-details/q-1');
    expect(await screen.findByRole('region', { name: 'Request summary' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'History' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Amend request' })).toBeNull();
  });

  it('"Amend request" opens the request form with the request stored for editing', async () => {
    const request = details();
    serve(request);
    const { router } = renderRoutes(trackingRoutes, '/quote-details/q-1');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Amend request' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/rfi-form'));
    expect(sessionStorage.getItem(QUOTE_EDITING_FLAG_KEY)).toBe('true');
    const stored = JSON.parse(sessionStorage.getItem(QUOTE_DRAFT_KEY)!);
    expect(stored.amendingId).toBe('q-1');
    expect(stored.request).toMatchObject({
      airportCode: 'KSEA',
      departureAirportCode: 'KBFI',
      arrival: request.arrivalDate,
      departure: request.departureDate,
      notes: 'Arriving late, please keep the hangar open.',
      selectedFbos: request.fbos.map((f) => f.id),
    });
  });

  it('the review page sends an amendment as PATCH of the dates, services and notes, then opens the details', async () => {
    const draft = amendmentDraft(details());
    const services = { ...draft.request.services, fuelEstimatedAmount: 800 };
    const notes = 'Arriving at 22:00, please keep the hangar open.';
    sessionStorage.setItem(
      QUOTE_DRAFT_KEY,
      JSON.stringify({ ...draft, request: { ...draft.request, services, notes } }),
    );
    const api = fakeApi({
      ...signedIn,
      'PATCH /api/quote-requests/q-1': {
        status: 200,
        body: {
          quoteRequestId: 'q-1',
          status: 'pending',
          version: 2,
          amended: true,
          changes: [{ field: 'fuelAmount', before: 500, after: 800 }],
          awaitingRepricingFboIds: [],
        },
      },
    });
    const { router } = renderRoutes([{ path: '/quote-review', element: <QuoteReviewPage /> }], '/quote-review');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Submit Amendment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/quote-details/q-1'));
    const [call] = api.callsTo('PATCH /api/quote-requests/q-1');
    expect(call.body).toMatchObject({
      arrival: draft.request.arrival,
      departure: draft.request.departure,
      notes,
      services: { fuelEstimatedAmount: 800 },
    });
    expect(api.callsTo('POST /api/quote-requests')).toEqual([]);
    expect(sessionStorage.getItem(QUOTE_DRAFT_KEY)).toBeNull();
  });

  it('the form opens prefilled from the request; its review sends the changed fuel as the amendment', async () => {
    const request = details({
      aircraftId: citation.id,
      airport: { ...kjfk, code: kjfk.code },
      airportId: kjfk.id,
      originAirport: { ...kbfi },
      originAirportId: kbfi.id,
      arrivalDate: new Date(`${dayFromToday(5)}T12:00`).toISOString(),
      departureDate: new Date(`${dayFromToday(7)}T12:00`).toISOString(),
      services: { fuel: true, fuelJetA: true, fuelEstimatedAmount: 300 } as ReturnType<typeof details>['services'],
      notes: 'Crew of two.',
      fbos: [gateway, skyline].map((f) => ({
        ...f,
        email: 'fbo@example.com',
        status: 'open' as const,
        respondedAt: null,
      })),
    });
    sessionStorage.setItem(QUOTE_DRAFT_KEY, JSON.stringify(amendmentDraft(request)));
    sessionStorage.setItem(QUOTE_EDITING_FLAG_KEY, 'true');
    const api = fakeApi(
      formRoutes({
        'PATCH /api/quote-requests/q-1': {
          status: 200,
          body: {
            quoteRequestId: 'q-1',
            status: 'pending',
            version: 2,
            amended: true,
            changes: [{ field: 'fuelAmount', before: 300, after: 450 }],
            awaitingRepricingFboIds: [],
          },
        },
      }),
    );
    const { router } = renderRoutes(
      [
        { path: '/rfi-form', element: <RequestFormPage /> },
        { path: '/quote-review', element: <QuoteReviewPage /> },
      ],
      '/rfi-form',
    );
    await amendFormReady();
    const user = userEvent.setup();
    const fuel = screen.getByLabelText('Estimated fuel amount (gallons)');
    expect(fuel).toHaveValue(300);
    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveValue('Crew of two.');
    await user.clear(fuel);
    await user.type(fuel, '450');
    await user.click(screen.getByRole('button', { name: 'Review Amendment' }));
    await user.click(await screen.findByRole('button', { name: 'Submit Amendment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/quote-details/q-1'));
    const [patch] = api.callsTo('PATCH /api/quote-requests/q-1');
    expect(patch.body).toEqual({
      arrival: request.arrivalDate,
      departure: request.departureDate,
      services: expect.objectContaining({ fuelJetA: true, fuelEstimatedAmount: 450 }),
    });
    expect(api.callsTo('POST /api/quote-requests')).toEqual([]);
  });

  it('opens notes stored as JSON as their text, and leaves them as stored when the pilot did not change them', async () => {
    sessionStorage.setItem(QUOTE_DRAFT_KEY, JSON.stringify(amendmentDraft(details())));
    sessionStorage.setItem(QUOTE_EDITING_FLAG_KEY, 'true');
    const api = fakeApi({
      ...signedIn,
      'PATCH /api/quote-requests/q-1': {
        status: 200,
        body: {
          quoteRequestId: 'q-1',
          status: 'pending',
          version: 1,
          amended: false,
          changes: [],
          awaitingRepricingFboIds: [],
        },
      },
    });
    renderRoutes(
      [
        { path: '/rfi-form', element: <RequestFormPage /> },
        { path: '/quote-review', element: <QuoteReviewPage /> },
      ],
      '/rfi-form',
    );
    const user = userEvent.setup();
    expect(await screen.findByRole('textbox', { name: 'Notes' })).toHaveValue(
      'Arriving late, please keep the hangar open.',
    );
    await user.click(screen.getByRole('button', { name: 'Review Amendment' }));
    expect(await screen.findByText('Arriving late, please keep the hangar open.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit Amendment' }));
    await screen.findByText('Nothing changed', { selector: '[data-part="title"]' });
    const [patch] = api.callsTo('PATCH /api/quote-requests/q-1');
    expect(Object.keys(patch.body as object).sort()).toEqual(['arrival', 'departure', 'services']);
  });

  it('leaves an estimate for the earlier version out of the ranking, shown as such, and says whose re-pricing it waits for', async () => {
    const request = details({ status: 'responses_received', responseCount: 2, version: 2 });
    const alpha = priced(0, 1500);
    const charlie = priced(2, 1700);
    const bravo = priced(1, 1200, { forEarlierVersion: true });
    fakeApi({
      ...signedIn,
      'GET /api/quote-requests/q-1': { status: 200, body: request },
      'GET /api/quote-requests/q-1/responses': { status: 200, body: [alpha, bravo, charlie] },
      'GET /api/quote-requests/q-1/comparison': {
        status: 200,
        body: comparisonOf(request, [alpha, charlie], [{ fboId: FBOS[1].id, name: FBOS[1].name, forVersion: 1 }]),
      },
    });
    renderRoutes(trackingRoutes, '/quote-details/q-1');
    expect(await screen.findByTestId('awaiting-repricing')).toHaveTextContent(
      `Waiting for ${FBOS[1].name} to confirm or re-price: their estimates were for the earlier version of this request and are left out of the comparison until then.`,
    );
    // Ranked: only the estimates for this version, in the side-by-side table (wide screens) and the cards.
    const ranked = within(screen.getByRole('list', { name: 'Responses, lowest landed total first' }));
    expect(ranked.getAllByRole('article').map((a) => within(a).getByRole('heading', { level: 3 }).textContent)).toEqual(
      [FBOS[0].name, FBOS[2].name],
    );
    const table = within(screen.getByRole('table', { name: 'Offers side by side' }));
    expect(table.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Requested service',
      `${FBOS[0].name}Best Price`,
      `${FBOS[2].name}Highest Price`,
    ]);

    // The earlier estimate, in the cards every screen shows (one column at 375 px), reads as such.
    const earlier = within(screen.getByRole('region', { name: 'Estimates for the earlier version' }));
    const card = within(earlier.getByRole('article', { name: FBOS[1].name }));
    expect(card.getByText('For the earlier version')).toBeInTheDocument();
    expect(card.getByText('Estimate total (earlier version)')).toBeInTheDocument();
    expect(card.getByTestId('earlier-total')).toHaveTextContent('$1,200.00');
    expect(card.getByTestId('earlier-version-note')).toHaveTextContent(
      `Awaiting re-pricing: this estimate was for the earlier version of this request (version 1). It stays out of the comparison until ${FBOS[1].name} confirms or re-prices it.`,
    );
    expect(card.queryByText('Best Price')).toBeNull();
    expect(card.queryByText('Landed total')).toBeNull();
    expect(screen.queryByRole('button', { name: `Book with ${FBOS[1].name}` })).toBeNull();
    expect(screen.getByRole('button', { name: `Book with ${FBOS[0].name}` })).toBeInTheDocument();
  });

  it('reads an estimate as for the earlier version from the comparison alone when the response does not say', async () => {
    const request = details({ status: 'responses_received', responseCount: 1, version: 2 });
    const current = priced(0, 1500);
    const earlier = priced(1, 1200);
    fakeApi({
      ...signedIn,
      'GET /api/quote-requests/q-1': { status: 200, body: request },
      'GET /api/quote-requests/q-1/responses': { status: 200, body: [current, earlier] },
      'GET /api/quote-requests/q-1/comparison': {
        status: 200,
        body: comparisonOf(request, [current], [{ fboId: FBOS[1].id, name: FBOS[1].name, forVersion: 1 }]),
      },
    });
    renderRoutes(trackingRoutes, '/quote-details/q-1');
    const region = await screen.findByRole('region', { name: 'Estimates for the earlier version' });
    expect(within(region).getByRole('article', { name: FBOS[1].name })).toHaveTextContent('For the earlier version');
    expect(screen.getByTestId(`response-${FBOS[0].id}`)).toHaveAttribute('data-tone', 'best');
  });

  it('shows an FBO that re-priced once: its estimate for this version, ranked, and not the earlier one', async () => {
    const request = details({ status: 'responses_received', responseCount: 2, version: 2 });
    const alpha = priced(0, 1500);
    const bravoBefore = priced(1, 1200, { id: 'r-bravo-v1', forEarlierVersion: true });
    const bravoNow = priced(1, 1300, { id: 'r-bravo-v2', forEarlierVersion: false });
    fakeApi({
      ...signedIn,
      'GET /api/quote-requests/q-1': { status: 200, body: request },
      'GET /api/quote-requests/q-1/responses': { status: 200, body: [alpha, bravoBefore, bravoNow] },
      'GET /api/quote-requests/q-1/comparison': { status: 200, body: comparisonOf(request, [alpha, bravoNow], []) },
    });
    renderRoutes(trackingRoutes, '/quote-details/q-1');
    const ranked = within(await screen.findByRole('list', { name: 'Responses, lowest landed total first' }));
    expect(ranked.getAllByRole('article', { name: FBOS[1].name })).toHaveLength(1);
    expect(screen.getAllByRole('article', { name: FBOS[1].name })).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'Estimates for the earlier version' })).toBeNull();
    expect(screen.queryByText('For the earlier version')).toBeNull();
    expect(screen.queryByTestId('awaiting-repricing')).toBeNull();
  });
});

describe('amending a request whose booking waits for the FBO', () => {
  it.each([
    ['booked-pending', true],
    ['booked', false],
    ['cancelled', false],
    ['completed', true],
  ] as const)('a %s request offers "Amend request": %s', async (status, offered) => {
    serve(details({ status }));
    renderRoutes(trackingRoutes, '/quote-details/q-1');
    await screen.findByRole('region', { name: 'Request summary' });
    expect(Boolean(screen.queryByRole('button', { name: 'Amend request' }))).toBe(offered);
  });

  it('after the amendment, the details say the chosen FBO was sent the new dates and must still confirm', async () => {
    const request = bookedThenAmended([
      { field: 'arrival', before: '2026-03-10T12:00:00.000Z', after: '2026-03-11T12:00:00.000Z' },
    ]);
    serveBooked(request);
    renderRoutes(trackingRoutes, '/quote-details/q-1');
    const alert = (
      await screen.findByText(`Booking requested with ${FBOS[1].name}: waiting for the FBO to confirm`)
    ).closest('[role="status"]') as HTMLElement;
    expect(within(alert).getByTestId('booking-note')).toHaveTextContent(
      `${FBOS[1].name} was sent the new dates and must still confirm your booking.`,
    );
    const bravo = within(screen.getByRole('region', { name: 'Estimates for the earlier version' })).getByRole(
      'article',
      { name: FBOS[1].name },
    );
    expect(within(bravo).getByText('Booking requested')).toBeInTheDocument();
    expect(within(bravo).getByText('For the earlier version')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Amend request' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Book with/ })).toBeNull();
  });

  it('says "the changes" when the amendment after the booking left the dates as they were', async () => {
    serveBooked(bookedThenAmended([{ field: 'fuelAmount', before: 500, after: 800 }]));
    renderRoutes(trackingRoutes, '/quote-details/q-1');
    expect(await screen.findByTestId('booking-note')).toHaveTextContent(
      `${FBOS[1].name} was sent the changes and must still confirm your booking.`,
    );
  });

  it('says nothing more than "waiting for the FBO" while the request was not amended since the booking', async () => {
    serveBooked(details({ status: 'booked-pending', responseCount: 2 }), false);
    renderRoutes(trackingRoutes, '/quote-details/q-1');
    expect(
      await screen.findByText(`Booking requested with ${FBOS[1].name}: waiting for the FBO to confirm`),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('booking-note')).toBeNull();
  });

  it('the form and its review say beforehand that the chosen FBO will be sent the changes and must still confirm', async () => {
    serveBooked(details({ status: 'booked-pending', responseCount: 2 }), false);
    renderRoutes(
      [
        ...trackingRoutes,
        { path: '/rfi-form', element: <RequestFormPage /> },
        { path: '/quote-review', element: <QuoteReviewPage /> },
      ],
      '/quote-details/q-1',
    );
    const user = userEvent.setup();
    // The booking (read from the comparison) is on the page before the pilot amends.
    await screen.findByText(`Booking requested with ${FBOS[1].name}: waiting for the FBO to confirm`);
    await user.click(screen.getByRole('button', { name: 'Amend request' }));
    const said = `Your booking with ${FBOS[1].name} still waits for its confirmation: ${FBOS[1].name} will be sent the changes and must still confirm.`;
    const kept = within(await screen.findByRole('region', { name: 'Sent Request' }));
    expect(kept.getByTestId('booking-to-confirm')).toHaveTextContent(said);
    await user.click(await screen.findByRole('button', { name: 'Review Amendment' }));
    await screen.findByRole('heading', { level: 1, name: 'Review Your Amendment to RQ-7KX3PD' });
    expect(screen.getByTestId('booking-to-confirm')).toHaveTextContent(said);
    expect(screen.getByRole('button', { name: 'Submit Amendment' })).toBeInTheDocument();
  });

  it('"Amend request" waits until the booking is known, so that the form can say the chosen FBO must still confirm', async () => {
    const request = details({ status: 'booked-pending', responseCount: 2 });
    const api = serveBooked(request, false);
    const answers = [priced(0, 1500), priced(1, 1200, { forEarlierVersion: false })];
    const booked = { bookingFboId: FBOS[1].id, bookingRequestedAt: BOOKED_AT };
    const comparison = heldResponse({ status: 200, body: comparisonOf(request, answers, [], booked) });
    api.set('GET /api/quote-requests/q-1/comparison', comparison.handler);
    renderRoutes([...trackingRoutes, { path: '/rfi-form', element: <RequestFormPage /> }], '/quote-details/q-1');

    expect(await screen.findByRole('button', { name: 'Amend request' })).toBeDisabled();
    await comparison.release();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Amend request' })).toBeEnabled());
    await userEvent.setup().click(screen.getByRole('button', { name: 'Amend request' }));
    const kept = within(await screen.findByRole('region', { name: 'Sent Request' }));
    expect(kept.getByTestId('booking-to-confirm')).toHaveTextContent(
      `Your booking with ${FBOS[1].name} still waits for its confirmation: ${FBOS[1].name} will be sent the changes and must still confirm.`,
    );
  });

  it('the review tells the pilot the chosen FBO must still confirm after the amendment', async () => {
    sessionStorage.setItem(QUOTE_DRAFT_KEY, JSON.stringify(amendmentDraft(details({ status: 'booked-pending' }))));
    fakeApi({
      ...signedIn,
      'PATCH /api/quote-requests/q-1': {
        status: 200,
        body: {
          quoteRequestId: 'q-1',
          status: 'booked-pending',
          version: 2,
          amended: true,
          changes: [{ field: 'arrival', before: '2026-03-10T12:00:00.000Z', after: '2026-03-11T12:00:00.000Z' }],
          awaitingRepricingFboIds: [FBOS[1].id],
        },
      },
    });
    const { router } = renderRoutes([{ path: '/quote-review', element: <QuoteReviewPage /> }], '/quote-review');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Submit Amendment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/quote-details/q-1'));
    const title = await screen.findByText('Quote request amended', { selector: '[data-part="title"]' });
    expect(
      within(title.closest('[data-part="root"]') as HTMLElement).getByText(
        'The FBO you chose was sent the changes and must still confirm your booking.',
      ),
    ).toBeInTheDocument();
  });
});

const BOOKED_AT = '2026-03-02T08:00:00.000Z';

/** Booked with Bravo at BOOKED_AT, then amended (version 2) an hour and a half later. */
function bookedThenAmended(changes: NonNullable<ReturnType<typeof details>['versions']>[number]['changes']) {
  return details({
    status: 'booked-pending',
    responseCount: 1,
    version: 2,
    versions: [
      { version: 2, changes, changedBy: { id: 'u-1', name: 'Pat Pilot' }, changedAt: '2026-03-02T09:30:00.000Z' },
    ],
  });
}

/** Alpha priced this version; Bravo, booked, priced the one before the amendment (unless `amended` is false). */
function serveBooked(request: ReturnType<typeof details>, amended = true) {
  const alpha = priced(0, 1500);
  const bravo = priced(1, 1200, { forEarlierVersion: amended });
  const booked = { bookingFboId: FBOS[1].id, bookingRequestedAt: BOOKED_AT };
  return fakeApi({
    ...signedIn,
    'GET /api/quote-requests/q-1': { status: 200, body: request },
    'GET /api/quote-requests/q-1/responses': { status: 200, body: [alpha, bravo] },
    'GET /api/quote-requests/q-1/comparison': {
      status: 200,
      body: amended
        ? comparisonOf(request, [alpha], [{ fboId: FBOS[1].id, name: FBOS[1].name, forVersion: 1 }], booked)
        : comparisonOf(request, [alpha, bravo], [], booked),
    },
  });
}

/** The service's comparison of these current answers (fuel and hangar requested). */
function comparisonOf(
  request: ReturnType<typeof details>,
  current: QuoteResponseDetailsDto[],
  awaiting: QuoteComparison['awaitingRepricing'],
  booking: { bookingFboId?: string; bookingRequestedAt?: string } = {},
) {
  return compareOffers(
    { ...request, ...booking, services: { fuelJetA: true, fuelEstimatedAmount: 500, hangar: true } },
    current.map((r) => ({ fboId: r.fboId, name: r.fbo.name, status: 'submitted' as const })),
    current.map((r) => ({ ...r, fees: null })),
    awaiting,
  );
}
