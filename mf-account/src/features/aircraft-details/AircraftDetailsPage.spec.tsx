import type { AircraftDto, AircraftSpecsDto } from '@rampquote/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { clearToasts, fakeApi, renderRoutes, type FakeResponse } from '@rampquote/web-kit/testing/render-page';
import { PENDING_AIRCRAFT_KEY } from '../../shared/pending-aircraft';
import { AircraftDetailsPage } from './AircraftDetailsPage';

const anonymous = { 'GET /api/auth/me': { status: 401, body: { error: 'Not authenticated' } } };
const pilot = {
  id: 'u1',
  username: 'pilot',
  email: 'pilot@rampquote.dev',
  role: 'pilot',
  firstName: 'Pat',
  lastName: 'Pilot',
  companyName: null,
};
const signedIn = { 'GET /api/auth/me': { status: 200, body: pilot } };

const specs: AircraftSpecsDto = {
  make: 'Cessna',
  model: '172S',
  type: 'Piston',
  unitSystem: 'imperial',
  wingspan: 36.1,
  length: 27.2,
  height: 8.9,
  basicEmptyWeight: 1680,
  maxRampWeight: 2558,
  maxTakeoffWeight: 2550,
  maxLandingWeight: 2550,
  minRunwayLength: 2000,
};

const catalogue: Record<string, FakeResponse> = {
  'GET /api/aircraft/makes': { status: 200, body: ['Cessna', 'Piper'] },
  'GET /api/aircraft/models/Cessna': { status: 200, body: ['172S', '182T'] },
  'GET /api/aircraft/models/Piper': { status: 200, body: ['PA-28'] },
  'GET /api/aircraft/specs/Cessna/172S': { status: 200, body: specs },
};

