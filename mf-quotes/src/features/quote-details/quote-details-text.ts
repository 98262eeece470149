import type { EstimateServiceKey, QuoteRequestStatus } from '@rampquote/contracts';

/** The request's status in words. */
export const STATUS_LABELS: Record<QuoteRequestStatus, string> = {
  pending: 'Pending',
  responses_received: 'Responses Received',
  completed: 'Completed',
  cancelled: 'Cancelled',
  'booked-pending': 'Booking requested',
  booked: 'Booked',
};

/** A request that can still receive answers (and be cancelled). */
export const isOpenStatus = (status: QuoteRequestStatus) => status === 'pending' || status === 'responses_received';

/** The estimate's service keys as the pilot reads them. */
export const SERVICE_LINE_LABELS: Record<EstimateServiceKey, string> = {
  dedicatedFuel: 'Fuel',
  fuel: 'Fuel service',
  hangar: 'Hangar',
  cleaning: 'Cleaning',
  lavatory: 'Lavatory service',
  catering: 'Catering',
  coffee: 'Coffee',
  ice: 'Ice',
  potableWater: 'Potable water',
  gpu: 'GPU',
  newspapers: 'Newspapers',
};

export { readableNotes } from '../../shared/readable-notes';

/** The mailto link of the contact action: the quote ID in the subject. */
export function contactHref(email: string, uniqueId: string): string {
  return `mailto:${email}?subject=${encodeURIComponent(`Quote request ${uniqueId}`)}`;
}

export const CANCEL_FAILED = 'Failed to cancel the quote request.';
export const NOTIFICATIONS_FAILED = 'Failed to save your notification preferences.';
