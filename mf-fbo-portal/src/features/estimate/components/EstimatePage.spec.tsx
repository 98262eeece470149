import { FboQuoteMessages, type EstimatePageDataDto } from '@rampquote/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  CATALOGUE,
  CATALOGUE_CALL,
  DECLINE_CALL,
  FBO_ID,
  INVITATION_ID,
  PAGE_CALL,
  pageData,
  SUBMIT_CALL,
  TOKEN,
} from '../../../test/estimate-fixtures';
import {
  clearToasts,
  fakeApi,
  heldResponse,
  renderRoutes,
  type FakeRoute,
} from '@rampquote/web-kit/testing/render-page';
import { ESTIMATE_DRAFT_PREFIX } from '../estimate-draft';
import { EstimatePage, ESTIMATE_SCREEN_TEXTS } from './EstimatePage';

const DRAFT_KEY = ESTIMATE_DRAFT_PREFIX + INVITATION_ID;
const answered = {
  status: 201,
  body: {
    state: 'submitted',
    quoteRequestId: 'qr-1',
    respondedAt: '2030-04-21T10:00:00.000Z',
    totalPrice: 12,
    validUntil: '2030-04-28T10:00:00.000Z',
  },
};

function openPage(data: EstimatePageDataDto | FakeRoute = pageData(), extra: Record<string, FakeRoute> = {}) {
  const page = typeof data === 'object' && 'state' in data ? { status: 200, body: data } : data;
  const api = fakeApi({ [PAGE_CALL]: page, [CATALOGUE_CALL]: { status: 200, body: CATALOGUE }, ...extra });
  const rendered = renderRoutes(
    [{ path: '/', element: <EstimatePage source={{ kind: 'link', fboId: FBO_ID, token: TOKEN }} /> }],
    '/',
  );
  return { api, ...rendered, user: userEvent.setup({ delay: null }) };
}

const region = (name: string | RegExp) => within(screen.getByRole('region', { name }));
const priceOf = (section: string) => region(section).getByRole('spinbutton', { name: new RegExp(`for ${section}$`) });
const unavailableOf = (section: string) =>
  region(section).getByRole('checkbox', { name: new RegExp(`^Unavailable for ${section}`) });
const total = () => screen.getByTestId('estimate-total');
const submitButton = () => screen.getByRole('button', { name: /Submit Estimate|Submitting Estimate/ });
const form = async () =>
  screen.findByRole('form', { name: 'Enter Your Estimated Pricing for Requested Services Below', busy: false });

// A whole form typed through user-event on a shared 2-core machine takes seconds.

beforeEach(() => window.localStorage.clear());
afterEach(() => clearToasts());

