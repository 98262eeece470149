/**
 * The FBO's side of the quote workflow (spec quote-workflow sections 2, 3, 5, 8, 9):
 * the estimate page data read by link, the estimate submission and the decline (zod schemas with the
 * spec's messages), the FBO inbox of a signed-in FBO user, and the answers (their paths are in routes.ts).
 */
import * as z from 'zod/mini';
import { DECLINE_REASONS, ESTIMATE_SERVICE_KEYS, whenFieldsValid, type EstimateServiceKey } from './answer-keys';
import { hasNoNul, NUL_CHARACTER_MESSAGE } from './nul-text';
import { FUEL_TYPE_FLAG_KEYS, FUEL_TYPE_FLAGS, type QuoteServices } from './quote-requests';
import { AMENDABLE_FIELDS } from './request-versions';

/** Days an estimate holds unless the FBO says otherwise. */
export const ESTIMATE_DEFAULT_VALID_DAYS = 7;
/** At most this far ahead. */
export const ESTIMATE_MAX_VALID_DAYS = 365;
export const ESTIMATE_NOTES_MAX_LENGTH = 2000;
export const ESTIMATE_PRICE_MAX = 1_000_000;
export const MAX_CUSTOM_SERVICES = 30;
export const DECLINE_TEXT_MAX_LENGTH = 500;
/** A fee's waiver: at least this many whole gallons of fuel bought. */
export const FEE_WAIVER_MAX_GALLONS = 100_000;

/** The fees an FBO may charge beside the services (ramp/facility, handling, parking, security, call-out). */
export const FEE_KINDS = ['rampFacility', 'handling', 'overnightParking', 'security', 'afterHoursCallout'] as const;
export type FeeKind = (typeof FEE_KINDS)[number];
export const FEE_LABELS: Record<FeeKind, string> = {
  rampFacility: 'Ramp/facility fee',
  handling: 'Handling fee',
  overnightParking: 'Overnight parking',
  security: 'Security fee',
  afterHoursCallout: 'After-hours call-out',
};
/** Fees charged per night of the stay (the others once per visit). */
export const PER_NIGHT_FEES: readonly FeeKind[] = ['overnightParking'];

/** Service keys that offer the 'Unavailable' checkbox (spec section 2). */
export const UNAVAILABLE_ALLOWED_KEYS = [
  'dedicatedFuel',
  'fuel',
  'hangar',
  'cleaning',
  'lavatory',
  'catering',
  'coffee',
  'ice',
] as const satisfies readonly EstimateServiceKey[];

/** Fuel grades offered on the estimate page. */
export const ESTIMATE_FUEL_GRADES = ['100LL', 'Jet A', 'Jet A-1', 'JP-4', 'MOGAS', 'Biodiesel'] as const;

// ---------------------------------------------------------------------------------------------------------
// Messages (spec sections 2, 5 and 8).

