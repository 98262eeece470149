/**
 * The plain values of the quote workflow: request statuses, the business constants of spec section 9, the request
 * messages, the notification labels and the live-update event names. No zod here: a page that shows a status or a
 * message does not carry the schemas (quote-requests.ts, which re-exports all of this as part of its API).
 */

// ---------------------------------------------------------------------------------------------------------
// Status.

/**
 * Stored status of a request. `responses_received` from the first answer, `completed` when every invited FBO answered;
 * `booked-pending` once the pilot chose an FBO (until it confirms), `booked` once it confirmed.
 */
export const QUOTE_REQUEST_STATUSES = [
  'pending',
  'responses_received',
  'completed',
  'cancelled',
  'booked-pending',
  'booked',
] as const;
export type QuoteRequestStatus = (typeof QUOTE_REQUEST_STATUSES)[number];

/** My Quotes' derived status (spec section 4): Complete when responseCount >= totalFbosCount > 0. */
export function isQuoteComplete(row: { responseCount: number; totalFbosCount: number }): boolean {
  return row.totalFbosCount > 0 && row.responseCount >= row.totalFbosCount;
}

/** Percentage of answers, rounded; 0 when there is no FBO (spec section 4). */
export function responsePercentage(row: { responseCount: number; totalFbosCount: number }): number {
  return row.totalFbosCount > 0 ? Math.round((row.responseCount / row.totalFbosCount) * 100) : 0;
}

// ---------------------------------------------------------------------------------------------------------
// Business constants of spec section 9.

export const GPU_DURATION = { min: 15, max: 120, step: 15, default: 15 } as const;
export const AIR_CART_DURATION = GPU_DURATION;
export const POTABLE_WATER_RANGE = { min: 1, max: 50, default: 5 } as const;
export const ICE_RANGE = { min: 2, max: 20, default: 8 } as const;
export const NEWSPAPERS_RANGE = { min: 1, max: 4, default: 1 } as const;
export const COFFEE_TYPES = ['regular', 'decaf', 'both'] as const;
export const DEFAULT_COFFEE_TYPE = 'regular';
export const HANGAR_PRIORITIES = ['low', 'medium', 'high'] as const;
export const DEFAULT_HANGAR_PRIORITY = 'medium';
export const LAV_SERVICE_TYPES = ['dry', 'wet'] as const;
export const DEICING_TYPES = ['I', 'II', 'III', 'IV'] as const;
/** Largest fuel amount accepted (gallons or liters). */
export const FUEL_AMOUNT_MAX = 100_000;
export const QUOTE_NOTES_MAX_LENGTH = 5000;
/** At most this many FBOs per request. */
export const MAX_SELECTED_FBOS = 50;

/** The request form's fuel type flags (one at a time) and the grade each names. */
export const FUEL_TYPE_FLAGS = {
  fuel100LL: '100LL',
  fuelJetA: 'Jet A',
  fuelJetAPositive: 'Jet A (with additive)',
  fuelJetANegative: 'Jet A (without additive)',
  fuelJetA1: 'Jet A-1',
  fuelJP4: 'JP-4',
  fuelUL94: 'UL94',
  fuelMOGAS: 'MOGAS',
  fuelBiodiesel: 'Biodiesel',
} as const;
export type FuelTypeFlag = keyof typeof FUEL_TYPE_FLAGS;
export const FUEL_TYPE_FLAG_KEYS = Object.keys(FUEL_TYPE_FLAGS) as FuelTypeFlag[];

/** Which units the amounts of a request are in (the user's preferredUnits): gallons/lbs or liters/kg. */
export const QUOTE_UNITS = ['standard', 'metric'] as const;
export type QuoteUnits = (typeof QUOTE_UNITS)[number];
export const LITERS_PER_GALLON = 3.785411784;

// ---------------------------------------------------------------------------------------------------------
// Messages (spec section 5, plus the ranges of section 9).