describe('FBO estimate page: loading and states', () => {
  it('shows the loading state, then the form', async () => {
    const held = heldResponse({ status: 200, body: pageData() });
    openPage(held.handler);
    expect(await screen.findByText(ESTIMATE_SCREEN_TEXTS.loading)).toBeInTheDocument();
    await held.release();
    expect(await form()).toBeInTheDocument();
  });

  it('shows the header first, then builds the form a part at a time, busy until its last part and Decline are in', async () => {
    openPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Skyline Charter' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit Estimate' })).not.toBeInTheDocument();
    const building = await screen.findByRole('form', {
      name: 'Enter Your Estimated Pricing for Requested Services Below',
      busy: true,
    });
    expect(screen.queryByRole('button', { name: 'Decline request' })).not.toBeInTheDocument();
    expect(await form()).toBe(building);
    expect(submitButton()).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Decline request' })).toBeInTheDocument();
  });

  it('says "Quote Not Found" for an unknown or forged link (404)', async () => {
    openPage({ status: 404, body: { error: FboQuoteMessages.notFound } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Quote Not Found' })).toBeInTheDocument();
    expect(
      screen.getByText("The quote request you're looking for could not be found or may have expired."),
    ).toBeInTheDocument();
  });

  it('says "Quote Not Found" when the page cannot be loaded at all', async () => {
    openPage('network-error');
    expect(await screen.findByRole('heading', { level: 1, name: 'Quote Not Found' })).toBeInTheDocument();
  });

  it('shows the already-submitted screen with what was sent', async () => {
    openPage(
      pageData({
        state: 'submitted',
        estimate: {
          totalPrice: 1560.1,
          servicesQuoted: { customServices: [] },
          notes: null,
          validUntil: '2030-04-28T12:00:00.000Z',
          submittedAt: '2030-04-21T10:00:00.000Z',
        },
      }),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This estimate has already been submitted. Thank you!' }),
    ).toBeInTheDocument();
    expect(screen.getByText(ESTIMATE_SCREEN_TEXTS.alreadySubmittedText)).toBeInTheDocument();
    expect(screen.getByText('$1,560.10')).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('shows a declined request with its reason', async () => {
    openPage(
      pageData({
        state: 'declined',
        declined: { reason: 'no_hangar_space', text: 'Full for the air show', declinedAt: '2030-04-21T10:00:00.000Z' },
      }),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: ESTIMATE_SCREEN_TEXTS.alreadyDeclinedTitle }),
    ).toBeInTheDocument();
    expect(screen.getByText('No hangar space')).toBeInTheDocument();
    expect(screen.getByText('Full for the air show')).toBeInTheDocument();
  });

  it('says when the pilot cancelled the request (withdrawn) and when the visit is over (expired)', async () => {
    openPage(pageData({ state: 'withdrawn' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Request Withdrawn' })).toBeInTheDocument();
    expect(screen.getByText(FboQuoteMessages.withdrawn)).toBeInTheDocument();
  });

  it('says when the visit dates have passed (expired)', async () => {
    openPage(pageData({ state: 'expired' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Request Expired' })).toBeInTheDocument();
    expect(screen.getByText(FboQuoteMessages.expired)).toBeInTheDocument();
  });
});

describe('FBO estimate page: what the form shows', () => {
  it('shows the header, the requester card and the trip', async () => {
    openPage();
    await form();
    expect(screen.getByRole('heading', { level: 1, name: 'Skyline Charter' })).toBeInTheDocument();
    expect(screen.getByText('N123SK')).toBeInTheDocument();
    expect(screen.getByText('Skyline Charter Flight Department')).toBeInTheDocument();
    expect(screen.getByText(/Estimate Kindly Requested from/)).toHaveTextContent(
      'Estimate Kindly Requested from Demo FBO Seattle Jet Center',
    );
    const requester = region('Pricing estimate requested by');
    expect(requester.getByText(/Pat Pilot/)).toHaveTextContent('Pat Pilot - Chief Pilot');
    expect(requester.getByText('Aircraft: N123SK - Cessna Citation CJ3')).toBeInTheDocument();
    expect(requester.getByRole('link', { name: '+1 206 555 0199' })).toHaveAttribute('href', 'tel:+12065550199');
    expect(requester.getByRole('link', { name: 'pat@skyline.example' })).toHaveAttribute(
      'href',
      'mailto:pat@skyline.example',
    );
    const trip = region('Upcoming Trip Details');
    expect(trip.getByText('KBFI - Boeing Field, Seattle, WA')).toBeInTheDocument();
    expect(trip.getByText('KSEA - Seattle-Tacoma International, Seattle, WA')).toBeInTheDocument();
    expect(screen.getByText('Only provide quotes for services the customer has requested.')).toBeInTheDocument();
  });

  it('falls back to first + last name, make + model and "Not specified"', async () => {
    openPage(
      pageData({
        user: { ...pageData().user, companyName: null },
        aircraft: { tailNumber: null, make: 'Pilatus', model: 'PC-12' },
        departureAirport: null,
      }),
    );
    await form();
    expect(screen.getByRole('heading', { level: 1, name: 'Pat Pilot' })).toBeInTheDocument();
    expect(screen.getByText('Pat Pilot Flight Department')).toBeInTheDocument();
    expect(screen.getByText('Pilatus PC-12')).toBeInTheDocument();
    expect(region('Upcoming Trip Details').getByText('Not specified')).toBeInTheDocument();
  });

  it('names an anonymous requester "Individual Customer"', async () => {
    openPage(pageData({ user: { ...pageData().user, companyName: null, firstName: '', lastName: '' } }));
    await form();
    expect(screen.getByRole('heading', { level: 1, name: 'Individual Customer' })).toBeInTheDocument();
  });

  it('shows only the requested sections, with their details', async () => {
    openPage();
    await form();
    const shown = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(shown).toEqual([
      'Fuel Pricing',
      'Fuel Service',
      'Hangar Service',
      'Additional Services Requested',
      'Other Services',
      'Fees',
    ]);
    expect(screen.getAllByRole('heading', { level: 4 }).map((h) => h.textContent)).toEqual(['Coffee', 'Ice']);
    expect(region('Fuel Service').getByText('Requested amount: 250 gallons')).toBeInTheDocument();
    expect(region('Fuel Service').getByText('Jet A')).toBeInTheDocument();
    expect(region('Hangar Service').getByText('2 nights (arrival to departure)')).toBeInTheDocument();
    expect(region('Hangar Service').getByText('Overnight')).toBeInTheDocument();
    expect(region('Ice').getByText('8 pounds')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Catering' })).not.toBeInTheDocument();
  });

  it('shows the other sections when requested, and "Amount not specified"', async () => {
    openPage(
      pageData(
        {},
        {
          fuelEstimatedAmount: null,
          fuelJetA: false,
          fuelMOGAS: true,
          cleaning: true,
          lavService: true,
          lavServiceType: 'wet',
          catering: true,
          potableWater: true,
          potableWaterGallons: 5,
          gpu: true,
          newspapers: true,
          newspapersSets: 2,
        },
      ),
    );
    await form();
    expect(region('Fuel Service').getByText('Amount not specified')).toBeInTheDocument();
    expect(region('Fuel Service').getByText('MOGAS')).toBeInTheDocument();
    expect(region('Cleaning Service').getByText('General cleaning')).toBeInTheDocument();
    expect(region('Lavatory Service').getByText('Wet service')).toBeInTheDocument();
    expect(region('Catering').getByText('Custom catering requested')).toBeInTheDocument();
    expect(region('Potable Water').getByText('5 gallons')).toBeInTheDocument();
    expect(region('GPU').getByText('Ground power unit')).toBeInTheDocument();
    expect(region('Newspapers').getByText('2 sets')).toBeInTheDocument();
    // 'Unavailable' is offered for fuel, hangar, cleaning, lavatory, catering, coffee and ice only.
    for (const name of [
      'Fuel Pricing',
      'Fuel Service',
      'Hangar Service',
      'Cleaning Service',
      'Lavatory Service',
      'Catering',
      'Coffee',
      'Ice',
    ]) {
      expect(unavailableOf(name)).toBeInTheDocument();
    }
    for (const name of ['Potable Water', 'GPU', 'Newspapers']) {
      expect(region(name).queryByRole('checkbox')).not.toBeInTheDocument();
    }
  });

  it('gives every price a decimal keyboard, cents steps and a label; comments have 4 rows', async () => {
    openPage();
    await form();
    const price = priceOf('Hangar Service');
    expect(price).toHaveAttribute('type', 'number');
    expect(price).toHaveAttribute('inputmode', 'decimal');
    expect(price).toHaveAttribute('step', '0.01');
    expect(screen.getByLabelText('Additional Comments')).toHaveAttribute('rows', '4');
    expect(screen.getByText('Services marked unavailable are not included in the total.')).toBeInTheDocument();
  });
});

describe('FBO estimate page: total and rules', () => {
  it('updates the total live with two decimals, per gallon and per night of the stay', async () => {
    const { user } = openPage();
    await form();
    expect(total()).toHaveTextContent('$0.00');
    await user.type(priceOf('Fuel Pricing'), '5.49');
    expect(total()).toHaveTextContent('$1,372.50');
    expect(region('Fuel Pricing').getByText('× 250 gallons = $1,372.50')).toBeInTheDocument();
    // Arrival May 1, departure May 3: two nights.
    await user.type(priceOf('Hangar Service'), '150.1');
    expect(region('Hangar Service').getByText('× 2 nights = $300.20')).toBeInTheDocument();
    expect(total()).toHaveTextContent('$1,672.70');
    expect(screen.getByText(/Hangar Service counts for 2 nights \(arrival to departure\)\./)).toBeInTheDocument();
    expect(screen.queryByText(/1 day/)).not.toBeInTheDocument();
  });

  it('prices the hangar for one night on a stay shorter than a day: "× 1 night"', async () => {
    const { user } = openPage(
      pageData({
        quoteRequest: {
          ...pageData().quoteRequest,
          arrivalDate: '2030-05-01T18:00:00.000Z',
          departureDate: '2030-05-02T09:00:00.000Z',
        },
      }),
    );
    await form();
    expect(region('Hangar Service').getByText('1 night (arrival to departure)')).toBeInTheDocument();
    await user.type(priceOf('Hangar Service'), '150');
    expect(region('Hangar Service').getByText('× 1 night = $150.00')).toBeInTheDocument();
    expect(total()).toHaveTextContent('$150.00');
  });

  it('prices the hangar for one night when a visit date is missing, as the comparison does', async () => {
    const { user } = openPage(pageData({ quoteRequest: { ...pageData().quoteRequest, departureDate: null } }));
    await form();
    expect(region('Hangar Service').getByText('Visit dates not specified: priced for 1 night')).toBeInTheDocument();
    await user.type(priceOf('Hangar Service'), '150');
    expect(region('Hangar Service').getByText('× 1 night = $150.00')).toBeInTheDocument();
    expect(total()).toHaveTextContent('$150.00');
    expect(screen.getByText(/Hangar Service counts as 1 night \(visit dates not specified\)\./)).toBeInTheDocument();
  });

  it('keeps Submit disabled while the total is 0', async () => {
    const { user } = openPage();
    await form();
    expect(submitButton()).toBeDisabled();
    await user.click(unavailableOf('Coffee'));
    expect(submitButton()).toBeDisabled();
    await user.type(priceOf('Ice'), '4');
    expect(submitButton()).toBeEnabled();
    await user.clear(priceOf('Ice'));
    expect(submitButton()).toBeDisabled();
  });

  it('marks a service unavailable: red notice, inputs hidden, excluded from the total; unchecking restores the typed values', async () => {
    const { user } = openPage();
    await form();
    await user.type(priceOf('Hangar Service'), '150');
    await user.type(region('Hangar Service').getByLabelText(/^Notes/), 'Heated hangar');
    await user.type(priceOf('Coffee'), '10');
    expect(total()).toHaveTextContent('$310.00');

    await user.click(unavailableOf('Hangar Service'));
    expect(region('Hangar Service').getByText('This service is marked as unavailable')).toBeInTheDocument();
    expect(region('Hangar Service').queryByLabelText(/^Rate per night/)).not.toBeInTheDocument();
    expect(total()).toHaveTextContent('$10.00');

    await user.click(unavailableOf('Hangar Service'));
    expect(region('Hangar Service').queryByText('This service is marked as unavailable')).not.toBeInTheDocument();
    expect(priceOf('Hangar Service')).toHaveValue(150);
    expect(region('Hangar Service').getByLabelText(/^Notes/)).toHaveValue('Heated hangar');
    expect(total()).toHaveTextContent('$310.00');
  });

  it('shows "No Services Quoted" when the form is sent with nothing priced or marked', async () => {
    const { api } = openPage();
    await form();
    // The button is disabled at $0.00; the rule still guards the form itself (e.g. Enter in a field).
    fireEvent.submit(await form());
    expect(await screen.findByText('No Services Quoted')).toBeInTheDocument();
    expect(
      screen.getByText('Please provide pricing for at least one service or mark services as unavailable.'),
    ).toBeInTheDocument();
    expect(api.callsTo(SUBMIT_CALL)).toHaveLength(0);
  });

  it('shows the schema message under a price that is not allowed', async () => {
    const { user, api } = openPage();
    await form();
    await user.type(priceOf('Coffee'), '10');
    await user.type(priceOf('Ice'), '2.555');
    await user.click(submitButton());
    expect(await region('Ice').findByText(FboQuoteMessages.price)).toBeInTheDocument();
    expect(api.callsTo(SUBMIT_CALL)).toHaveLength(0);
  });
});

describe('FBO estimate page: Other Services', () => {
  it('starts empty, adds lines from the searchable catalogue and removes them', async () => {
    const { user, api } = openPage();
    await form();
    const other = region('Other Services');
    expect(other.getByText('No custom services added yet.')).toBeInTheDocument();
    expect(other.getByText('Click Add Service to quote a service the customer did not list.')).toBeInTheDocument();

    await user.click(other.getByRole('button', { name: 'Add Service' }));
    const picker = other.getByRole('button', { name: /^Service Select a service\.\.\./ });
    await user.click(picker);
    const search = other.getByPlaceholderText('Search services...');
    expect(await other.findByRole('option', { name: 'Crew car' })).toBeInTheDocument();
    await user.type(search, 'zzz');
    expect(other.getByText('No service found.')).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'oxy');
    expect(other.getAllByRole('option').map((o) => o.textContent)).toEqual(['Oxygen service']);
    await user.click(other.getByRole('option', { name: 'Oxygen service' }));
    await waitFor(() => expect(other.getByRole('button', { name: /^Service Oxygen service/ })).toHaveFocus());
    await user.type(other.getByLabelText(/^Price for other service 1/), '45.5');
    expect(total()).toHaveTextContent('$45.50');

    await user.click(other.getByRole('button', { name: 'Add Service' }));
    await user.click(other.getByRole('button', { name: /^Service Select a service\.\.\./ }));
    await user.type(other.getByPlaceholderText('Search services...'), 'tow{Enter}');
    expect(other.getByRole('button', { name: /^Service Aircraft towing/ })).toBeInTheDocument();
    await user.type(other.getByLabelText(/^Price for other service 2/), '100');
    expect(total()).toHaveTextContent('$145.50');

    await user.click(other.getByRole('button', { name: 'Remove other service 1' }));
    expect(other.getAllByTestId('custom-service-line')).toHaveLength(1);
    expect(other.getByRole('button', { name: /^Service Aircraft towing/ })).toBeInTheDocument();
    expect(total()).toHaveTextContent('$100.00');

    // The catalogue is read once, when the first line was added.
    expect(api.callsTo(CATALOGUE_CALL)).toHaveLength(1);
  });

  it('asks for a service on a line that has a price but none chosen', async () => {
    const { user } = openPage();
    await form();
    const other = region('Other Services');
    await user.click(other.getByRole('button', { name: 'Add Service' }));
    await user.type(other.getByLabelText(/^Price for other service 1/), '20');
    await user.click(submitButton());
    expect(await other.findByText(FboQuoteMessages.customServiceName)).toBeInTheDocument();
  });
});

describe('FBO estimate page: sending', () => {
  async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>) {
    await form();
    await user.type(priceOf('Fuel Pricing'), '5.49');
    await user.click(unavailableOf('Hangar Service'));
    const other = region('Other Services');
    await user.click(other.getByRole('button', { name: 'Add Service' }));
    await user.click(other.getByRole('button', { name: /^Service Select a service/ }));
    await user.click(await other.findByRole('option', { name: 'Crew car' }));
    await user.type(other.getByLabelText(/^Price for other service 1/), '30');
    await user.type(screen.getByLabelText('Additional Comments'), 'Ask for Sam');
    await user.click(submitButton());
  }

  it('sends the estimate ("Submitting Estimate..." meanwhile), then says "Estimate Submitted!"', async () => {
    const held = heldResponse(answered);
    const { user, api } = openPage(pageData(), { [SUBMIT_CALL]: held.handler });
    await fillAndSubmit(user);
    expect(await screen.findByRole('button', { name: /Submitting Estimate\.\.\./ })).toBeDisabled();
    await held.release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Estimate Submitted!' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Thank you for submitting your estimate. Our flight team will be notified and will review it shortly.',
      ),
    ).toBeInTheDocument();
    const [call] = api.callsTo(SUBMIT_CALL);
    expect(call.body).toMatchObject({
      totalPrice: 1402.5,
      notes: 'Ask for Sam',
      servicesQuoted: {
        dedicatedFuel: { price: 5.49, quantity: 250, unavailable: false },
        hangar: { price: null, days: 2, unavailable: true },
        customServices: [{ id: 'crew-car', name: 'Crew car', price: 30, notes: null }],
      },
    });
    expect(typeof (call.body as { validUntil: string }).validUntil).toBe('string');
    expect(window.localStorage.getItem(DRAFT_KEY)).toBeNull();
  });

  it.each([
    [
      403,
      { error: FboQuoteMessages.forbidden },
      'Unauthorized',
      'This FBO is not authorized to submit quotes for this airport.',
    ],
    [500, { error: 'Database unavailable' }, 'Error Submitting Quote', 'Database unavailable'],
    [502, undefined, 'Error Submitting Quote', 'There was an error submitting your quote. Please try again.'],
  ])('answers %s with its toast and keeps the form and the draft', async (status, body, title, description) => {
    const { user } = openPage(pageData(), { [SUBMIT_CALL]: { status, body } });
    await fillAndSubmit(user);
    expect(await screen.findByText(title)).toBeInTheDocument();
    expect(screen.getByText(description)).toBeInTheDocument();
    expect(priceOf('Fuel Pricing')).toHaveValue(5.49);
    expect(submitButton()).toBeEnabled();
    expect(window.localStorage.getItem(DRAFT_KEY)).toContain('5.49');
  });

  it('keeps everything when the connection is lost while sending', async () => {
    const { user } = openPage(pageData(), { [SUBMIT_CALL]: 'network-error' });
    await fillAndSubmit(user);
    expect(await screen.findByText('Error Submitting Quote')).toBeInTheDocument();
    expect(screen.getByText('There was an error submitting your quote. Please try again.')).toBeInTheDocument();
    expect(priceOf('Fuel Pricing')).toHaveValue(5.49);
    expect(window.localStorage.getItem(DRAFT_KEY)).toContain('Crew car');
  });

  it('answers 409 with "Quote Already Submitted" and shows the already-submitted screen', async () => {
    let reads = 0;
    const { user } = openPage(
      () => ({ status: 200, body: reads++ === 0 ? pageData() : pageData({ state: 'submitted' }) }),
      {
        [SUBMIT_CALL]: { status: 409, body: { error: FboQuoteMessages.alreadySubmitted } },
      },
    );
    await fillAndSubmit(user);
    expect(await screen.findByText('Quote Already Submitted')).toBeInTheDocument();
    expect(screen.getByText('This FBO has already submitted a quote for this request.')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This estimate has already been submitted. Thank you!' }),
    ).toBeInTheDocument();
  });

  it('answers 410 (cancelled meanwhile) with "Request Withdrawn"', async () => {
    let reads = 0;
    const { user } = openPage(
      () => ({ status: 200, body: reads++ === 0 ? pageData() : pageData({ state: 'withdrawn' }) }),
      {
        [SUBMIT_CALL]: { status: 410, body: { error: FboQuoteMessages.withdrawn } },
      },
    );
    await fillAndSubmit(user);
    expect(await screen.findAllByText(FboQuoteMessages.withdrawn)).not.toHaveLength(0);
    expect(await screen.findByRole('heading', { level: 1, name: 'Request Withdrawn' })).toBeInTheDocument();
  });
});

describe('FBO estimate page: typed values survive a reload', () => {
  it('keeps what was typed in this browser and restores it on the next visit', async () => {
    const first = openPage();
    await form();
    await first.user.type(priceOf('Hangar Service'), '175');
    await first.user.click(unavailableOf('Coffee'));
    await first.user.type(screen.getByLabelText('Additional Comments'), 'Hangar door faces east');
    await waitFor(() => expect(window.localStorage.getItem(DRAFT_KEY)).toContain('Hangar door faces east'));
    first.unmount();

    const second = openPage();
    await form();
    expect(screen.getByText('We restored what you entered earlier on this device.')).toBeInTheDocument();
    expect(priceOf('Hangar Service')).toHaveValue(175);
    expect(region('Coffee').getByText('This service is marked as unavailable')).toBeInTheDocument();
    expect(screen.getByLabelText('Additional Comments')).toHaveValue('Hangar door faces east');
    expect(total()).toHaveTextContent('$350.00');

    await second.user.click(screen.getByRole('button', { name: 'Clear entries' }));
    expect(priceOf('Hangar Service')).toHaveValue(null);
    expect(window.localStorage.getItem(DRAFT_KEY)).toBeNull();
  });

  it('drops the stored entries once the server says the request is answered', async () => {
    window.localStorage.setItem(
      DRAFT_KEY,
      JSON.stringify({
        savedAt: '2030-04-20T00:00:00Z',
        values: {
          servicesQuoted: { coffee: { price: '9', notes: '', unavailable: false }, customServices: [] },
          notes: '',
          validUntil: '',
        },
      }),
    );
    openPage(pageData({ state: 'submitted' }));
    await screen.findByRole('heading', { level: 1, name: 'This estimate has already been submitted. Thank you!' });
    await waitFor(() => expect(window.localStorage.getItem(DRAFT_KEY)).toBeNull());
  });
});

describe('FBO estimate page: decline', () => {
  it('declines with a reason after confirmation', async () => {
    const { user, api } = openPage(pageData(), {
      [DECLINE_CALL]: {
        status: 201,
        body: { state: 'declined', quoteRequestId: 'qr-1', respondedAt: '2030-04-21T10:00:00.000Z' },
      },
    });
    await form();
    await user.type(priceOf('Coffee'), '3');
    await user.click(screen.getByRole('button', { name: 'Decline request' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Decline this request' }));
    await user.click(dialog.getByRole('button', { name: 'Decline Request' }));
    expect(await dialog.findByText(FboQuoteMessages.declineReason)).toBeInTheDocument();

    await user.click(dialog.getByText('Other'));
    await user.click(dialog.getByRole('button', { name: 'Decline Request' }));
    expect(await dialog.findByText(FboQuoteMessages.declineText)).toBeInTheDocument();

    await user.click(dialog.getByText('No hangar space'));
    await user.type(dialog.getByLabelText(/^Details/), 'Air show weekend');
    await user.click(dialog.getByRole('button', { name: 'Decline Request' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Request Declined' })).toBeInTheDocument();
    expect(screen.getByText('No hangar space')).toBeInTheDocument();
    expect(api.callsTo(DECLINE_CALL)[0].body).toEqual({ reason: 'no_hangar_space', text: 'Air show weekend' });
    expect(window.localStorage.getItem(DRAFT_KEY)).toBeNull();
  });

  it('opens the decline dialog from the keyboard with focus on Cancel, and gives focus back to "Decline request" when it closes', async () => {
    const { user } = openPage();
    await form();
    const decline = screen.getByRole('button', { name: 'Decline request' });
    decline.focus();
    await user.keyboard('{Enter}');
    const dialog = within(await screen.findByRole('dialog', { name: 'Decline this request' }));
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await user.click(dialog.getByText('Fuel not available'));
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(decline).toHaveFocus());

    // Opened again, it still holds the reason chosen before.
    await user.click(decline);
    const again = within(await screen.findByRole('dialog', { name: 'Decline this request' }));
    expect(again.getByRole('radio', { name: 'Fuel not available' })).toBeChecked();
  });

  it('keeps the dialog open with a toast when the decline fails', async () => {
    const { user } = openPage(pageData(), { [DECLINE_CALL]: { status: 500, body: { error: 'Database unavailable' } } });
    await form();
    await user.click(screen.getByRole('button', { name: 'Decline request' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Decline this request' }));
    await user.click(dialog.getByText('Fuel not available'));
    await user.click(dialog.getByRole('button', { name: 'Decline Request' }));
    expect(await screen.findByText('Error Declining Request')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Decline this request' })).toBeInTheDocument();
  });
});
