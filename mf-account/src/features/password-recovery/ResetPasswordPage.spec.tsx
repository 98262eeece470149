import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearToasts, fakeApi, renderRoutes } from '@rampquote/web-kit/testing/render-page';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { ResetPasswordPage } from './ResetPasswordPage';

const routes = [
  { path: '/reset-password', element: <ResetPasswordPage /> },
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
];
const anonymous = { 'GET /api/auth/me': { status: 401, body: { error: 'Not authenticated' } } };
const field = (name: RegExp) => screen.getByLabelText(name, { selector: 'input' });

afterEach(() => clearToasts());

describe('Reset password page', () => {
  it('shows "Invalid Reset Link" with a way to /forgot-password without a token', async () => {
    fakeApi(anonymous);
    renderRoutes(routes, '/reset-password');
    expect(await screen.findByRole('heading', { name: 'Invalid Reset Link' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
    expect(await screen.findByText('Invalid reset link')).toBeInTheDocument();
  });

  it('checks off the five rules live and says "Passwords don\'t match"', async () => {
    const api = fakeApi(anonymous);
    renderRoutes(routes, '/reset-password?token=abc');
    await screen.findByRole('heading', { name: 'Reset Password' });
    const user = userEvent.setup();
    await user.type(field(/^New password/), 'Abcdefg1');
    const met = screen.getAllByRole('listitem').map((li) => li.getAttribute('data-met'));
    expect(met).toEqual(['true', 'true', 'true', 'true', 'false']);
    await user.type(field(/^Confirm new password/), 'Different#1');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
    expect(screen.getByText('Password must contain at least one special character')).toBeInTheDocument();
    expect(api.callsTo('POST /api/reset-password')).toHaveLength(0);
  });

  it('maps an expired link to the spec message', async () => {
    fakeApi({
      ...anonymous,
      'POST /api/reset-password': { status: 400, body: { error: 'This password reset link is invalid or expired' } },
    });
    renderRoutes(routes, '/reset-password?token=abc');
    await screen.findByRole('heading', { name: 'Reset Password' });
    const user = userEvent.setup();
    await user.type(field(/^New password/), 'N3w#Password');
    await user.type(field(/^Confirm new password/), 'N3w#Password');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Password reset failed')).toBeInTheDocument();
    expect(
      screen.getByText('Your password reset link is invalid or has expired. Please request a new one.'),
    ).toBeInTheDocument();
  });

  it('shows the success view after a reset', async () => {
    const api = fakeApi({ ...anonymous, 'POST /api/reset-password': { status: 200, body: { message: 'ok' } } });
    renderRoutes(routes, '/reset-password?token=tok');
    await screen.findByRole('heading', { name: 'Reset Password' });
    const user = userEvent.setup();
    await user.type(field(/^New password/), 'N3w#Password');
    await user.type(field(/^Confirm new password/), 'N3w#Password');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('heading', { name: 'Password Reset Successful' })).toBeInTheDocument();
    expect(api.callsTo('POST /api/reset-password')[0].body).toEqual({ token: 'tok', password: 'N3w#Password' });
  });
});

describe('Forgot password page', () => {
  it('validates the e-mail, then shows "Email Sent" even when the server fails', async () => {
    const api = fakeApi({ ...anonymous, 'POST /api/auth/forgot-password': { status: 500, body: { error: 'boom' } } });
    renderRoutes(routes, '/forgot-password');
    await screen.findByRole('heading', { name: 'Forgot Password' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    await user.type(field(/^Email/), 'pat@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('heading', { name: 'Email Sent' })).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/forgot-password')[0].body).toEqual({ email: 'pat@example.com' });
  });

  it('sends a signed-in user to /', async () => {
    fakeApi({
      'GET /api/auth/me': {
        status: 200,
        body: {
          id: '1',
          username: 'p',
          email: 'p@x.io',
          role: 'pilot',
          firstName: 'P',
          lastName: 'Q',
          companyName: null,
        },
      },
    });
    renderRoutes(routes, '/forgot-password');
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
  });
});
