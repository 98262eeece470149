/**
 * The shared request helper's message rule (spec accounts-aircraft-billing, section 8), to the letter:
 * - body is JSON with an `error` field: that text; when it also has a `details` array, `: ` and the message
 *   of each detail joined by `, ` are appended;
 * - body is JSON without an `error` field: the body itself when it is a string, else "An unexpected error occurred";
 * - body is not JSON: the raw text, else the status text, else "An unexpected error occurred".
 */
export const UNEXPECTED_ERROR = 'An unexpected error occurred';

export function buildErrorMessage(rawBody: string | null | undefined, statusText?: string | null): string {
  const text = rawBody ?? '';
  let parsed: unknown;
  let isJson = false;
  if (text !== '') {
    try {
      parsed = JSON.parse(text);
      isJson = true;
    } catch {
      isJson = false;
    }
  }
  if (isJson) {
    if (parsed !== null && typeof parsed === 'object' && 'error' in parsed && (parsed as { error: unknown }).error) {
      const body = parsed as { error: unknown; details?: unknown };
      let message = String(body.error);
      if (Array.isArray(body.details)) {
        message += ': ' + body.details.map(detailMessage).join(', ');
      }
      return message;
    }
    return typeof parsed === 'string' ? parsed : UNEXPECTED_ERROR;
  }
  if (text !== '') return text;
  if (statusText) return statusText;
  return UNEXPECTED_ERROR;
}

function detailMessage(detail: unknown): string {
  if (detail !== null && typeof detail === 'object' && 'message' in detail) {
    return String((detail as { message: unknown }).message);
  }
  return typeof detail === 'string' ? detail : '';
}
