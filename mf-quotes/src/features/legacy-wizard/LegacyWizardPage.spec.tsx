import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearToasts, fakeApi, renderRoutes, type FakeRoute } from '@rampquote/web-kit/testing/render-page';
import { setDay } from '../../test/request-form-helpers';
import { airportSearch, anonymous, dayFromToday, signedIn } from '../../test/request-fixtures';
import { LegacyWizardPage } from './LegacyWizardPage';

const routes = [{ path: '/request-quote', element: <LegacyWizardPage /> }];

function setup(extra: Record<string, FakeRoute> = {}) {
  const api = fakeApi({
    ...signedIn,
    'GET /api/airports/search': airportSearch,
    'GET /api/quote-requests/qr-9': { status: 200, body: { id: 'qr-9', status: 'pending' } },
    'GET /api/quote-requests/qr-9/responses': { status: 200, body: [] },
    ...extra,
  });
  renderRoutes(routes, '/request-quote');
  return { api, user: userEvent.setup() };
}

const next = () => screen.getByRole('button', { name: 'Next' });

async function toStep3(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByRole('combobox', { name: /^Destination airport/ }), 'KJFK');
  await user.click(await screen.findByRole('option', { name: /KJFK/ }));
  await user.click(next());
  await user.click(screen.getByRole('checkbox', { name: 'Fuel' }));
  await user.click(screen.getByRole('checkbox', { name: 'Hangar' }));
  setDay('Arrival', dayFromToday(2));
  setDay('Departure', dayFromToday(3));
  await user.click(next());
  await screen.findByRole('heading', { name: 'Step 3 of 4: Review' });
}

afterEach(() => clearToasts());

describe('Legacy wizard (/request-quote)', () => {
  it('shows visitors the login prompt', async () => {
    fakeApi({ ...anonymous });
    renderRoutes(routes, '/request-quote');
    expect(await screen.findByText('Please log in to continue')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute(
      'href',
      '/login?returnPath=%2Frequest-quote',
    );
  });

  it("step 1: Next waits for a destination ('Please select a destination airport.')", async () => {
    const { user } = setup();
    expect(await screen.findByRole('heading', { name: 'Step 1 of 4: Destination' })).toBeInTheDocument();
    expect(document.title).toBe('Request a Quote | RampQuote');
    expect(screen.getByText('Please select a destination airport.')).toBeInTheDocument();
    expect(next()).toBeDisabled();
    await user.type(screen.getByRole('combobox', { name: /^Destination airport/ }), 'KJFK');
    await user.click(await screen.findByRole('option', { name: /KJFK/ }));
    expect(screen.queryByText('Please select a destination airport.')).not.toBeInTheDocument();
    expect(next()).toBeEnabled();
    await user.click(next());
    expect(await screen.findByRole('heading', { name: 'Step 2 of 4: Services & dates' })).toBeInTheDocument();
  });

  it('step 2: Next waits for a service and both dates, with departure after arrival', async () => {
    const { user } = setup();
    await user.type(await screen.findByRole('combobox', { name: /^Destination airport/ }), 'KJFK');
    await user.click(await screen.findByRole('option', { name: /KJFK/ }));
    await user.click(next());

    expect(await screen.findByText('Please select at least one service.')).toBeInTheDocument();
    expect(screen.getByText('Please select arrival and departure dates.')).toBeInTheDocument();
    expect(next()).toBeDisabled();

    await user.click(screen.getByRole('checkbox', { name: 'Fuel' }));
    expect(screen.queryByText('Please select at least one service.')).not.toBeInTheDocument();
    expect(next()).toBeDisabled();

    setDay('Arrival', dayFromToday(3));
    expect(screen.getByText('Please select arrival and departure dates.')).toBeInTheDocument();
    setDay('Departure', dayFromToday(2));
    expect(await screen.findByText('Error: Departure time must be after arrival time.')).toBeInTheDocument();
    expect(screen.queryByText('Please select arrival and departure dates.')).not.toBeInTheDocument();
    expect(next()).toBeDisabled();

    setDay('Departure', dayFromToday(5));
    await waitFor(() =>
      expect(screen.queryByText('Error: Departure time must be after arrival time.')).not.toBeInTheDocument(),
    );
    expect(screen.getByText('Trip duration: 2 days')).toBeInTheDocument();
    expect(next()).toBeEnabled();

    await user.click(screen.getByRole('checkbox', { name: 'Fuel' }));
    expect(screen.getByText('Please select at least one service.')).toBeInTheDocument();
    expect(next()).toBeDisabled();
  });

  it('step 3 posts the legacy payload and step 4 shows the results view', async () => {
    const { api, user } = setup({
      'POST /api/quote-requests': { status: 201, body: { id: 'qr-9', uniqueId: 'RQ-ABC234' } },
    });
    await toStep3(user);
    const summary = screen.getByRole('heading', { name: 'Step 3 of 4: Review' }).parentElement as HTMLElement;
    expect(summary).toHaveTextContent('KJFK - John F Kennedy International Airport (New York, NY)');
    expect(summary).toHaveTextContent('ServicesFuel, Hangar');
    await user.click(screen.getByRole('button', { name: 'Request Quotes' }));

    expect(await screen.findByRole('heading', { name: 'Requesting Quotes...' })).toBeInTheDocument();
    expect(screen.getByText(/Quotes typically take 1-3 hours/)).toBeInTheDocument();
    expect(screen.getByText('RQ-ABC234')).toBeInTheDocument();
    expect(api.callsTo('POST /api/quote-requests').map((c) => c.body)).toEqual([
      {
        destination: 'KJFK',
        services: ['fuel', 'hangar'],
        duration: {
          arrival: new Date(`${dayFromToday(2)}T12:00`).toISOString(),
          departure: new Date(`${dayFromToday(3)}T12:00`).toISOString(),
        },
      },
    ]);
    expect(screen.getByRole('list', { name: 'Steps' })).toHaveTextContent('4. Quotes');
    expect(within(screen.getByRole('list', { name: 'Steps' })).getByText('4. Quotes')).toHaveAttribute(
      'aria-current',
      'step',
    );
  });

  it("says 'Error submitting quote request' - 'Please try again later.' when the submission fails", async () => {
    const { user } = setup({ 'POST /api/quote-requests': { status: 500, body: { error: 'Internal error' } } });
    await toStep3(user);
    await user.click(screen.getByRole('button', { name: 'Request Quotes' }));
    const title = await screen.findByText('Error submitting quote request');
    expect(
      within(title.closest('[data-part="root"]') as HTMLElement).getByText('Please try again later.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Step 3 of 4: Review' })).toBeInTheDocument();
  });
});
