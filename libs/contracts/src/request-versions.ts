import { z } from 'zod';

/** A request's versions: what each amendment changed (the schemas the details and the amendment share). */

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
