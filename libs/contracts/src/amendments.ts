import { z } from 'zod';
import { createQuoteRequestSchema, QUOTE_REQUEST_STATUSES } from './quote-requests';
import { amendedFieldSchema } from './request-versions';

/** The pilot amends a sent request: dates, fuel quantity, services and notes, each change kept as a version. */

export const AmendmentMessages = {
  /** 409: a cancelled request cannot change. */
  cancelled: 'A cancelled request cannot be amended',
  /** 409: the chosen FBO confirmed the booking (a booking still waiting for it may be amended). */
  booked: 'A booked request cannot be amended',
  /** 400 with the departure field: the stay must end after it starts. */
  departureAfterArrival: 'Departure must be after arrival',
} as const;

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