const saved: AircraftDto = {
  ...specs,
  id: 'a1',
  userId: 'u1',
  name: '172S N12345',
  tailNumber: 'N12345',
  serialNumber: null,
  year: 2015,
  isDefault: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const routes = [
  { path: '/aircraftinfo', element: <AircraftDetailsPage /> },
  { path: '/new-aircraft', element: <AircraftDetailsPage initialTab="new" /> },
];

afterEach(() => {
  clearToasts();
  localStorage.clear();
});

const select = (label: RegExp) => screen.getByLabelText(label, { selector: 'select' });
const input = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' });
const next = () => screen.getByRole('button', { name: 'Next' });

async function open(url = '/aircraftinfo') {
  renderRoutes(routes, url);
  await screen.findByRole('heading', { name: 'Aircraft Details' });
  const user = userEvent.setup();
  await waitFor(() => expect(within(select(/^Make/)).getByRole('option', { name: 'Cessna' })).toBeInTheDocument());
  return user;
}

/** Make → model (catalogue lookup) → tail number. */
async function pickCessna(user: UserEvent) {
  await user.selectOptions(select(/^Make/), 'Cessna');
  await waitFor(() => expect(within(select(/^Model/)).getByRole('option', { name: '172S' })).toBeInTheDocument());
  await user.selectOptions(select(/^Model/), '172S');
  await waitFor(() => expect(input(/^Wingspan/)).toHaveValue(36.1));
}

describe('Aircraft details step', () => {
  it('shows a visitor only the new-aircraft form, with red asterisks on the required fields', async () => {
    fakeApi({ ...anonymous, ...catalogue });
    await open();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    for (const label of [/^Make/, /^Model/, /^Engine Type/, /^Minimum Runway Length/]) {
      expect(
        select(label).closest('[data-part="root"]')?.querySelector('.chakra-field__requiredIndicator'),
      ).not.toBeNull();
    }
    for (const label of [/^Tail Number/, /^Wingspan/, /^Length/, /^Height/, /^Basic Empty Weight/]) {
      expect(
        input(label).closest('[data-part="root"]')?.querySelector('.chakra-field__requiredIndicator'),
      ).not.toBeNull();
    }
    expect(
      input(/^Max Ramp Weight/)
        .closest('[data-part="root"]')
        ?.querySelector('.chakra-field__requiredIndicator'),
    ).toBeNull();
    // Year choices: 1950 to 2025, newest first; imperial runway choices.
    const years = within(select(/^Year/)).getAllByRole('option').slice(1);
    expect(years).toHaveLength(76);
    expect(years[0]).toHaveTextContent('2025');
    expect(years[75]).toHaveTextContent('1950');
    expect(
      within(select(/^Minimum Runway Length/))
        .getAllByRole('option')
        .slice(1)
        .map((o) => o.textContent),
    ).toEqual([
      '2,000 ft',
      '3,000 ft',
      '4,000 ft',
      '5,000 ft',
      '6,000 ft',
      '7,000 ft',
      '8,000 ft',
      '9,000 ft',
      '10,000 ft',
    ]);
  });

  it('enables the model after a make, fills the specification with the overlay and toast, and clears the model when the make changes', async () => {
    fakeApi({ ...anonymous, ...catalogue });
    const user = await open();
    expect(select(/^Model/)).toBeDisabled();
    expect(next()).toBeDisabled();
    await user.selectOptions(select(/^Make/), 'Cessna');
    await waitFor(() => expect(select(/^Model/)).toBeEnabled());
    await user.selectOptions(select(/^Model/), '172S');
    expect(await screen.findByText('Aircraft Selected')).toBeInTheDocument();
    expect(
      screen.getByText('Please verify aircraft dimensions and weights are correct before proceeding.'),
    ).toBeInTheDocument();
    expect(select(/^Engine Type/)).toHaveValue('Piston');
    expect(input(/^Basic Empty Weight \(lbs\)/)).toHaveValue(1680);
    expect(select(/^Minimum Runway Length \(ft\)/)).toHaveValue('2000');
    // Everything but the tail number: Next stays disabled.
    expect(next()).toBeDisabled();
    await user.type(input(/^Tail Number/), 'n12345');
    expect(input(/^Tail Number/)).toHaveValue('N12345');
    expect(next()).toBeEnabled();

    await user.selectOptions(select(/^Make/), 'Piper');
    expect(select(/^Model/)).toHaveValue('');
    expect(next()).toBeDisabled();
  });

  it('shows the overlay while the specification loads', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    fakeApi({ ...anonymous, ...catalogue });
    const plain = globalThis.fetch;
    globalThis.fetch = (async (req: Request) => {
      if (new URL(req.url).pathname.startsWith('/api/aircraft/specs/')) await gate;
      return plain(req);
    }) as typeof fetch;
    const user = await open();
    await user.selectOptions(select(/^Make/), 'Cessna');
    await waitFor(() => expect(select(/^Model/)).toBeEnabled());
    await user.selectOptions(select(/^Model/), '172S');
    expect(await screen.findByText('This will take just a moment...')).toBeInTheDocument();
    expect(next()).toBeDisabled();
    release();
    await waitFor(() => expect(screen.queryByText('This will take just a moment...')).not.toBeInTheDocument());
    expect(input(/^Wingspan/)).toHaveValue(36.1);
  });

  it('keeps only make and model when the specification lookup fails', async () => {
    fakeApi({
      ...anonymous,
      ...catalogue,
      'GET /api/aircraft/specs/Cessna/182T': {
        status: 404,
        body: { error: 'No specifications found for this make and model' },
      },
    });
    const user = await open();
    await user.selectOptions(select(/^Make/), 'Cessna');
    await waitFor(() => expect(select(/^Model/)).toBeEnabled());
    await user.type(input(/^Tail Number/), 'N1');
    await user.type(input(/^Wingspan/), '30');
    await user.selectOptions(select(/^Model/), '182T');
    expect(await screen.findByText('Aircraft Selected')).toBeInTheDocument();
    expect(select(/^Make/)).toHaveValue('Cessna');
    expect(select(/^Model/)).toHaveValue('182T');
    expect(input(/^Tail Number/)).toHaveValue('');
    expect(input(/^Wingspan/)).toHaveValue(null);
    expect(select(/^Engine Type/)).toHaveValue('');
  });

  it('Reset empties make, model and tail number and returns to imperial units', async () => {
    fakeApi({ ...anonymous, ...catalogue });
    const user = await open();
    await pickCessna(user);
    await user.type(input(/^Tail Number/), 'N1');
    await user.selectOptions(select(/^Units/), 'metric');
    expect(input(/^Wingspan \(m\)/)).toHaveValue(11);
    expect(input(/^Basic Empty Weight \(kg\)/)).toHaveValue(762);
    expect(within(select(/^Minimum Runway Length \(m\)/)).getByRole('option', { name: '610 m' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(select(/^Make/)).toHaveValue('');
    expect(select(/^Model/)).toHaveValue('');
    expect(select(/^Model/)).toBeDisabled();
    expect(input(/^Tail Number/)).toHaveValue('');
    expect(select(/^Units/)).toHaveValue('imperial');
    expect(input(/^Wingspan \(ft\)/)).toHaveValue(null);
    expect(next()).toBeDisabled();
    expect(localStorage.getItem(PENDING_AIRCRAFT_KEY)).toBeNull();
  });

  it('applies the numeric input rules and sends numbers', async () => {
    const api = fakeApi({
      ...signedIn,
      ...catalogue,
      'GET /api/aircraft': { status: 200, body: [] },
      'POST /create-aircraft': { status: 201, body: saved },
    });
    renderRoutes(routes, '/new-aircraft');
    const user = userEvent.setup();
    await waitFor(() => expect(within(select(/^Make/)).getByRole('option', { name: 'Cessna' })).toBeInTheDocument());
    await pickCessna(user);
    await user.type(input(/^Tail Number/), 'N12345');
    const wingspan = input(/^Wingspan/);
    expect(wingspan).toHaveAttribute('min', '0');
    expect(wingspan).toHaveAttribute('step', '0.1');
    expect(input(/^Basic Empty Weight/)).toHaveAttribute('step', '1');
    // An empty input removes the value: Next is disabled again.
    await user.clear(wingspan);
    expect(wingspan).toHaveValue(null);
    expect(next()).toBeDisabled();
    await user.type(wingspan, '35.5');
    expect(next()).toBeEnabled();
    // A negative number is ignored (the value stays absent).
    await user.clear(input(/^Height/));
    await user.type(input(/^Height/), '-5');
    expect(next()).toBeDisabled();
    await user.clear(input(/^Height/));
    await user.type(input(/^Height/), '9');
    expect(next()).toBeEnabled();
    await user.click(next());
    await waitFor(() => expect(api.callsTo('POST /create-aircraft')).toHaveLength(1));
    const body = api.callsTo('POST /create-aircraft')[0].body as Record<string, unknown>;
    expect(body).toMatchObject({
      make: 'Cessna',
      model: '172S',
      type: 'Piston',
      tailNumber: 'N12345',
      wingspan: 35.5,
      basicEmptyWeight: 1680,
      minRunwayLength: 2000,
      unitSystem: 'imperial',
    });
    expect(body.height).toBe(9);
    expect(await screen.findByText('Aircraft saved')).toBeInTheDocument();
    expect(await screen.findByTestId('location')).toHaveTextContent('/rfi-form');
  });

  it('keeps a visitor’s draft and asks for an account on Next, with links back to /aircraftinfo', async () => {
    const api = fakeApi({ ...anonymous, ...catalogue });
    const user = await open();
    await pickCessna(user);
    expect(localStorage.getItem(PENDING_AIRCRAFT_KEY)).toBeNull();
    await user.type(input(/^Tail Number/), 'N777');
    expect(JSON.parse(localStorage.getItem(PENDING_AIRCRAFT_KEY)!)).toMatchObject({
      make: 'Cessna',
      model: '172S',
      tailNumber: 'N777',
      wingspan: 36.1,
    });
    await user.click(next());
    const dialog = await screen.findByRole('alertdialog', { name: 'Account Required' });
    expect(within(dialog).getByRole('link', { name: 'Login' })).toHaveAttribute(
      'href',
      '/login?returnPath=%2Faircraftinfo',
    );
    expect(within(dialog).getByRole('link', { name: 'Register' })).toHaveAttribute(
      'href',
      '/register?returnPath=%2Faircraftinfo',
    );
    expect(api.callsTo('POST /create-aircraft')).toHaveLength(0);
    expect(api.callsTo('GET /api/aircraft')).toHaveLength(0);
  });

  it('offers a signed-in user the draft they left as a visitor, and saves it', async () => {
    localStorage.setItem(PENDING_AIRCRAFT_KEY, JSON.stringify({ ...specs, tailNumber: 'N777' }));
    const api = fakeApi({
      ...signedIn,
      ...catalogue,
      'GET /api/aircraft': { status: 200, body: [] },
      'POST /create-aircraft': { status: 201, body: { ...saved, tailNumber: 'N777', name: '172S N777' } },
    });
    renderRoutes(routes, '/aircraftinfo');
    const offer = await screen.findByRole('region', { name: 'Unsaved aircraft' });
    expect(within(offer).getByText(/Cessna 172S N777/)).toBeInTheDocument();
    await userEvent.setup().click(within(offer).getByRole('button', { name: 'Save Aircraft' }));
    await waitFor(() => expect(api.callsTo('POST /create-aircraft')).toHaveLength(1));
    expect(api.callsTo('POST /create-aircraft')[0].body).toMatchObject({
      make: 'Cessna',
      model: '172S',
      tailNumber: 'N777',
      wingspan: 36.1,
    });
    expect(await screen.findByText('Aircraft saved')).toBeInTheDocument();
    expect(localStorage.getItem(PENDING_AIRCRAFT_KEY)).toBeNull();
    expect(screen.queryByRole('region', { name: 'Unsaved aircraft' })).not.toBeInTheDocument();
  });

  it('gives a signed-in user Saved and New tabs (Saved first); Next with a saved aircraft goes on without saving', async () => {
    const api = fakeApi({ ...signedIn, ...catalogue, 'GET /api/aircraft': { status: 200, body: [saved] } });
    renderRoutes(routes, '/aircraftinfo');
    const user = userEvent.setup();
    expect(await screen.findByRole('tab', { name: 'Saved Aircraft' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'New Aircraft' })).toHaveAttribute('aria-selected', 'false');
    expect(next()).toBeDisabled();
    await user.click(await screen.findByText(/172S N12345/));
    expect(next()).toBeEnabled();
    await user.click(next());
    expect(await screen.findByTestId('location')).toHaveTextContent('/rfi-form');
    expect(api.callsTo('POST /create-aircraft')).toHaveLength(0);
  });

  it('shows the makes error with a Refresh Page button', async () => {
    fakeApi({ ...anonymous, 'GET /api/aircraft/makes': { status: 401, body: { error: 'Authentication required' } } });
    renderRoutes(routes, '/aircraftinfo');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Unable to load aircraft makes. Please refresh the page.');
    expect(within(alert).getByRole('button', { name: 'Refresh Page' })).toBeInTheDocument();
  });
});
