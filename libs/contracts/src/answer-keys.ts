/**
 * Names shared by the request and the FBO's answer (quote-requests.ts, fbo-quotes.ts), in a module of their own
 * without zod: the FBO estimate page uses them and its schemas (zod's mini API), and importing them from
 * quote-requests.ts would bring that file's classic-API schemas into the page's bundle.
 */

/** Object-level rules run only when every field passed (no noise on top of the field messages). */
export const whenFieldsValid = { when: (payload: { issues: readonly unknown[] }) => payload.issues.length === 0 };

export const DECLINE_REASONS = ['fuel_not_available', 'no_hangar_space', 'closed_on_dates', 'other'] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];
export const DECLINE_REASON_LABELS: Record<DeclineReason, string> = {
  fuel_not_available: 'Fuel not available',
  no_hangar_space: 'No hangar space',
  closed_on_dates: 'Closed on those dates',
  other: 'Other',
};

/** The service keys of an FBO estimate (spec section 3, "FBO's entered estimate"). */
export const ESTIMATE_SERVICE_KEYS = [
  'dedicatedFuel',
  'fuel',
  'hangar',
  'cleaning',
  'lavatory',
  'catering',
  'coffee',
  'ice',
  'potableWater',
  'gpu',
  'newspapers',
] as const;
export type EstimateServiceKey = (typeof ESTIMATE_SERVICE_KEYS)[number];