export const QuoteRequestMessages = {
  invalidRequest: 'Invalid request data',
  departureAirport: 'Please select a departure airport',
  destinationAirport: 'Please select a destination airport',
  arrival: 'Please select arrival date and time',
  departure: 'Please select departure date and time',
  aircraft: 'Please select an aircraft',
  selectedFbos: 'Please select at least one FBO',
  tooManyFbos: `Select at most ${MAX_SELECTED_FBOS} FBOs`,
  /** A selected FBO is not (or no longer) listed at the destination airport. */
  fboNotAtDestination: 'Every selected FBO must be at the destination airport',
  /** The form's warning (not a blocking rule). */
  departureBeforeArrivalWarning: 'Departure must be after arrival',
  notesTooLong: `Notes must be at most ${QUOTE_NOTES_MAX_LENGTH} characters`,
  oneFuelType: 'Choose one fuel type',
  fuelAmount: `Fuel amount must be a number from 0 to ${FUEL_AMOUNT_MAX}`,
  gpuDuration: 'GPU duration must be 15 to 120 minutes in 15-minute steps',
  airCartDuration: 'Air cart duration must be 15 to 120 minutes in 15-minute steps',
  potableWater: 'Potable water must be between 1 and 50',
  ice: 'Ice must be between 2 and 20',
  newspapers: 'Newspapers must be between 1 and 4 sets',
  coffeeType: 'Coffee must be regular, decaf or both',
  hangarPriority: 'Hangar priority must be low, medium or high',
  lavServiceType: 'Lavatory service must be dry or wet',
  deicingType: 'De-icing type must be I, II, III or IV',
  units: 'Units must be standard or metric',
  /** Legacy wizard (spec section 5). */
  legacyDestination: 'Please select a destination airport.',
  legacyServices: 'Please select at least one service.',
  legacyDates: 'Please select arrival and departure dates.',
  legacyDepartureAfterArrival: 'Error: Departure time must be after arrival time.',
  legacySubmitErrorTitle: 'Error submitting quote request',
  legacySubmitErrorDescription: 'Please try again later.',
  /** 404 of every request route for a missing id or another user's request. */
  notFound: 'Quote request not found',
  aircraftNotFound: 'Aircraft not found',
  airportNotFound: (code: string) => `Airport ${code} not found`,
  /** Legacy wizard: the destination has no FBO to ask. */
  noFbosAtDestination: 'No FBOs found for this airport',
  /** 409 of DELETE on a request that is not complete (or cancelled). */
  deleteNotComplete: 'Only complete quote requests can be deleted; this one is still waiting for FBO responses',
  /** 409 of POST .../cancel. */
  cancelNotOpen: 'Only an open quote request can be cancelled; every FBO has already answered',
  alreadyCancelled: 'This quote request has already been cancelled',
  /** 502/503 when a neighbour service cannot be reached or answers wrongly. */
  neighbourUnavailable: (what: string) => `The ${what} service is unavailable; please try again in a moment`,
  neighbourFailed: (what: string) => `The ${what} service answered with an error; please try again in a moment`,
  /** Toasts and screens of the pages (spec sections 2 and 8). */
  submitFailed: 'Failed to submit quote request. Please try again.',
  notFoundTitle: 'Quote Request Not Found',
  deleteFailed: 'Failed to delete quote request.',
  deletedTitle: 'Quote deleted',
  deletedDescription: 'The quote request has been successfully deleted.',
  fetchListFailed: 'Failed to fetch quote requests',
  /** 403 of POST /api/quote-requests when the month's allowance is used up; its detail is monthlyQuoteLimitMessage. */
  monthlyLimitReached: 'Monthly quote request limit reached',
} as const;

/**
 * The detail of the 403 `monthlyLimitReached` (svc-quotes sends it; the request form shows the same text): the plan
 * that applies (its name, or null without a subscription: the entry-level allowance) and its monthly allowance.
 */
export function monthlyQuoteLimitMessage(planName: string | null, limit: number): string {
  const requests = `${limit} quote ${limit === 1 ? 'request' : 'requests'} per month`;
  return planName
    ? `Your ${planName} plan allows ${requests}. Upgrade your plan on the Subscription page to send more.`
    : `Without a subscription you can send ${requests}. Choose a plan on the Subscription page to send more.`;
}

// ---------------------------------------------------------------------------------------------------------
// Notification preferences ("Waiting for Quotes" checkboxes) and live updates.

export const NotificationLabels = {
  emailEachResponse: 'Email me for each FBO response',
  emailAllResponded: 'Email me once all FBOs have responded',
} as const;

export const QuoteStreamEvents = {
  /** First event of every connection: the current counts; its id is the request's latest event number. */
  ready: 'ready',
  responseReceived: 'response-received',
  statusChanged: 'status-changed',
  cancelled: 'cancelled',
} as const;
export type QuoteStreamEventName = (typeof QuoteStreamEvents)[keyof typeof QuoteStreamEvents];

/** Seconds between heartbeat comment lines on the stream. */
export const QUOTE_STREAM_HEARTBEAT_MS = 15_000;
