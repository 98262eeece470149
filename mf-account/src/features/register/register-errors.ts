import { isApiError } from '@rampquote/web-kit';

/** Registration error mapping of spec section 8 (toast title "Registration failed", destructive). */
export const REGISTRATION_FAILED_TITLE = 'Registration failed';

export const RegisterMessages = {
  invalidRequest: 'Please complete all required fields',
  usernameTaken: 'This username is already taken. Please choose another.',
  emailTaken: 'This email is already registered. Please use another email or try logging in.',
  fallback: 'Registration failed. Please try again.',
} as const;

export interface RegisterErrorOutcome {
  description: string;
  /** The e-mail is taken: the message also goes on the email field. */
  emailField: boolean;
}

export function registerErrorOutcome(error: unknown): RegisterErrorOutcome {
  const message = isApiError(error) || error instanceof Error ? error.message : '';
  if (message.includes('Invalid request data'))
    return { description: RegisterMessages.invalidRequest, emailField: false };
  if (message.includes('Username already exists') || message.includes('already taken')) {
    return { description: RegisterMessages.usernameTaken, emailField: false };
  }
  if (message.includes('Email already exists') || message.includes('already registered')) {
    return { description: RegisterMessages.emailTaken, emailField: true };
  }
  return { description: message || RegisterMessages.fallback, emailField: false };
}
