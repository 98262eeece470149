import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QuoteReviewPage } from './features/quote-review/QuoteReviewPage';
import { RequestFormPage } from './features/request-form/RequestFormPage';
import { QUOTE_DRAFT_KEY, QUOTE_EDITING_FLAG_KEY } from './shared/quote-draft-storage';
import { clearToasts, fakeApi, renderRoutes } from '@rampquote/web-kit/testing/render-page';
import { formReady, kjfkFbosSelected, pickAirport, setDay } from './test/request-form-helpers';
import { citation, dayFromToday, formRoutes, gateway, kbfi, kjfk } from './test/request-fixtures';

// The way from the form to the review and back, and on to the quote details (the app layer composes both pages).
const reviewRoutes = [
  { path: '/rfi-form', element: <RequestFormPage /> },
  { path: '/quote-review', element: <QuoteReviewPage /> },
];

afterEach(() => {
  clearToasts();
  sessionStorage.clear();
});

describe('Request for Quote: form, review, submit', () => {
  it("shows 'Duration at destination', and 'Departure must be after arrival' as a warning only", async () => {
    fakeApi(formRoutes());
    renderRoutes(reviewRoutes, '/rfi-form');
    await formReady();
    const user = userEvent.setup();
    setDay('Arrival', dayFromToday(1));
    setDay('Departure', dayFromToday(3));
    expect(await screen.findByText(/Duration at destination/)).toHaveTextContent(
      'Duration at destination: 2 days 0 hours',
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Departure hour' }), '15');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Departure minute' }), '30');
    expect(screen.getByText(/Duration at destination/)).toHaveTextContent('Duration at destination: 2 days 3 hours');

    setDay('Departure', dayFromToday(1));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Departure hour' }), '10');
    expect(await screen.findByText('Departure must be after arrival')).toBeInTheDocument();
    expect(screen.queryByText(/Duration at destination/)).not.toBeInTheDocument();

    // Only a warning: the request still goes to the review.
    await pickAirport(user, 'Departure', 'KBFI', /KBFI/);
    await pickAirport(user, 'Destination', 'KJFK', /KJFK/);
    await kjfkFbosSelected();
    await user.click(screen.getByRole('button', { name: 'Review Quote Request' }));
    expect(await screen.findByRole('heading', { name: 'Review Your Quote Request' })).toBeInTheDocument();
  });

  it('stores the request and opens the review; "Edit Request" brings it back with the FBO choice kept', async () => {
    fakeApi(formRoutes());
    const { router } = renderRoutes(reviewRoutes, '/rfi-form');
    await formReady();
    const user = userEvent.setup();
    await pickAirport(user, 'Departure', 'KBFI', /KBFI/);
    await pickAirport(user, 'Destination', 'KJFK', /KJFK/);
    await kjfkFbosSelected();
    await user.click(screen.getByRole('checkbox', { name: /Demo FBO Skyline Jet Center/ }));
    setDay('Arrival', dayFromToday(2));
    setDay('Departure', dayFromToday(4));
    await user.click(screen.getByRole('checkbox', { name: 'Jet A' }));
    await user.type(screen.getByLabelText('Estimated fuel amount (gallons)'), '300');
    await user.click(screen.getByRole('switch', { name: 'Potable water' }));
    await user.type(screen.getByRole('textbox', { name: 'Notes' }), 'Arriving late, please leave the lights on.');
    await user.click(screen.getByRole('button', { name: 'Review Quote Request' }));

    expect(await screen.findByRole('heading', { name: 'Review Your Quote Request' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/quote-review');
    const stored = JSON.parse(sessionStorage.getItem(QUOTE_DRAFT_KEY) ?? '{}');
    expect(stored.request).toMatchObject({
      aircraftId: citation.id,
      departureAirportCode: 'KBFI',
      airportCode: 'KJFK',
      arrival: new Date(`${dayFromToday(2)}T12:00`).toISOString(),
      departure: new Date(`${dayFromToday(4)}T12:00`).toISOString(),
      notes: 'Arriving late, please leave the lights on.',
      selectedFbos: [gateway.id],
      units: 'standard',
      services: {
        fuel: true,
        fuelJetA: true,
        fuel100LL: false,
        fuelEstimatedAmount: 300,
        potableWater: true,
        potableWaterGallons: 5,
        gpu: false,
        gpuDuration: null,
        coffeeType: null,
        hangarPriority: null,
      },
    });

    await user.click(screen.getByRole('button', { name: 'Edit Request' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/rfi-form'));
    expect(await screen.findByRole('combobox', { name: /^Departure airport/ })).toHaveValue(`KBFI - ${kbfi.name}`);
    expect(screen.getByRole('combobox', { name: /^Destination airport/ })).toHaveValue(`KJFK - ${kjfk.name}`);
    expect(screen.getByLabelText('Estimated fuel amount (gallons)')).toHaveValue(300);
    expect(screen.getByRole('checkbox', { name: 'Jet A' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Potable water' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: /^Potable water \(/ })).toHaveDisplayValue('5 gallons');
    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveValue('Arriving late, please leave the lights on.');
    // The stored choice stays (no auto-selection while editing).
    expect(await screen.findByRole('checkbox', { name: /Demo FBO Gateway Aviation/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Demo FBO Skyline Jet Center/ })).not.toBeChecked();
    expect(sessionStorage.getItem(QUOTE_EDITING_FLAG_KEY)).toBeNull();
  });

  it('submits from the review and lands on /quote-details/{id}, with the stored request cleared', async () => {
    const api = fakeApi(
      formRoutes({ 'POST /api/quote-requests': { status: 201, body: { id: 'qr-42', uniqueId: 'RQ-7KX3PD' } } }),
    );
    const { router } = renderRoutes(reviewRoutes, '/rfi-form');
    await formReady();
    const user = userEvent.setup();
    await pickAirport(user, 'Departure', 'KBFI', /KBFI/);
    await pickAirport(user, 'Destination', 'KJFK', /KJFK/);
    await kjfkFbosSelected();
    setDay('Arrival', dayFromToday(1));
    setDay('Departure', dayFromToday(2));
    await user.click(screen.getByRole('button', { name: 'Review Quote Request' }));
    await user.click(await screen.findByRole('button', { name: 'Submit Request' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/quote-details/qr-42'));
    const [post] = api.callsTo('POST /api/quote-requests');
    expect(post.body).toMatchObject({
      aircraftId: citation.id,
      departureAirportCode: 'KBFI',
      airportCode: 'KJFK',
      selectedFbos: [gateway.id, 'fbo-2'],
      units: 'standard',
    });
    expect(sessionStorage.getItem(QUOTE_DRAFT_KEY)).toBeNull();
  });
});
