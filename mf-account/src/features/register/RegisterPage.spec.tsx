import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { clearToasts, fakeApi, renderRoutes } from '@rampquote/web-kit/testing/render-page';
import { PENDING_AIRCRAFT_KEY } from '../../shared/pending-aircraft';
import { RegisterPage } from './RegisterPage';

const registerRoute = [{ path: '/register', element: <RegisterPage /> }];
const anonymous = { 'GET /api/auth/me': { status: 401, body: { error: 'Not authenticated' } } };

afterEach(() => {
  clearToasts();
  localStorage.clear();
});

const field = (name: RegExp) => screen.getByLabelText(name, { selector: 'input' });

async function fill(
  user: UserEvent,
  values: Partial<Record<'first' | 'last' | 'email' | 'password' | 'confirm' | 'company', string>>,
) {
  if (values.first) await user.type(field(/^First name/), values.first);
  if (values.last) await user.type(field(/^Last name/), values.last);
  if (values.email) await user.type(field(/^Email/), values.email);
  if (values.password) await user.type(field(/^Password/), values.password);
  if (values.confirm) await user.type(field(/^Confirm password/), values.confirm);
  if (values.company) await user.type(field(/^Company name/), values.company);
}

async function openPage(url = '/register') {
  renderRoutes(registerRoute, url);
  await screen.findByRole('heading', { name: 'Create an Account' });
  return userEvent.setup();
}

const submit = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Create Account' }));

describe('Register page', () => {
  it('shows the spec message of each required field', async () => {
    const api = fakeApi(anonymous);
    const user = await openPage();
    await submit(user);
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(field(/^Password/)).toHaveAccessibleDescription(
      expect.stringContaining('Password must be at least 8 characters'),
    );
    expect(field(/^First name/)).toHaveAccessibleDescription('First name is required');
    expect(api.callsTo('POST /api/auth/register')).toHaveLength(0);
  });

  it.each([
    ['Ab#1xyz', 'Password must be at least 8 characters'],
    ['abcdef#1', 'Password must contain at least one uppercase letter'],
    ['ABCDEF#1', 'Password must contain at least one lowercase letter'],
    ['Abcdefg#', 'Password must contain at least one number'],
    ['Abcdefg1', 'Password must contain at least one special character'],
  ])('rejects the password %s with "%s"', async (password, message) => {
    fakeApi(anonymous);
    const user = await openPage();
    await fill(user, { password, confirm: password });
    await submit(user);
    expect(await screen.findByRole('alertdialog')).toBeInTheDocument();
    expect(field(/^Password/)).toHaveAccessibleDescription(expect.stringContaining(message));
  });

  it('says "Passwords do not match" when the confirmation differs', async () => {
    fakeApi(anonymous);
    const user = await openPage();
    await fill(user, {
      first: 'Pat',
      last: 'Pilot',
      email: 'pat@example.com',
      password: 'Secret#123',
      confirm: 'Secret#124',
    });
    await submit(user);
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(field(/^Confirm password/)).toHaveAccessibleDescription('Passwords do not match');
  });

  it('lists the failed password rules in the "Password Requirements Not Met" dialog, and Try Again returns to the field', async () => {
    fakeApi(anonymous);
    const user = await openPage();
    await fill(user, { first: 'Pat', last: 'Pilot', email: 'pat@example.com', password: 'abc', confirm: 'abc' });
    await submit(user);
    const dialog = await screen.findByRole('alertdialog', { name: 'Password Requirements Not Met' });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Password must be at least 8 characters',
      'Password must contain at least one uppercase letter',
      'Password must contain at least one number',
      'Password must contain at least one special character',
    ]);
    const tryAgain = within(dialog).getByRole('button', { name: 'Try Again' });
    await waitFor(() => expect(tryAgain).toHaveFocus());
    await user.click(tryAgain);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(field(/^Password/)).toHaveFocus());
  });

  it('puts "already registered" on the email field and toasts "Registration failed" when the e-mail is taken', async () => {
    fakeApi({
      ...anonymous,
      'POST /api/auth/register': {
        status: 409,
        body: { error: 'Email already exists', details: [{ field: 'email', message: 'Email already exists' }] },
      },
    });
    const user = await openPage();
    await fill(user, {
      first: 'Pat',
      last: 'Pilot',
      email: 'pilot@rampquote.dev',
      password: 'Secret#123',
      confirm: 'Secret#123',
    });
    await submit(user);
    const message = 'This email is already registered. Please use another email or try logging in.';
    await waitFor(() => expect(field(/^Email/)).toHaveAccessibleDescription(message));
    const toast = (await screen.findByText('Registration failed')).closest('[data-part="root"]') as HTMLElement;
    expect(within(toast).getByText(message)).toBeInTheDocument();
    expect(toast).toHaveAttribute('data-type', 'error');
  });

  it('sends the draft aircraft profile name and shows the invite-only notice instead of signing in', async () => {
    localStorage.setItem(
      PENDING_AIRCRAFT_KEY,
      JSON.stringify({ make: 'Cessna', model: 'Citation CJ3', tailNumber: 'n123ab' }),
    );
    const notice =
      "Thanks for registering! RampQuote is invite-only during the beta; we'll e-mail you as soon as your access is open.";
    const api = fakeApi({
      ...anonymous,
      'POST /api/auth/register': {
        status: 201,
        body: { message: notice, user: { id: 'u9', email: 'pat@example.com' } },
      },
    });
    const user = await openPage('/register?returnPath=%2Faircraftinfo');
    await fill(user, {
      first: 'Pat',
      last: 'Pilot',
      email: 'pat@example.com',
      password: 'Secret#123',
      confirm: 'Secret#123',
      company: 'Jet Co',
    });
    await user.click(screen.getByText('FBO / service provider'));
    await submit(user);
    expect(await screen.findByText(notice)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute(
      'href',
      '/login?returnPath=%2Faircraftinfo',
    );
    expect(api.callsTo('POST /api/auth/register')[0].body).toEqual({
      firstName: 'Pat',
      lastName: 'Pilot',
      email: 'pat@example.com',
      password: 'Secret#123',
      role: 'fbo',
      companyName: 'Jet Co',
      aircraftProfileName: 'Citation N123AB',
    });
    expect(api.callsTo('POST /api/auth/login')).toHaveLength(0);
  });
});
