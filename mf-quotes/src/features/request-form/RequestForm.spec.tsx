import { QuoteRequestMessages } from '@rampquote/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QUOTE_DRAFT_KEY, QUOTE_EDITING_FLAG_KEY } from '../../shared/quote-draft-storage';
import { clearToasts, fakeApi, heldResponse, renderRoutes } from '@rampquote/web-kit/testing/render-page';
import { formReady, kjfkFbosSelected, pickAirport, setDay } from '../../test/request-form-helpers';
import {
  anonymous,
  citation,
  dayFromToday,
  formRoutes,
  gateway,
  kbfi,
  kjfk,
  profile,
  skyhawk,
  skyline,
} from '../../test/request-fixtures';
import { RequestFormPage } from './RequestFormPage';

const routes = [{ path: '/rfi-form', element: <RequestFormPage /> }];

afterEach(() => {
  clearToasts();
  sessionStorage.clear();
});

describe('Request for Quote form: access, aircraft, sections', () => {
  it('shows visitors "Please log in to continue" with a "Go to Login" button to /login', async () => {
    fakeApi({ ...anonymous });
    renderRoutes(routes, '/rfi-form');
    expect(await screen.findByText('Please log in to continue')).toBeInTheDocument();
    const login = screen.getByRole('link', { name: 'Go to Login' });
    expect(login.getAttribute('href')).toMatch(/^\/login\?returnPath=%2Frfi-form$/);
    await userEvent.setup().click(login);
    expect(await screen.findByTestId('location')).toHaveTextContent('/login?returnPath=%2Frfi-form');
    expect(screen.queryByRole('button', { name: 'Review Quote Request' })).not.toBeInTheDocument();
  });

  it('shows the five sections in order with Reset and "Review Quote Request", and sets the page title', async () => {
    fakeApi(formRoutes());
    renderRoutes(routes, '/rfi-form');
    await screen.findByRole('heading', { name: 'Additional Information' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Flight Details',
      'Fuel',
      'Services',
      'FBOs at Destination',
      'Additional Information',
    ]);
    expect(screen.getByRole('button', { name: 'Reset' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Review Quote Request' })).toBeInTheDocument();
    expect(document.title).toBe('Request for Quote | RampQuote');
  });

  it('preselects the default aircraft (not the first) and shows its figures with their units', async () => {
    fakeApi(formRoutes());
    renderRoutes(routes, '/rfi-form');
    const select = await screen.findByRole('combobox', { name: /Aircraft/ });
    await waitFor(() => expect(select).toHaveValue(citation.id));
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['N100 — Cessna 172S', 'N200 — Cessna Citation CJ3 (default)']);
    await userEvent.setup().selectOptions(select, skyhawk.id);
    const figures = screen.getByLabelText('Aircraft figures');
    expect(figures).toHaveTextContent('Wingspan36.1 ft');
    expect(figures).toHaveTextContent('Length27.2 ft');
    expect(figures).toHaveTextContent('Max takeoff weight2,550 lbs');
    expect(figures).toHaveTextContent('Min runway length1,630 ft');
  });

  it("lists the aircraft's figures as a description list of label/value pairs (what a screen reader announces)", async () => {
    fakeApi(formRoutes());
    renderRoutes(routes, '/rfi-form');
    const select = await screen.findByRole('combobox', { name: /Aircraft/ });
    await waitFor(() => expect(select).toHaveValue(citation.id));
    await userEvent.setup().selectOptions(select, skyhawk.id);
    const figures = screen.getByLabelText('Aircraft figures');
    expect(figures.tagName).toBe('DL');
    const pairs = Array.from(figures.children);
    expect(pairs.length).toBeGreaterThan(0);
    for (const pair of pairs) {
      expect(pair.tagName).toBe('DIV');
      expect(Array.from(pair.children).map((c) => c.tagName)).toEqual(['DT', 'DD']);
    }
  });

  it('shows its heading at once and the fields once the saved aircraft are known, so they do not move', async () => {
    const aircraftList = heldResponse({ status: 200, body: [skyhawk, citation] });
    fakeApi(formRoutes({ 'GET /api/user/aircraft': aircraftList.handler }));
    renderRoutes(routes, '/rfi-form');
    expect(await screen.findByRole('heading', { level: 1, name: 'Request for Quote' })).toBeInTheDocument();
    expect(screen.getByLabelText('Loading')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /^Departure airport/ })).not.toBeInTheDocument();
    aircraftList.release();
    await formReady();
    expect(screen.getByRole('combobox', { name: /^Departure airport/ })).toBeInTheDocument();
    expect(screen.queryByLabelText('Loading')).not.toBeInTheDocument();
  });

  it('preselects the first aircraft when none is the default', async () => {
    fakeApi(
      formRoutes({ 'GET /api/user/aircraft': { status: 200, body: [skyhawk, { ...citation, isDefault: false }] } }),
    );
    renderRoutes(routes, '/rfi-form');
    const select = await screen.findByRole('combobox', { name: /Aircraft/ });
    await waitFor(() => expect(select).toHaveValue(skyhawk.id));
  });

  it('without aircraft says "No aircraft found. Please add an aircraft in your profile." and "No aircraft available"', async () => {
    fakeApi(formRoutes({ 'GET /api/user/aircraft': { status: 200, body: [] } }));
    renderRoutes(routes, '/rfi-form');
    expect(await screen.findByText('No aircraft found. Please add an aircraft in your profile.')).toBeInTheDocument();
    const select = screen.getByRole('combobox', { name: /Aircraft/ });
    expect(select).toBeDisabled();
    expect(within(select).getByRole('option', { name: 'No aircraft available' })).toBeInTheDocument();
  });

  it('"+ Add an Aircraft" opens the aircraft tab with the add-dialog intent', async () => {
    fakeApi(formRoutes());
    renderRoutes(routes, '/rfi-form');
    await userEvent.setup().click(await screen.findByRole('link', { name: '+ Add an Aircraft' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/account/aircraft?add=1');
  });

  it('marks the aircraft as required', async () => {
    fakeApi(formRoutes());
    renderRoutes(routes, '/rfi-form');
    const select = await screen.findByRole('combobox', { name: /Aircraft/ });
    expect(select).toHaveAttribute('aria-required', 'true');
    expect(screen.getByText('Aircraft').closest('label')).toHaveTextContent('*');
  });

  it('shows the rewards-program numbers of the profile by program name', async () => {
    fakeApi(
      formRoutes({
        'GET /api/user/profile': {
          status: 200,
          body: profile({
            signatureTailwinsAccountNumber: 'ST-123',
            avfuelAccountNumber: 'AV-9',
            caaAccountNumber: '  ',
          }),
        },
      }),
    );
    renderRoutes(routes, '/rfi-form');
    const list = await screen.findByLabelText('Rewards program numbers');
    expect(list).toHaveTextContent('Signature TailWins:ST-123');
    expect(list).toHaveTextContent('AVFUEL:AV-9');
    expect(list).not.toHaveTextContent('CAA');
  });

  it('shows no rewards block when the profile has no numbers', async () => {
    fakeApi(formRoutes());
    renderRoutes(routes, '/rfi-form');
    await screen.findByRole('heading', { name: 'Services' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Aircraft/ })).toHaveValue(citation.id));
    expect(screen.queryByLabelText('Rewards program numbers')).not.toBeInTheDocument();
  });
});

describe('Request for Quote form: rules and the way to the review', () => {
  it('shows the messages of spec section 5 and stays on the form when required fields are missing', async () => {
    fakeApi(formRoutes());
    renderRoutes(routes, '/rfi-form');
    await formReady();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Estimated fuel amount (gallons)'), '-5');
    await user.click(screen.getByRole('button', { name: 'Review Quote Request' }));
    expect(await screen.findByText('Please select a departure airport')).toBeInTheDocument();
    expect(screen.getByText(QuoteRequestMessages.fuelAmount)).toBeInTheDocument();
    expect(screen.getByText('Please select a destination airport')).toBeInTheDocument();
    expect(screen.getByText('Please select arrival date and time')).toBeInTheDocument();
    expect(screen.getByText('Please select departure date and time')).toBeInTheDocument();
    expect(screen.getByText('Please select at least one FBO')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Departure airport/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    expect(sessionStorage.getItem(QUOTE_DRAFT_KEY)).toBeNull();
  });

  it('refuses an invisible NUL in the notes at the field, before the review page', async () => {
    fakeApi(formRoutes());
    renderRoutes(routes, '/rfi-form');
    await formReady();
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Notes'));
    await user.paste('Crew of two\u0000');
    await user.click(screen.getByRole('button', { name: 'Review Quote Request' }));
    expect(await screen.findByText('Text must not contain NUL characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Notes')).toHaveAttribute('aria-invalid', 'true');
    expect(sessionStorage.getItem(QUOTE_DRAFT_KEY)).toBeNull();
  });

  it('requires an aircraft', async () => {
    fakeApi(formRoutes({ 'GET /api/user/aircraft': { status: 200, body: [] } }));
    renderRoutes(routes, '/rfi-form');
    await screen.findByText('No aircraft found. Please add an aircraft in your profile.');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Review Quote Request' }));
    expect(await screen.findByText(QuoteRequestMessages.aircraft)).toBeInTheDocument();
  });

  it('selects every FBO found at a new destination, and forgets the FBOs of the previous one', async () => {
    fakeApi(formRoutes());
    renderRoutes(routes, '/rfi-form');
    await formReady();
    const user = userEvent.setup();
    expect(screen.getByText('Select a destination airport to see its FBOs.')).toBeInTheDocument();
    await pickAirport(user, 'Destination', 'KJFK', /KJFK/);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: /Demo FBO Gateway Aviation/ })).toBeChecked());
    expect(screen.getByRole('checkbox', { name: /Demo FBO Skyline Jet Center/ })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: /Demo FBO Skyline Jet Center/ }));
    expect(screen.getByRole('checkbox', { name: /Demo FBO Skyline Jet Center/ })).not.toBeChecked();

    await user.clear(screen.getByRole('combobox', { name: /^Destination airport/ }));
    await pickAirport(user, 'Destination', 'KBFI', /KBFI/);
    expect(await screen.findByText('No FBOs found for this airport after searching.')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /Demo FBO/ })).not.toBeInTheDocument();
  });

  it('fills the fuel fields a stored request lacks when it is edited', async () => {
    sessionStorage.setItem(
      QUOTE_DRAFT_KEY,
      JSON.stringify({
        request: {
          aircraftId: skyhawk.id,
          departureAirportCode: 'KBFI',
          airportCode: 'KJFK',
          arrival: '',
          departure: '',
          services: { gpu: true, gpuDuration: '30' },
          selectedFbos: [skyline.id],
        },
        destinationAirport: kjfk,
        departureAirport: kbfi,
        fbos: [gateway, skyline],
      }),
    );
    sessionStorage.setItem(QUOTE_EDITING_FLAG_KEY, 'true');
    fakeApi(formRoutes());
    renderRoutes(routes, '/rfi-form');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Aircraft/ })).toHaveValue(skyhawk.id));
    expect(await screen.findByLabelText('Estimated fuel amount (gallons)')).toHaveValue(null);
    expect(
      screen
        .getAllByRole('checkbox', { name: /^(100LL|Jet A|JP-4|UL94|MOGAS|Biodiesel)/ })
        .every((c) => !(c as HTMLInputElement).checked),
    ).toBe(true);
    expect(screen.getByRole('switch', { name: 'GPU (ground power unit)' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: /^GPU duration/ })).toHaveDisplayValue('30 minutes');
    expect(await screen.findByRole('checkbox', { name: /Demo FBO Skyline Jet Center/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Demo FBO Gateway Aviation/ })).not.toBeChecked();
  });

  it('Reset empties the form and keeps the default aircraft', async () => {
    fakeApi(formRoutes());
    renderRoutes(routes, '/rfi-form');
    await formReady();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: /Aircraft/ }), skyhawk.id);
    await pickAirport(user, 'Destination', 'KJFK', /KJFK/);
    setDay('Arrival', dayFromToday(1));
    await user.click(screen.getByRole('switch', { name: 'Ice' }));
    await kjfkFbosSelected();
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Destination airport/ })).toHaveValue(''));
    expect(screen.getByRole('combobox', { name: /Aircraft/ })).toHaveValue(citation.id);
    expect(screen.getByLabelText('Arrival date')).toHaveValue('');
    expect(screen.getByRole('switch', { name: 'Ice' })).not.toBeChecked();
    expect(screen.getByText('Select a destination airport to see its FBOs.')).toBeInTheDocument();
  });
});