export const FboQuoteMessages = {
  invalidRequest: 'Invalid request data',
  noServicesQuotedTitle: 'No Services Quoted',
  noServicesQuoted: 'Please provide pricing for at least one service or mark services as unavailable.',
  totalNotPositive: 'Total Estimate Amount must be greater than 0',
  totalMismatch: 'Total Estimate Amount does not match the entered prices',
  price: 'Prices must be 0 or more with at most 2 decimals',
  priceTooLarge: `Prices must be at most ${ESTIMATE_PRICE_MAX}`,
  quantity: 'Quantities must be numbers greater than 0',
  notesTooLong: `Notes must be at most ${ESTIMATE_NOTES_MAX_LENGTH} characters`,
  customServiceName: 'Please select a service',
  tooManyCustomServices: `At most ${MAX_CUSTOM_SERVICES} other services`,
  unavailableNotOffered: (key: string) => `${key} cannot be marked as unavailable`,
  feePrice: 'Fee prices must be 0 or more with at most 2 decimals',
  feeWaiver: 'Waiver thresholds must be whole gallons from 1 to 100,000',
  /** 400: a priced service the customer did not request. */
  notRequested: (key: string) => `Only requested services can be quoted: ${key} was not requested`,
  validUntil: 'Valid until must be a date in the future',
  validUntilTooFar: `Valid until must be within ${ESTIMATE_MAX_VALID_DAYS} days`,
  declineReason: 'Please choose a reason',
  declineText: 'Please describe the reason',
  declineTextTooLong: `The reason must be at most ${DECLINE_TEXT_MAX_LENGTH} characters`,
  /** 404 of an unknown or forged link, and the page's load failure. */
  notFound: 'Quote not found',
  notFoundTitle: 'Quote Not Found',
  notFoundText: "The quote request you're looking for could not be found or may have expired.",
  /** 403: the link's FBO is not the invited one. */
  forbiddenTitle: 'Unauthorized',
  forbidden: 'This FBO is not authorized to submit quotes for this airport.',
  /** 409: this FBO already answered. */
  alreadySubmittedTitle: 'Quote Already Submitted',
  alreadySubmitted: 'This FBO has already submitted a quote for this request.',
  alreadyDeclined: 'This FBO has already declined this request.',
  /** 410: the requester cancelled the request. */
  withdrawnTitle: 'Request Withdrawn',
  withdrawn: 'This quote request was withdrawn by the requester. No estimate is needed.',
  /** 410: the visit is over. */
  expiredTitle: 'Request Expired',
  expired: 'This quote request has expired: the visit dates have passed.',
  submitErrorTitle: 'Error Submitting Quote',
  submitErrorFallback: 'There was an error submitting your quote. Please try again.',
  /** Page texts. */
  submittedTitle: 'Estimate Submitted!',
  submittedText: 'Thank you for submitting your estimate. Our flight team will be notified and will review it shortly.',
  alreadySubmittedPageTitle: 'This estimate has already been submitted. Thank you!',
  unavailableNotice: 'This service is marked as unavailable',
  /** Inbox: only users with role fbo. */
  inboxForbidden: 'Only FBO accounts have an inbox',
} as const;

// ---------------------------------------------------------------------------------------------------------
// The requested services as the estimate page reads them (spec section 3, second flag set).

export const estimatePageServicesSchema = z.object({
  fuel: z.boolean(),
  fuelEstimatedAmount: z.nullable(z.number()),
  fuel100LL: z.boolean(),
  fuelJetA: z.boolean(),
  fuelJetA1: z.boolean(),
  fuelJP4: z.boolean(),
  fuelMOGAS: z.boolean(),
  fuelBiodiesel: z.boolean(),
  hangar: z.boolean(),
  hangarTypeOvernight: z.boolean(),
  hangarTypeStandard: z.boolean(),
  hangarTypeHeated: z.boolean(),
  cleaning: z.boolean(),
  cleaningInterior: z.boolean(),
  cleaningExterior: z.boolean(),
  cleaningDetail: z.boolean(),
  lavService: z.boolean(),
  lavServiceType: z.nullable(z.string()),
  catering: z.boolean(),
  coffee: z.boolean(),
  ice: z.boolean(),
  icePounds: z.nullable(z.number()),
  potableWater: z.boolean(),
  potableWaterGallons: z.nullable(z.number()),
  gpu: z.boolean(),
  newspapers: z.boolean(),
  newspapersSets: z.nullable(z.number()),
});
export type EstimatePageServices = z.output<typeof estimatePageServicesSchema>;

