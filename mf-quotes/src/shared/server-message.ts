import { isApiError, UNEXPECTED_ERROR } from '@rampquote/web-kit';

/**
 * "The server message, or <fallback>" of spec section 8: what the server said when it answered with one; the
 * page's own text for a failure without a message (network down, an empty error body).
 */
export function serverMessageOr(error: unknown, fallback: string): string {
  if (isApiError(error) && typeof error.status === 'number' && error.message && error.message !== UNEXPECTED_ERROR)
    return error.message;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
