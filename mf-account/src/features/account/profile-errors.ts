import { errorMessage } from '@rampquote/web-kit';

/** Title of the profile forms' failure toast (spec section 8). */
export const UPDATE_FAILED_TITLE = 'Update failed';

/** The "Update failed" toast description of the account profile form (spec section 8). */
export function profileUpdateFailureMessage(error: unknown): string {
  const message = errorMessage(error);
  if (message.includes('Invalid request data')) return 'Please check the form fields and try again';
  if (message.includes('Email already exists')) return 'This email is already registered to another account.';
  return 'Profile update failed. Please try again.';
}

/** The client profile form's failure description: the server message, or the fallback (spec section 8). */
export function clientProfileFailureMessage(error: unknown): string {
  return errorMessage(error) || 'Failed to update profile. Please try again.';
}