/** Maps the form's services object (in gallons) to the estimate page's flags. Jet A +/- count as Jet A. */
export function toEstimatePageServices(services: Partial<QuoteServices>): EstimatePageServices {
  const s = services;
  const anyGrade = FUEL_TYPE_FLAG_KEYS.some((k) => s[k]);
  return {
    fuel: Boolean(s.fuel || anyGrade || (s.fuelEstimatedAmount ?? 0) > 0),
    fuelEstimatedAmount: s.fuelEstimatedAmount ?? null,
    fuel100LL: Boolean(s.fuel100LL),
    fuelJetA: Boolean(s.fuelJetA || s.fuelJetAPositive || s.fuelJetANegative),
    fuelJetA1: Boolean(s.fuelJetA1),
    fuelJP4: Boolean(s.fuelJP4),
    fuelMOGAS: Boolean(s.fuelMOGAS),
    fuelBiodiesel: Boolean(s.fuelBiodiesel),
    hangar: Boolean(s.hangar),
    hangarTypeOvernight: Boolean(s.hangarTypeOvernight),
    hangarTypeStandard: Boolean(s.hangarTypeStandard),
    hangarTypeHeated: Boolean(s.hangarTypeHeated),
    cleaning: Boolean(s.cleaning),
    cleaningInterior: Boolean(s.cleaningInterior),
    cleaningExterior: Boolean(s.cleaningExterior),
    cleaningDetail: Boolean(s.cleaningDetail),
    lavService: Boolean(s.lavService),
    lavServiceType: s.lavServiceType ?? null,
    catering: Boolean(s.catering),
    coffee: Boolean(s.coffee),
    ice: Boolean(s.ice),
    icePounds: s.icePounds ?? null,
    potableWater: Boolean(s.potableWater),
    potableWaterGallons: s.potableWaterGallons ?? null,
    gpu: Boolean(s.gpu),
    newspapers: Boolean(s.newspapers),
    newspapersSets: s.newspapersSets ?? null,
  };
}

/** The grade named by a services object ('Jet A', ...) or null. */
export function fuelGradeOf(services: Partial<QuoteServices>): string | null {
  const key = FUEL_TYPE_FLAG_KEYS.find((k) => services[k]);
  return key ? FUEL_TYPE_FLAGS[key] : null;
}

/** Estimate keys the request asked for (a priced key outside this list is refused). */
export function requestedEstimateKeys(services: EstimatePageServices): EstimateServiceKey[] {
  const keys: EstimateServiceKey[] = [];
  if (services.fuel) keys.push('dedicatedFuel', 'fuel');
  if (services.hangar) keys.push('hangar');
  if (services.cleaning) keys.push('cleaning');
  if (services.lavService) keys.push('lavatory');
  if (services.catering) keys.push('catering');
  if (services.coffee) keys.push('coffee');
  if (services.ice) keys.push('ice');
  if (services.potableWater) keys.push('potableWater');
  if (services.gpu) keys.push('gpu');
  if (services.newspapers) keys.push('newspapers');
  return keys;
}

// ---------------------------------------------------------------------------------------------------------
// The estimate submission: POST .../submit.

// Written with zod's mini API (`zod/mini`): the same checks and messages as the classic API (each classic method is
// the mini function of the same name), but what the estimate page does not use is left out of its bundle: the FBO
// page loads about 17 KB gzip less. The services validate with these same schemas.

/** What a `z.preprocess(fn, schema)` of the classic API is: fn's result, validated by schema. */
const preprocess = <S extends z.ZodMiniType>(fn: (value: unknown) => unknown, schema: S) =>
  z.pipe(z.transform(fn), schema);

/** Unparseable numbers become 0 (spec section 5); '' and null mean "not given". */
const moneyWith = (message: string) =>
  preprocess(
    (v) => {
      if (v === undefined || v === null || v === '') return null;
      if (typeof v === 'string') {
        const n = Number(v.trim());
        return Number.isFinite(n) ? n : 0;
      }
      return v;
    },
    z.nullable(
      z.number({ error: message }).check(
        z.gte(0, message),
        z.lte(ESTIMATE_PRICE_MAX, FboQuoteMessages.priceTooLarge),
        z.refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, message),
      ),
    ),
  );
const money = moneyWith(FboQuoteMessages.price);

const positiveOrNull = preprocess(
  (v) => (v === undefined || v === null || v === '' ? null : typeof v === 'string' ? Number(v) : v),
  z.nullable(
    z
      .number({ error: FboQuoteMessages.quantity })
      .check(z.gt(0, FboQuoteMessages.quantity), z.lte(1_000_000, FboQuoteMessages.quantity)),
  ),
);

