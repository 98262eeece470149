import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearToasts, fakeApi, renderRoutes } from '@rampquote/web-kit/testing/render-page';
import { FBO_USER } from '../../../test/estimate-fixtures';
import { TeamPage } from './TeamPage';

const ME = 'GET /api/auth/me';
const MEMBERSHIPS = 'GET /api/fbo/memberships';
const MEMBERS = 'GET /api/fbo/f1/members';
const ADD = 'POST /api/fbo/f1/members';
const routes = [{ path: '/fbo-portal/team', element: <TeamPage /> }];
const membership = (role: 'manager' | 'staff') => ({
  fboId: 'f1',
  fboName: 'Alpha Jet Center',
  airport: { identifier: 'KBFI', name: 'Boeing Field' },
  role,
});
const member = (userId: string, email: string, role: 'manager' | 'staff') => ({
  userId,
  email,
  name: '',
  role,
  addedBy: null,
  addedAt: '2030-04-01T10:00:00.000Z',
});

afterEach(() => clearToasts());

describe('Team', () => {
  it('lets a manager add staff by e-mail and remove them', async () => {
    let members = [member('u1', 'demo-fbo-ksea-1@example.com', 'manager')];
    const api = fakeApi({
      [ME]: { status: 200, body: FBO_USER },
      [MEMBERSHIPS]: { status: 200, body: { memberships: [membership('manager')] } },
      [MEMBERS]: () => ({ status: 200, body: { fbo: { id: 'f1', name: 'Alpha Jet Center' }, members } }),
      [ADD]: (_url, body) => {
        const added = member('u2', (body as { email: string }).email, 'staff');
        members = [...members, added];
        return { status: 201, body: { status: 'added', member: added } };
      },
      'DELETE /api/fbo/f1/members/u2': () => {
        members = members.filter((m) => m.userId !== 'u2');
        return { status: 204 };
      },
    });
    renderRoutes(routes, '/fbo-portal/team');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('E-mail of their RampQuote account'), 'sam@alpha.example');
    await user.click(screen.getByRole('button', { name: 'Add to the team' }));
    const list = await screen.findByRole('list', { name: 'Team members' });
    expect(await within(list).findByText('sam@alpha.example', { selector: 'p' })).toBeInTheDocument();
    expect(api.callsTo(ADD)[0].body).toEqual({ email: 'sam@alpha.example', role: 'staff' });
    await user.click(screen.getByRole('button', { name: 'Remove sam@alpha.example' }));
    await waitFor(() =>
      expect(within(list).queryByText('sam@alpha.example', { selector: 'p' })).not.toBeInTheDocument(),
    );
  });

  it("shows the server's message when the e-mail has no account", async () => {
    fakeApi({
      [ME]: { status: 200, body: FBO_USER },
      [MEMBERSHIPS]: { status: 200, body: { memberships: [membership('manager')] } },
      [MEMBERS]: { status: 200, body: { fbo: { id: 'f1', name: 'Alpha Jet Center' }, members: [] } },
      [ADD]: {
        status: 404,
        body: { error: 'No RampQuote account uses ghost@alpha.example. Ask them to register, then add them again.' },
      },
    });
    renderRoutes(routes, '/fbo-portal/team');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('E-mail of their RampQuote account'), 'ghost@alpha.example');
    await user.click(screen.getByRole('button', { name: 'Add to the team' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No RampQuote account uses ghost@alpha.example. Ask them to register, then add them again.',
    );
  });

  it('shows staff the team without add or remove', async () => {
    fakeApi({
      [ME]: { status: 200, body: FBO_USER },
      [MEMBERSHIPS]: { status: 200, body: { memberships: [membership('staff')] } },
      [MEMBERS]: {
        status: 200,
        body: { fbo: { id: 'f1', name: 'Alpha Jet Center' }, members: [member('u1', 'boss@alpha.example', 'manager')] },
      },
    });
    renderRoutes(routes, '/fbo-portal/team');
    expect(await screen.findByText('Only a manager of this FBO can add or remove members.')).toBeInTheDocument();
    expect(await screen.findByText('boss@alpha.example', { selector: 'p' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add to the team' })).not.toBeInTheDocument();
  });

  it('offers to try again when the team cannot be loaded', async () => {
    fakeApi({
      [ME]: { status: 200, body: FBO_USER },
      [MEMBERSHIPS]: { status: 200, body: { memberships: [membership('manager')] } },
      [MEMBERS]: { status: 503, body: { error: 'Service unavailable' } },
    });
    renderRoutes(routes, '/fbo-portal/team');
    expect(await screen.findByRole('heading', { name: 'The team could not be loaded' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
