import type { ApiError } from '@rampquote/web-kit';
import { loginErrorOutcome, LoginMessages } from './login-errors';

const apiError = (status: ApiError['status'], message: string, body?: ApiError['body']): ApiError => ({
  status,
  message,
  body,
});

describe('login error mapping (spec section 8)', () => {
  it('asks for both fields on "Invalid request data"', () => {
    const outcome = loginErrorOutcome(apiError(400, 'Invalid request data: Password is required'));
    expect(outcome.toast).toMatchObject({
      title: 'Login failed',
      description: 'Please enter both email and password',
      type: 'error',
    });
    expect(outcome.pageMessage).toBe('Invalid request data: Password is required');
  });

  it('says "Incorrect email or password" in the toast when the message contains 401 or Unauthorized', () => {
    expect(loginErrorOutcome(apiError(401, 'Unauthorized')).toast.description).toBe('Incorrect email or password');
    expect(loginErrorOutcome(new Error('401: nope')).toast.description).toBe('Incorrect email or password');
  });

  it('maps a 401 "Invalid email or password" to the page text and "Incorrect email or password" in the toast', () => {
    const outcome = loginErrorOutcome(apiError(401, 'Invalid email or password'));
    expect(outcome.toast.description).toBe('Incorrect email or password');
    expect(loginErrorOutcome(apiError(400, 'Invalid email or password')).toast.description).toBe(
      LoginMessages.toastDefault,
    );
    expect(outcome.pageMessage).toBe('Invalid email or password. Please try again.');
    expect(loginErrorOutcome(apiError(401, 'Invalid credentials')).pageMessage).toBe(
      'Invalid email or password. Please try again.',
    );
  });

  it('tells an unknown e-mail to register', () => {
    expect(loginErrorOutcome(apiError(404, 'User not found')).pageMessage).toBe(
      'No account found with this email. Please register first.',
    );
  });

  it('shows other messages as they are', () => {
    const message = 'Too many login attempts. Please wait 15 minutes and try again.';
    expect(loginErrorOutcome(apiError(429, message)).pageMessage).toBe(message);
  });

  it('points at the connection when there is no message, and falls back for anything else', () => {
    expect(loginErrorOutcome(apiError('FETCH_ERROR', 'Failed to fetch')).pageMessage).toBe(
      'Login failed. Please check your connection and try again.',
    );
    expect(loginErrorOutcome(undefined).pageMessage).toBe('Login failed. Please try again later.');
  });

  it('turns beta_access_required into the neutral 8-second invite-only toast with no page message', () => {
    const invite = "RampQuote is invite-only during the beta. We'll e-mail you as soon as your access is open.";
    const outcome = loginErrorOutcome(
      apiError(403, `beta_access_required: ${invite}`, {
        error: 'beta_access_required',
        details: [{ message: invite }],
      }),
    );
    expect(outcome).toEqual({
      toast: { title: 'Thanks for your interest!', description: invite, type: 'info', duration: 8000 },
    });
  });
});