/** A trimmed text of at most `max` characters (`tooLong`); null, '' and only spaces become null. */
const optionalText = (max: number, tooLong: string) =>
  z.pipe(
    preprocess(
      (v) => (v === null ? undefined : v),
      z.optional(z.string().check(z.trim(), z.maxLength(max, tooLong), z.refine(hasNoNul, NUL_CHARACTER_MESSAGE))),
    ),
    z.transform((s) => s || null),
  );

const optionalNotes = optionalText(ESTIMATE_NOTES_MAX_LENGTH, FboQuoteMessages.notesTooLong);

/**
 * One priced service. The line's amount is price x (quantity ?? 1) x (days ?? 1): send `quantity` only where
 * the price is per unit (fuel per gallon: quantity = gallons) and `days` where it is per day (hangar).
 */
export const estimateLineSchema = z.object({
  price: z._default(z.optional(money), null),
  quantity: z._default(z.optional(positiveOrNull), null),
  days: z._default(z.optional(positiveOrNull), null),
  unavailable: z._default(z.optional(z.boolean()), false),
  notes: optionalNotes,
});
export type EstimateLineInput = z.input<typeof estimateLineSchema>;
export type EstimateLine = z.output<typeof estimateLineSchema>;

export const customServiceLineSchema = z.object({
  /** The catalogue entry's id (GET /api/fbo-services). */
  id: preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z.string().check(z.trim(), z.minLength(1, FboQuoteMessages.customServiceName), z.maxLength(100)),
  ),
  name: z
    .string({ error: FboQuoteMessages.customServiceName })
    .check(z.trim(), z.minLength(1, FboQuoteMessages.customServiceName), z.maxLength(200)),
  price: z.pipe(money, z.number({ error: FboQuoteMessages.price })),
  notes: optionalNotes,
});
export type CustomServiceLine = z.output<typeof customServiceLineSchema>;

const servicesQuotedShape = Object.fromEntries(
  ESTIMATE_SERVICE_KEYS.map((k) => [k, z.optional(estimateLineSchema)]),
) as {
  [K in EstimateServiceKey]: z.ZodMiniOptional<typeof estimateLineSchema>;
};

export const servicesQuotedSchema = z
  .object({
    ...servicesQuotedShape,
    customServices: z._default(
      z.optional(
        z
          .array(customServiceLineSchema)
          .check(z.maxLength(MAX_CUSTOM_SERVICES, FboQuoteMessages.tooManyCustomServices)),
      ),
      [],
    ),
  })
  .check(
    z.superRefine((quoted, ctx) => {
      for (const key of ESTIMATE_SERVICE_KEYS) {
        if (quoted[key]?.unavailable && !(UNAVAILABLE_ALLOWED_KEYS as readonly string[]).includes(key)) {
          ctx.addIssue({
            code: 'custom',
            message: FboQuoteMessages.unavailableNotOffered(key),
            path: [key, 'unavailable'],
          });
        }
      }
    }),
  );
export type ServicesQuoted = z.output<typeof servicesQuotedSchema>;

/** A line's amount in cents (0 when unavailable or unpriced). */
export function estimateLineCents(line: EstimateLine | undefined): number {
  if (!line || line.unavailable || line.price === null) return 0;
  return Math.round(line.price * 100 * (line.quantity ?? 1) * (line.days ?? 1));
}

/** The Total Estimate Amount in cents: every priced line not marked unavailable, plus the custom lines. */
export function estimateTotalCents(quoted: ServicesQuoted): number {
  let total = 0;
  for (const key of ESTIMATE_SERVICE_KEYS) total += estimateLineCents(quoted[key]);
  for (const line of quoted.customServices) total += Math.round(line.price * 100);
  return total;
}

