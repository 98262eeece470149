import { AircraftMessages } from '@rampquote/contracts';
import { errorMessage, isApiError, toast } from '@rampquote/web-kit';

/** Aircraft toasts of spec section 8: all failures destructive; the description is the server message or the fallback. */
export type AircraftFailure = 'save' | 'add' | 'update' | 'delete' | 'setDefault';

const TITLES: Record<AircraftFailure, string> = {
  save: 'Failed to save aircraft',
  add: 'Failed to add aircraft',
  update: 'Failed to update aircraft',
  delete: 'Failed to delete aircraft',
  setDefault: 'Failed to update default aircraft',
};

const FALLBACKS: Record<AircraftFailure, string> = {
  save: 'Please check all fields and try again',
  add: 'Please check all fields and try again',
  update: 'Please check all fields and try again',
  delete: 'An error occurred while deleting the aircraft',
  setDefault: 'Please try again',
};

/** The session-expired texts of spec section 8 ("Authentication required"). */
export const SESSION_EXPIRED_SAVE = 'Your session has expired. Please log in again to save aircraft';
export const SESSION_EXPIRED_REFRESH = 'Your session has expired. Please refresh the page and log in again';
export const LOG_IN_TO_UPDATE = 'Please log in to update aircraft';

function isUnauthenticated(error: unknown): boolean {
  return (
    (isApiError(error) && error.status === 401) || errorMessage(error).includes(AircraftMessages.authenticationRequired)
  );
}

/** The description a failure toast carries. */
export function aircraftFailureDescription(kind: AircraftFailure, error: unknown): string {
  if (isUnauthenticated(error)) {
    if (kind === 'save' || kind === 'add') return SESSION_EXPIRED_SAVE;
    if (kind === 'update') return LOG_IN_TO_UPDATE;
    return SESSION_EXPIRED_REFRESH;
  }
  return errorMessage(error) || FALLBACKS[kind];
}

export function toastAircraftFailure(kind: AircraftFailure, error: unknown): void {
  toast({ title: TITLES[kind], description: aircraftFailureDescription(kind, error), type: 'error' });
}

export function toastAircraftSuccess(
  title: 'Aircraft saved' | 'Aircraft updated' | 'Aircraft deleted' | 'Aircraft Added' | 'Default Aircraft Updated',
  description?: string,
): void {
  toast({ title, description, type: 'success' });
}
