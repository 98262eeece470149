import { z } from 'zod';
import { createQuoteRequestSchema, QUOTE_REQUEST_STATUSES } from './quote-requests';

/** The pilot amends a sent request: dates, fuel quantity, services and notes, each change kept as a version. */

export const AmendmentMessages = {
  /** 409: a cancelled request cannot change. */
  cancelled: 'A cancelled request cannot be amended',
  /** 409: a booking was asked for or confirmed. */
  booked: 'A booked request cannot be amended',
  /** 400 with the departure field: the stay must end after it starts. */
  departureAfterArrival: 'Departure must be after arrival',
} as const;

/** The fields an amendment may change, as a version lists them. */
export const AMENDABLE_FIELDS = ['arrival', 'departure', 'fuelAmount', 'services', 'notes'] as const;
export type AmendableField = (typeof AMENDABLE_FIELDS)[number];

export const AMENDED_FIELD_LABELS: Record<AmendableField, string> = {
  arrival: 'Arrival',
  departure: 'Departure',
  fuelAmount: 'Fuel quantity',
  services: 'Requested services',
  notes: 'Notes',
};

/**
 * Body of PATCH /api/quote-requests/{id}: any of the request form's arrival, departure, services (given keys replace
 * the request's own; fuel quantity is `services.fuelEstimatedAmount`) and notes (null or '' clears them), with the
 * form's rules and messages. svc-quotes validates the request's values with the given ones laid over them.
 */
export const amendQuoteRequestSchema = createQuoteRequestSchema.pick({
  arrival: true,
  departure: true,
  services: true,
  notes: true,
});
export type AmendQuoteRequest = z.output<typeof amendQuoteRequestSchema>;

/** ISO date-times, gallons, service labels or text (null: none). */
const changeValue = z.union([z.string(), z.number(), z.array(z.string()), z.null()]);

export const amendedFieldSchema = z.object({
  field: z.enum(AMENDABLE_FIELDS),
  before: changeValue,
  after: changeValue,
});
export type AmendedField = z.output<typeof amendedFieldSchema>;

/** One version of a request: 1 is the request as sent (no changes); each amendment adds the next. */
export const quoteRequestVersionSchema = z.object({
  version: z.number().int(),
  changes: z.array(amendedFieldSchema),
  changedBy: z.object({ id: z.string(), name: z.string() }),
  /** ISO. */
  changedAt: z.string(),
});
export type QuoteRequestVersionDto = z.output<typeof quoteRequestVersionSchema>;

/** 200 of PATCH /api/quote-requests/{id}. `amended` false: the body changed nothing (no new version). */
export const amendQuoteRequestResponseSchema = z.object({
  quoteRequestId: z.string(),
  status: z.enum(QUOTE_REQUEST_STATUSES),
  version: z.number().int(),
  amended: z.boolean(),
  changes: z.array(amendedFieldSchema),
  /** FBOs whose estimate was for an earlier version: out of the comparison until they price this one. */
  awaitingRepricingFboIds: z.array(z.string()),
});
export type AmendQuoteRequestResponse = z.output<typeof amendQuoteRequestResponseSchema>;