/** The "No Services Quoted" rule: at least one price above zero or one service marked unavailable. */
export function hasQuotedSomething(quoted: ServicesQuoted): boolean {
  return (
    ESTIMATE_SERVICE_KEYS.some((k) => quoted[k]?.unavailable || (quoted[k]?.price ?? 0) > 0) ||
    quoted.customServices.some((c) => c.price > 0)
  );
}

/** A fee: its price, and optionally the fuel (whole gallons) that waives it. */
export const feeLineSchema = z.object({
  price: z.pipe(moneyWith(FboQuoteMessages.feePrice), z.number({ error: FboQuoteMessages.feePrice })),
  waivedWithGallons: z._default(
    z.optional(
      preprocess(
        (v) => (v === undefined || v === null || v === '' ? null : typeof v === 'string' ? Number(v.trim()) : v),
        z.nullable(
          z
            .number({ error: FboQuoteMessages.feeWaiver })
            .check(
              z.int(FboQuoteMessages.feeWaiver),
              z.gte(1, FboQuoteMessages.feeWaiver),
              z.lte(FEE_WAIVER_MAX_GALLONS, FboQuoteMessages.feeWaiver),
            ),
        ),
      ),
    ),
    null,
  ),
});
export type FeeLine = z.output<typeof feeLineSchema>;

export const feesSchema = z.object(
  Object.fromEntries(FEE_KINDS.map((k) => [k, z.optional(feeLineSchema)])) as Record<
    FeeKind,
    z.ZodMiniOptional<typeof feeLineSchema>
  >,
);
export type Fees = z.output<typeof feesSchema>;

/**
 * Body of POST /api/fbo-quote/{fboId}/{token}/submit (and the inbox's submit). `totalPrice` is USD and
 * must equal estimateTotalCents / 100. `validUntil` (ISO date or date-time) defaults to 7 days ahead.
 */
export const submitEstimateSchema = z
  .object({
    servicesQuoted: servicesQuotedSchema,
    totalPrice: z.pipe(
      money,
      z.number({ error: FboQuoteMessages.totalNotPositive }).check(z.gt(0, FboQuoteMessages.totalNotPositive)),
    ),
    notes: optionalNotes,
    /** Fees beside the services; not part of totalPrice (the comparison adds those not waived). */
    fees: z._default(z.optional(feesSchema), {}),
    validUntil: z.optional(
      z.string().check(
        z.trim(),
        z.refine((s) => !Number.isNaN(Date.parse(s)), FboQuoteMessages.validUntil),
      ),
    ),
  })
  .check(
    z.superRefine(
      (body, ctx) => {
        if (!hasQuotedSomething(body.servicesQuoted))
          ctx.addIssue({ code: 'custom', message: FboQuoteMessages.noServicesQuoted, path: ['servicesQuoted'] });
      },
      { when: (payload) => payload.issues.every((issue) => issue.path?.[0] !== 'servicesQuoted') },
    ),
    z.superRefine((body, ctx) => {
      if (!hasQuotedSomething(body.servicesQuoted)) return;
      const cents = estimateTotalCents(body.servicesQuoted);
      if (Math.round(body.totalPrice * 100) !== cents)
        ctx.addIssue({ code: 'custom', message: FboQuoteMessages.totalMismatch, path: ['totalPrice'] });
    }, whenFieldsValid),
  );
export type SubmitEstimateInput = z.input<typeof submitEstimateSchema>;
export type SubmitEstimate = z.output<typeof submitEstimateSchema>;

/** Body of POST .../decline. `text` is required with reason `other`. */
export const declineEstimateSchema = z
  .object({
    reason: z.enum(DECLINE_REASONS, { error: FboQuoteMessages.declineReason }),
    text: optionalText(DECLINE_TEXT_MAX_LENGTH, FboQuoteMessages.declineTextTooLong),
  })
  .check(
    z.superRefine((body, ctx) => {
      if (body.reason === 'other' && !body.text)
        ctx.addIssue({ code: 'custom', message: FboQuoteMessages.declineText, path: ['text'] });
    }),
  );
