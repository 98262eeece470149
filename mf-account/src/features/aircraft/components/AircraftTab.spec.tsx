import type { AircraftDto } from '@rampquote/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearToasts, fakeApi, renderRoutes } from '@rampquote/web-kit/testing/render-page';
import { OpenAddAircraftRedirect } from '../OpenAddAircraftRedirect';
import { OPEN_ADD_AIRCRAFT_FLAG } from '../open-add-aircraft';
import { AircraftTab } from './AircraftTab';

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
const catalogue = { 'GET /api/aircraft/makes': { status: 200, body: ['Cessna'] } };

function aircraft(id: string, tailNumber: string, model: string, isDefault: boolean): AircraftDto {
  return {
    id,
    userId: 'u1',
    name: `${model.split(' ')[0]} ${tailNumber}`,
    make: 'Cessna',
    model,
    type: 'Piston',
    tailNumber,
    serialNumber: null,
    year: null,
    wingspan: null,
    length: null,
    height: null,
    basicEmptyWeight: null,
    maxRampWeight: null,
    maxTakeoffWeight: null,
    maxLandingWeight: null,
    minRunwayLength: null,
    unitSystem: 'imperial',
    isDefault,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

const skyhawk = aircraft('11111111-1111-4111-8111-111111111111', 'N100', '172S', true);
const skylane = aircraft('22222222-2222-4222-8222-222222222222', 'N200', '182T', false);
const route = [{ path: '/account/aircraft', element: <AircraftTab /> }];

afterEach(() => {
  clearToasts();
  localStorage.clear();
});

describe('Aircraft tab', () => {
  it('shows "No Aircraft Found" for an empty list, and also when the list answers 401', async () => {
    fakeApi({
      ...signedIn,
      ...catalogue,
      'GET /api/aircraft': { status: 401, body: { error: 'Authentication required' } },
    });
    renderRoutes(route, '/account/aircraft');
    expect(await screen.findByRole('heading', { name: 'No Aircraft Found' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Aircraft' })).toBeInTheDocument();
  });

  it('lists the aircraft with Tail Number, Make/Model and Actions', async () => {
    fakeApi({ ...signedIn, ...catalogue, 'GET /api/aircraft': { status: 200, body: [skyhawk, skylane] } });
    renderRoutes(route, '/account/aircraft');
    const table = await screen.findByRole('table', { name: 'Saved aircraft' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Tail Number', 'Make/Model', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('N100');
    expect(rows[0]).toHaveTextContent('Cessna 172S');
    expect(within(rows[0]).getByRole('button', { name: '172S N100 is the default aircraft' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(rows[1]).getByRole('button', { name: 'Set 182T N200 as default' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('deletes only after "Confirm Deletion", and Cancel keeps the aircraft', async () => {
    const api = fakeApi({
      ...signedIn,
      ...catalogue,
      'GET /api/aircraft': { status: 200, body: [skyhawk, skylane] },
      [`DELETE /api/aircraft/${skylane.id}`]: {
        status: 200,
        body: { deleted: skylane.id, defaultAircraftId: skyhawk.id },
      },
    });
    renderRoutes(route, '/account/aircraft');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete 182T N200' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Confirm Deletion' });
    // The dialog moves focus into itself once it has opened (asynchronously), not as it renders.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.callsTo(`DELETE /api/aircraft/${skylane.id}`)).toHaveLength(0);

    // From the edit dialog too.
    await user.click(screen.getByRole('button', { name: 'Edit 182T N200' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Edit Aircraft' })).getByRole('button', { name: 'Delete' }),
    );
    dialog = await screen.findByRole('alertdialog', { name: 'Confirm Deletion' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete 182T N200?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Aircraft deleted')).toBeInTheDocument();
    expect(api.callsTo(`DELETE /api/aircraft/${skylane.id}`)).toHaveLength(1);
    await waitFor(() => expect(api.callsTo('GET /api/aircraft').length).toBeGreaterThan(1));
  });

  it('toasts "Failed to delete aircraft" with the server message', async () => {
    fakeApi({
      ...signedIn,
      ...catalogue,
      'GET /api/aircraft': { status: 200, body: [skyhawk] },
      [`DELETE /api/aircraft/${skyhawk.id}`]: { status: 404, body: { error: 'Aircraft not found' } },
    });
    renderRoutes(route, '/account/aircraft');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete 172S N100' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    const toast = (await screen.findByText('Failed to delete aircraft')).closest('[data-part="root"]') as HTMLElement;
    expect(toast).toHaveAttribute('data-type', 'error');
    expect(within(toast).getByText('Aircraft not found')).toBeInTheDocument();
  });

  it('stars another aircraft as the default', async () => {
    const api = fakeApi({
      ...signedIn,
      ...catalogue,
      'GET /api/aircraft': { status: 200, body: [skyhawk, skylane] },
      [`POST /api/aircraft/${skylane.id}/set-default`]: { status: 200, body: { ...skylane, isDefault: true } },
    });
    renderRoutes(route, '/account/aircraft');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Set 182T N200 as default' }));
    expect(await screen.findByText('Default Aircraft Updated')).toBeInTheDocument();
    expect(api.callsTo(`POST /api/aircraft/${skylane.id}/set-default`)).toHaveLength(1);
  });

  it('edits the tail number: uppercased, the name regenerated, only changes sent', async () => {
    const api = fakeApi({
      ...signedIn,
      ...catalogue,
      'GET /api/aircraft': { status: 200, body: [skyhawk] },
      [`PATCH /api/aircraft/${skyhawk.id}`]: {
        status: 200,
        body: { ...skyhawk, tailNumber: 'N999', name: '172S N999' },
      },
    });
    renderRoutes(route, '/account/aircraft');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit 172S N100' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Aircraft' });
    // The dialog moves focus into itself once it has opened (asynchronously), not as it renders.
    await waitFor(() => expect(within(dialog).getByLabelText('Name')).toHaveFocus());
    await user.clear(within(dialog).getByLabelText('Tail Number'));
    await user.type(within(dialog).getByLabelText('Tail Number'), 'n999');
    expect(within(dialog).getByLabelText('Tail Number')).toHaveValue('N999');
    expect(within(dialog).getByLabelText('Name')).toHaveValue('172S N999');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Aircraft updated')).toBeInTheDocument();
    expect(api.callsTo(`PATCH /api/aircraft/${skyhawk.id}`)[0].body).toEqual({ tailNumber: 'N999', name: '172S N999' });
  });

  it('opens "Add New Aircraft" by itself when the open-aircraft-modal flag is set, then clears the flag', async () => {
    localStorage.setItem(OPEN_ADD_AIRCRAFT_FLAG, 'true');
    fakeApi({ ...signedIn, ...catalogue, 'GET /api/aircraft': { status: 200, body: [] } });
    renderRoutes(route, '/account/aircraft');
    const dialog = await screen.findByRole('dialog', { name: 'Add New Aircraft' });
    expect(within(dialog).queryByRole('tablist')).not.toBeInTheDocument();
    expect(await within(dialog).findByRole('button', { name: 'Next' })).toBeDisabled();
    expect(localStorage.getItem(OPEN_ADD_AIRCRAFT_FLAG)).toBeNull();
  });

  it('/account/aircraft/new sets the flag and redirects to /account/aircraft, where the add dialog opens', async () => {
    fakeApi({ ...signedIn, ...catalogue, 'GET /api/aircraft': { status: 200, body: [] } });
    const { router } = renderRoutes(
      [...route, { path: '/account/aircraft/new', element: <OpenAddAircraftRedirect /> }],
      '/account/aircraft/new',
    );
    expect(await screen.findByRole('dialog', { name: 'Add New Aircraft' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account/aircraft');
    expect(localStorage.getItem(OPEN_ADD_AIRCRAFT_FLAG)).toBeNull();
  });

  it('opens "Add New Aircraft" for ?add=1 (a link from another remote) and drops the parameter from the address', async () => {
    fakeApi({ ...signedIn, ...catalogue, 'GET /api/aircraft': { status: 200, body: [] } });
    const { router } = renderRoutes(route, '/account/aircraft?add=1');
    expect(await screen.findByRole('dialog', { name: 'Add New Aircraft' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/account/aircraft');
  });

  it('does not open the add dialog without the flag or the parameter', async () => {
    fakeApi({ ...signedIn, ...catalogue, 'GET /api/aircraft': { status: 200, body: [] } });
    renderRoutes(route, '/account/aircraft?add=0');
    expect(await screen.findByRole('heading', { name: 'No Aircraft Found' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
