import { errorMessage } from '@rampquote/web-kit';

/** The "Update failed" toast description (spec section 8). */
export function profileUpdateFailureMessage(error: unknown): string {
  const message = errorMessage(error);
  if (message.includes('Invalid request data')) return 'Please check the form fields and try again';
  if (message.includes('Email already exists')) return 'This email is already registered to another account.';
  return 'Profile update failed. Please try again.';
}
