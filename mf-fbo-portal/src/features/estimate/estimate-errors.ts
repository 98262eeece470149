import { FboQuoteMessages } from '@rampquote/contracts';
import { isApiError, UNEXPECTED_ERROR, type ToastOptions } from '@rampquote/web-kit';

/** What a failed answer (submit or decline) shows, and whether the page should re-read where the request stands. */
export interface AnswerFailure {
  toast: ToastOptions;
  /** 409 / 410: the invitation is no longer open; reading the page again shows its state screen. */
  reload: boolean;
}

export const DECLINE_ERROR_TITLE = 'Error Declining Request';
export const DECLINE_ERROR_FALLBACK = 'There was an error declining this request. Please try again.';
/** The decline dialog's own code could not be fetched (it loads when first wanted: components/EstimateForm.tsx). */
export const DECLINE_LOAD_FAILED = 'The decline form could not be loaded. Check your connection and try again.';

/** The server's message when it sent one; `fallback` for a failure without one (network down, empty body). */
export function serverMessageOr(error: unknown, fallback: string): string {
  if (isApiError(error) && typeof error.status === 'number' && error.message && error.message !== UNEXPECTED_ERROR)
    return error.message;
  return fallback;
}

function closedRequest(error: unknown): AnswerFailure {
  const message = isApiError(error) ? (error.body?.error ?? error.message) : '';
  const title = message === FboQuoteMessages.expired ? FboQuoteMessages.expiredTitle : FboQuoteMessages.withdrawnTitle;
  return {
    toast: { title, description: serverMessageOr(error, FboQuoteMessages.withdrawn), type: 'error' },
    reload: true,
  };
}

/** Spec section 8: 403 'Unauthorized', 409 'Quote Already Submitted', otherwise 'Error Submitting Quote'. */
export function submitFailure(error: unknown): AnswerFailure {
  const status = isApiError(error) ? error.status : null;
  if (status === 403)
    return {
      toast: { title: FboQuoteMessages.forbiddenTitle, description: FboQuoteMessages.forbidden, type: 'error' },
      reload: false,
    };
  if (status === 409)
    return {
      toast: {
        title: FboQuoteMessages.alreadySubmittedTitle,
        description: FboQuoteMessages.alreadySubmitted,
        type: 'error',
      },
      reload: true,
    };
  if (status === 410) return closedRequest(error);
  return {
    toast: {
      title: FboQuoteMessages.submitErrorTitle,
      description: serverMessageOr(error, FboQuoteMessages.submitErrorFallback),
      type: 'error',
    },
    reload: false,
  };
}

/** The decline's failures follow the same rules, with its own title for the rest. */
export function declineFailure(error: unknown): AnswerFailure {
  const status = isApiError(error) ? error.status : null;
  if (status === 403)
    return {
      toast: { title: FboQuoteMessages.forbiddenTitle, description: FboQuoteMessages.forbidden, type: 'error' },
      reload: false,
    };
  if (status === 409) {
    const title =
      serverMessageOr(error, '') === FboQuoteMessages.alreadyDeclined
        ? 'Request Already Declined'
        : FboQuoteMessages.alreadySubmittedTitle;
    return {
      toast: { title, description: serverMessageOr(error, FboQuoteMessages.alreadySubmitted), type: 'error' },
      reload: true,
    };
  }
  if (status === 410) return closedRequest(error);
  return {
    toast: { title: DECLINE_ERROR_TITLE, description: serverMessageOr(error, DECLINE_ERROR_FALLBACK), type: 'error' },
    reload: false,
  };
}