export type DeclineEstimateInput = z.input<typeof declineEstimateSchema>;
export type DeclineEstimate = z.output<typeof declineEstimateSchema>;

// ---------------------------------------------------------------------------------------------------------
// Answers.

/** Where an invitation stands for the FBO. `withdrawn`: the requester cancelled; `expired`: the visit is over. */
export const ESTIMATE_PAGE_STATES = ['open', 'submitted', 'declined', 'withdrawn', 'expired'] as const;
export type EstimatePageState = (typeof ESTIMATE_PAGE_STATES)[number];

export const estimatePageAirportSchema = z.object({
  identifier: z.string(),
  name: z.string(),
  city: z.nullable(z.string()),
  state: z.nullable(z.string()),
});
export type EstimatePageAirport = z.output<typeof estimatePageAirportSchema>;

const text = z.string();
const nullableText = z.nullable(z.string());
const nullableNumber = z.nullable(z.number());
const answerAircraft = z.nullable(z.object({ tailNumber: nullableText, make: text, model: text }));
const quotedLine = z.object({
  price: nullableNumber,
  quantity: nullableNumber,
  days: nullableNumber,
  unavailable: z.boolean(),
  notes: nullableText,
});

/** What an FBO sent, as the estimate page reads it back (submitEstimateSchema's output). */
export const servicesQuotedAnswerSchema = z.object({
  ...(Object.fromEntries(ESTIMATE_SERVICE_KEYS.map((k) => [k, z.optional(quotedLine)])) as Record<
    EstimateServiceKey,
    z.ZodMiniOptional<typeof quotedLine>
  >),
  customServices: z.array(z.object({ id: text, name: text, price: z.number(), notes: nullableText })),
});

const feeAnswer = z.object({ price: z.number(), waivedWithGallons: nullableNumber });
const feesAnswerSchema = z.object(
  Object.fromEntries(FEE_KINDS.map((k) => [k, z.optional(feeAnswer)])) as Record<
    FeeKind,
    z.ZodMiniOptional<typeof feeAnswer>
  >,
);

/** A changed field of an amendment (request-versions' amendedFieldSchema, here in zod/mini for the FBO page). */
const amendmentValue = z.union([z.string(), z.number(), z.array(z.string()), z.null()]);
export const estimatePageAmendmentSchema = z.object({
  /** The request's version this amendment made (2 for the first). */
  version: z.number(),
  /** ISO. */
  amendedAt: text,
  changes: z.array(z.object({ field: z.enum(AMENDABLE_FIELDS), before: amendmentValue, after: amendmentValue })),
});
export type EstimatePageAmendment = z.output<typeof estimatePageAmendmentSchema>;

/** GET /api/fbo-quote/{fboId}/{token} (and GET /api/fbo-portal/requests/{invitationId}): spec section 3. */
export const estimatePageDataDtoSchema = z.object({
  state: z.enum(ESTIMATE_PAGE_STATES),
  invitationId: text,
  quoteRequest: z.object({
    id: text,
    uniqueId: text,
    services: estimatePageServicesSchema,
    /** Gallons. */
    fuelAmount: nullableNumber,
    fuelType: nullableText,
    arrivalDate: nullableText,
    departureDate: nullableText,
    notes: nullableText,
  }),
  user: z.object({
    companyName: nullableText,
    firstName: text,
    lastName: text,
    jobTitle: nullableText,
    phoneNumber: nullableText,
    email: text,
  }),
  aircraft: answerAircraft,
  airport: estimatePageAirportSchema,
  departureAirport: z.nullable(estimatePageAirportSchema),
  fbo: z.object({ id: text, name: text }),
  /** Keys the FBO may price (others are refused). */
  requestedKeys: z.array(z.enum(ESTIMATE_SERVICE_KEYS)),
  /** The default validity the form offers (ISO date-time, 7 days ahead). */
  defaultValidUntil: text,
  /** What the FBO sent, once answered. */
  estimate: z.nullable(
    z.object({
      totalPrice: z.number(),
      servicesQuoted: servicesQuotedAnswerSchema,
      notes: nullableText,
      /** The fees the FBO named (estimates sent before fees existed have none). */
      fees: z.optional(feesAnswerSchema),
      validUntil: text,
      submittedAt: text,
      /**
       * Given for a version older than the request's current one (the request was amended since): out of the
       * customer's comparison until the FBO sends its prices again. svc-quotes always sends it.
       */
      forEarlierVersion: z.optional(z.boolean()),
    }),
  ),
  declined: z.nullable(z.object({ reason: z.enum(DECLINE_REASONS), text: nullableText, declinedAt: text })),
  /**
   * The pilot's booking as this FBO sees it: `requested` (chose this FBO: confirm or decline), `confirmed`,
   * `declined` (this FBO declined it), `other` (the customer chose another FBO); null before any choice.
   */
  booking: z.optional(z.nullable(z.object({ state: z.enum(['requested', 'confirmed', 'declined', 'other']) }))),
  /** The request's latest amendment; null if it was never amended. svc-quotes always sends it. */
  amendment: z.optional(z.nullable(estimatePageAmendmentSchema)),
});
export type EstimatePageDataDto = z.output<typeof estimatePageDataDtoSchema>;

