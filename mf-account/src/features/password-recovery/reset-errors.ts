import { errorMessage } from '@rampquote/web-kit';

/** The "Password reset failed" toast description (spec section 8). */
export function resetFailureMessage(error: unknown): string {
  const message = errorMessage(error);
  if (message.toLowerCase().includes('invalid or expired'))
    return 'Your password reset link is invalid or has expired. Please request a new one.';
  if (message.toLowerCase().includes('password requirements'))
    return "Your password doesn't meet the requirements. Please check and try again.";
  return message;
}
