import type { AdminFboDto, FboMemberDto } from '@rampquote/contracts';
import { clearToasts, fakeApi, renderRoutes } from '@rampquote/web-kit/testing/render-page';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FboDirectoryCard } from './FboDirectoryCard';
import { MEMBERS_TEXTS } from './FboMembersPanel';

const KSEA = { id: 'a-ksea', identifier: 'KSEA', code: 'SEA', name: 'Seattle-Tacoma International' };
const ALPHA: AdminFboDto = {
  id: 'f1',
  name: 'Alpha Jet Center',
  email: 'frontdesk@alpha.example',
  phone: null,
  logo: null,
  active: true,
  airport: KSEA,
};
const MEMBERS = 'GET /api/admin/fbos/f1/members';
const ADD = 'POST /api/admin/fbos/f1/members';
const member = (userId: string, email: string, role: 'manager' | 'staff'): FboMemberDto => ({
  userId,
  email,
  name: 'Dana Desk',
  role,
  addedBy: 'admin-1',
  addedAt: '2030-04-01T10:00:00.000Z',
});

afterEach(() => clearToasts());

async function openMembers() {
  renderRoutes([{ path: '/admin', element: <FboDirectoryCard /> }], '/admin');
  const u = userEvent.setup({ delay: null });
  await u.click(await screen.findByRole('button', { name: 'Members of Alpha Jet Center' }));
  return u;
}

describe('Admin FBO directory: members', () => {
  it('lists none, adds a registered user by e-mail, and removes them', async () => {
    let members: FboMemberDto[] = [];
    const api = fakeApi({
      'GET /api/admin/fbos': { status: 200, body: { fbos: [ALPHA] } },
      [MEMBERS]: () => ({ status: 200, body: { fbo: { id: 'f1', name: ALPHA.name }, members } }),
      [ADD]: (_url, body) => {
        const added = member('u1', (body as { email: string }).email, 'manager');
        members = [added];
        return { status: 201, body: { status: 'added', member: added } };
      },
      'DELETE /api/admin/fbos/f1/members/u1': () => {
        members = [];
        return { status: 204 };
      },
    });
    const u = await openMembers();
    expect(await screen.findByText(MEMBERS_TEXTS.empty)).toBeInTheDocument();
    await u.type(screen.getByLabelText('Member e-mail'), 'dana@alpha.example');
    await u.click(screen.getByRole('button', { name: 'Add member' }));
    const list = await screen.findByRole('list', { name: 'Members of Alpha Jet Center' });
    expect(within(list).getByText('Dana Desk · dana@alpha.example · Manager')).toBeInTheDocument();
    expect(api.callsTo(ADD)[0].body).toEqual({ email: 'dana@alpha.example', role: 'manager' });
    await u.click(screen.getByRole('button', { name: 'Remove dana@alpha.example from Alpha Jet Center' }));
    expect(await screen.findByText(MEMBERS_TEXTS.empty)).toBeInTheDocument();
  });

  it('says an unknown e-mail was invited to register', async () => {
    const message =
      'No RampQuote account uses new@alpha.example yet: it is invited to register. Add it here once the account exists.';
    fakeApi({
      'GET /api/admin/fbos': { status: 200, body: { fbos: [ALPHA] } },
      [MEMBERS]: { status: 200, body: { fbo: { id: 'f1', name: ALPHA.name }, members: [] } },
      [ADD]: { status: 201, body: { status: 'invited', email: 'new@alpha.example', message } },
    });
    const u = await openMembers();
    await u.type(await screen.findByLabelText('Member e-mail'), 'new@alpha.example');
    await u.click(screen.getByRole('button', { name: 'Add member' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it("shows the field's message for a bad e-mail", async () => {
    fakeApi({
      'GET /api/admin/fbos': { status: 200, body: { fbos: [ALPHA] } },
      [MEMBERS]: { status: 200, body: { fbo: { id: 'f1', name: ALPHA.name }, members: [] } },
      [ADD]: {
        status: 400,
        body: {
          error: 'Invalid request data',
          details: [{ field: 'email', message: 'Please enter a valid email address' }],
        },
      },
    });
    const u = await openMembers();
    await u.type(await screen.findByLabelText('Member e-mail'), 'nope');
    await u.click(screen.getByRole('button', { name: 'Add member' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid email address');
  });

  it('offers to try again when the members cannot be loaded', async () => {
    const api = fakeApi({
      'GET /api/admin/fbos': { status: 200, body: { fbos: [ALPHA] } },
      [MEMBERS]: { status: 503, body: { error: 'Service unavailable' } },
    });
    const u = await openMembers();
    expect(await screen.findByText(MEMBERS_TEXTS.loadFailed)).toBeInTheDocument();
    api.set(MEMBERS, { status: 200, body: { fbo: { id: 'f1', name: ALPHA.name }, members: [] } });
    await u.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByText(MEMBERS_TEXTS.empty)).toBeInTheDocument());
  });
});