/** 201 of POST .../submit and .../decline. */
export const estimateAnswerResponseSchema = z.object({
  state: z.enum(['submitted', 'declined']),
  quoteRequestId: text,
  respondedAt: text,
  /** Submit only. */
  totalPrice: z.optional(z.number()),
  validUntil: z.optional(text),
});
export type EstimateAnswerResponse = z.output<typeof estimateAnswerResponseSchema>;

/** Inbox states. */
export const FBO_INBOX_STATES = ['open', 'answered', 'declined', 'withdrawn', 'expired'] as const;
export type FboInboxState = (typeof FBO_INBOX_STATES)[number];

const inboxAirport = z.object({ identifier: text, name: text });

/** One row of GET /api/fbo-portal/inbox, newest first. */
export const fboInboxRowDtoSchema = z.object({
  invitationId: text,
  quoteRequestId: text,
  uniqueId: text,
  state: z.enum(FBO_INBOX_STATES),
  createdAt: text,
  respondedAt: nullableText,
  fbo: z.object({ id: text, name: text }),
  airport: inboxAirport,
  departureAirport: z.nullable(inboxAirport),
  arrivalDate: nullableText,
  departureDate: nullableText,
  requester: z.object({ name: text, companyName: nullableText }),
  aircraft: answerAircraft,
  requestedServices: z.array(text),
  /** When the request was last amended (ISO); null if never. svc-quotes always sends it. */
  amendedAt: z.optional(nullableText),
  /** This FBO's estimate was given for an earlier version of the request: "Amended — re-price". Always sent. */
  estimateForEarlierVersion: z.optional(z.boolean()),
});
export type FboInboxRowDto = z.output<typeof fboInboxRowDtoSchema>;

/** Rows per inbox page unless `?limit=` says otherwise (at most FBO_INBOX_MAX_LIMIT). */
export const FBO_INBOX_DEFAULT_LIMIT = 25;
export const FBO_INBOX_MAX_LIMIT = 100;

export const FboInboxMessages = {
  /** 400 of GET /api/fbo-portal/inbox?limit= */
  limit: `limit must be a whole number from 1 to ${FBO_INBOX_MAX_LIMIT}`,
  /** 400 of GET /api/fbo-portal/inbox?before= */
  cursor: 'before must be a cursor from an earlier page (nextCursor)',
} as const;

/**
 * GET /api/fbo-portal/inbox[?fboId=&limit=&before=]: one page, newest first. `nextCursor` is the `before` of the
 * next (older) page; null on the last page. svc-quotes always sends it.
 */
export const fboInboxResponseSchema = z.object({
  requests: z.array(fboInboxRowDtoSchema),
  nextCursor: z.optional(nullableText),
});
export type FboInboxResponse = z.output<typeof fboInboxResponseSchema>;
