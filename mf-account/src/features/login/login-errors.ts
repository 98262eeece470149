import { INVITE_ONLY_TOAST_DURATION_MS, isApiError, type ToastOptions } from '@rampquote/web-kit';

/**
 * Login error mapping of spec section 8, in two layers, combined like this:
 * - the TOAST (title "Login failed", destructive) carries the catalogue text: "Invalid request data" →
 *   "Please enter both email and password"; a message containing 401 or Unauthorized, or a 401 status → "Incorrect
 *   email or password"; otherwise "Login failed. Please check your credentials and try again.";
 * - the login PAGE shows its own, more specific text in an inline alert above the form ("Invalid credentials" /
 *   "Invalid email or password" → "Invalid email or password. Please try again."; "User not found" → "No account
 *   found with this email. Please register first."; any other message as is; no message (e.g. the network is
 *   down) → "Login failed. Please check your connection and try again."; something that is not an error at all →
 *   "Login failed. Please try again later.").
 * - beta_access_required is not an error: one neutral toast "Thanks for your interest!" with the invite-only
 *   message for 8 seconds, no inline alert, nothing raised.
 * Matching is on the message built by the shared request helper (web-kit), as the spec describes it.
 */
export const LOGIN_FAILED_TITLE = 'Login failed';
export const BETA_TOAST_TITLE = 'Thanks for your interest!';
export const INVITE_ONLY_FALLBACK =
  "RampQuote is invite-only during the beta. We'll e-mail you as soon as your access is open.";

export const LoginMessages = {
  invalidRequest: 'Please enter both email and password',
  unauthorized: 'Incorrect email or password',
  toastDefault: 'Login failed. Please check your credentials and try again.',
  invalidCredentials: 'Invalid email or password. Please try again.',
  userNotFound: 'No account found with this email. Please register first.',
  noMessage: 'Login failed. Please check your connection and try again.',
  finalFallback: 'Login failed. Please try again later.',
} as const;

export interface LoginErrorOutcome {
  toast: ToastOptions;
  /** Text of the inline alert on the login page; absent when nothing is raised (the beta notice). */
  pageMessage?: string;
}

function messageOf(error: unknown): string | undefined {
  if (isApiError(error)) {
    // No response at all: there is no server message to show.
    if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR') return '';
    return error.message;
  }
  if (error instanceof Error) return error.message;
  return undefined;
}

function inviteOnlyText(error: unknown, message: string): string {
  const detail = isApiError(error) ? error.body?.details?.find((d) => d.message)?.message : undefined;
  if (detail) return detail;
  const afterMarker = message.split('beta_access_required:')[1]?.trim();
  return afterMarker || INVITE_ONLY_FALLBACK;
}

export function loginErrorOutcome(error: unknown): LoginErrorOutcome {
  const message = messageOf(error);
  const text = message ?? '';

  if (text.includes('beta_access_required')) {
    return {
      toast: {
        title: BETA_TOAST_TITLE,
        description: inviteOnlyText(error, text),
        type: 'info',
        duration: INVITE_ONLY_TOAST_DURATION_MS,
      },
    };
  }

  let toastText: string = LoginMessages.toastDefault;
  if (text.includes('Invalid request data')) toastText = LoginMessages.invalidRequest;
  // Our gateway answers a wrong password with status 401 and the text "Invalid email or password": the status
  // counts as the "401" the catalogue looks for, so the toast says "Incorrect email or password".
  else if (text.includes('401') || text.includes('Unauthorized') || (isApiError(error) && error.status === 401)) {
    toastText = LoginMessages.unauthorized;
  }

  let pageMessage: string;
  if (message === undefined) pageMessage = LoginMessages.finalFallback;
  else if (text.includes('Invalid credentials') || text.includes('Invalid email or password'))
    pageMessage = LoginMessages.invalidCredentials;
  else if (text.includes('User not found')) pageMessage = LoginMessages.userNotFound;
  else if (text) pageMessage = text;
  else pageMessage = LoginMessages.noMessage;

  return { toast: { title: LOGIN_FAILED_TITLE, description: toastText, type: 'error' }, pageMessage };
}
