/**
 * The pilot's side of the quote workflow (spec quote-workflow sections 2-5, 7-9): the request
 * form payload and the legacy wizard payload (zod schemas with the spec's messages), notification
 * preferences, My Quotes rows, the details summary, both readings of a response, the live-update (SSE)
 * events, with the answers' schemas (paths: routes.ts). svc-quotes validates with these schemas; the forms use
 * the same ones.
 */
import { z } from 'zod';
import { DECLINE_REASONS, ESTIMATE_SERVICE_KEYS, whenFieldsValid, type EstimateServiceKey } from './answer-keys';
import { formatNumber } from './format';
import { quoteRequestVersionSchema } from './request-versions';
import {
  QUOTE_REQUEST_STATUSES,
  GPU_DURATION,
  POTABLE_WATER_RANGE,
  ICE_RANGE,
  NEWSPAPERS_RANGE,
  COFFEE_TYPES,
  HANGAR_PRIORITIES,
  LAV_SERVICE_TYPES,
  DEICING_TYPES,
  FUEL_AMOUNT_MAX,
  QUOTE_NOTES_MAX_LENGTH,
  MAX_SELECTED_FBOS,
  FUEL_TYPE_FLAGS,
  FUEL_TYPE_FLAG_KEYS,
  QUOTE_UNITS,
  QuoteRequestMessages,
  type QuoteRequestStatus,
  type QuoteUnits,
} from './quote-workflow-values';
import { withoutNul } from './validation';

// Declared in answer-keys.ts (no zod there, for the FBO page's bundle); part of this module's API as before.
export {
  DECLINE_REASON_LABELS,
  DECLINE_REASONS,
  ESTIMATE_SERVICE_KEYS,
  whenFieldsValid,
  type DeclineReason,
  type EstimateServiceKey,
} from './answer-keys';
// Declared in quote-workflow-values.ts (no zod there: a page that shows a status or a message need not carry the
// schemas); part of this module's API as before.
export * from './quote-workflow-values';

// ---------------------------------------------------------------------------------------------------------
// Schemas.

/** '' / null / undefined → null; numeric text → number (react-hook-form inputs give text). */
const toNumberOrNull = (v: unknown) => {
  if (v === undefined || v === null || v === '') return null;
  if (typeof v === 'string') return Number(v.trim());
  return v;
};

const flag = z.boolean().optional().default(false);

function amount(min: number, max: number, message: string, integer = true) {
  const base = z.number({ error: message }).min(min, message).max(max, message);
  return z
    .preprocess(toNumberOrNull, (integer ? base.int(message) : base).nullable())
    .optional()
    .default(null);
}

function minutes(message: string) {
  return z
    .preprocess(
      (v) => (v === undefined || v === null || v === '' ? null : typeof v === 'number' ? String(v) : v),
      z
        .string({ error: message })
        .refine((s) => {
          const n = Number(s);
          return Number.isInteger(n) && n >= GPU_DURATION.min && n <= GPU_DURATION.max && n % GPU_DURATION.step === 0;
        }, message)
        .nullable(),
    )
    .optional()
    .default(null);
}

function choice<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z
    .preprocess((v) => (v === '' ? null : v), z.enum(values, { error: message }).nullable())
    .optional()
    .default(null);
}

/**
 * The request form's services object (spec section 3). The estimate page's flags for the same request
 * (fuel, hangar types, cleaningDetail, catering) are accepted too. Detail values stay null when their
 * toggle is off; svc-quotes fills the section 9 defaults of a toggled service whose amount is missing.
 */
export const quoteServicesSchema = z
  .object({
    fuel: flag,
    fuelEstimatedAmount: amount(0, FUEL_AMOUNT_MAX, QuoteRequestMessages.fuelAmount, false),
    fuel100LL: flag,
    fuelJetA: flag,
    fuelJetAPositive: flag,
    fuelJetANegative: flag,
    fuelJetA1: flag,
    fuelJP4: flag,
    fuelUL94: flag,
    fuelMOGAS: flag,
    fuelBiodiesel: flag,
    gpu: flag,
    gpuDuration: minutes(QuoteRequestMessages.gpuDuration),
    lavService: flag,
    lavServiceType: choice(LAV_SERVICE_TYPES, QuoteRequestMessages.lavServiceType),
    potableWater: flag,
    potableWaterGallons: amount(POTABLE_WATER_RANGE.min, POTABLE_WATER_RANGE.max, QuoteRequestMessages.potableWater),
    coffee: flag,
    coffeeType: choice(COFFEE_TYPES, QuoteRequestMessages.coffeeType),
    ice: flag,
    icePounds: amount(ICE_RANGE.min, ICE_RANGE.max, QuoteRequestMessages.ice),
    newspapers: flag,
    newspapersSets: amount(NEWSPAPERS_RANGE.min, NEWSPAPERS_RANGE.max, QuoteRequestMessages.newspapers),
    hangar: flag,
    hangarPriority: choice(HANGAR_PRIORITIES, QuoteRequestMessages.hangarPriority),
    hangarTypeOvernight: flag,
    hangarTypeStandard: flag,
    hangarTypeHeated: flag,
    deicing: flag,
    deicingType: choice(DEICING_TYPES, QuoteRequestMessages.deicingType),
    airCart: flag,
    airCartDuration: minutes(QuoteRequestMessages.airCartDuration),
    cleaning: flag,
    cleaningWindshield: flag,
    cleaningInterior: flag,
    cleaningExterior: flag,
    cleaningDishware: flag,
    cleaningDetail: flag,
    catering: flag,
  })
  .superRefine((services, ctx) => {
    const chosen = FUEL_TYPE_FLAG_KEYS.filter((key) => services[key]);
    if (chosen.length > 1)
      ctx.addIssue({ code: 'custom', message: QuoteRequestMessages.oneFuelType, path: [chosen[1]] });
  });
export type QuoteServicesInput = z.input<typeof quoteServicesSchema>;
export type QuoteServices = z.output<typeof quoteServicesSchema>;

const isoDateTime = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((s) => s.length > 0 && !Number.isNaN(Date.parse(s)), message);

const airportCode = (message: string) => z.string({ error: message }).trim().min(3, message).max(10, message);

const idText = (message: string) =>
  z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z.string({ error: message }).trim().min(1, message).max(100, message),
  );

/** Body of POST /api/quote-requests from the request form (spec section 3, messages of section 5). */
export const createQuoteRequestSchema = z.object({
  aircraftId: idText(QuoteRequestMessages.aircraft),
  departureAirportCode: airportCode(QuoteRequestMessages.departureAirport),
  airportCode: airportCode(QuoteRequestMessages.destinationAirport),
  arrival: isoDateTime(QuoteRequestMessages.arrival),
  departure: isoDateTime(QuoteRequestMessages.departure),
  services: z.preprocess((v) => (v === undefined || v === null ? {} : v), quoteServicesSchema),
  notes: z
    .preprocess(
      (v) => (v === null ? undefined : v),
      withoutNul(z.string().trim().max(QUOTE_NOTES_MAX_LENGTH, QuoteRequestMessages.notesTooLong)).optional(),
    )
    .transform((s) => s || null),
  selectedFbos: z
    .array(idText(QuoteRequestMessages.selectedFbos), { error: QuoteRequestMessages.selectedFbos })
    .min(1, QuoteRequestMessages.selectedFbos)
    .max(MAX_SELECTED_FBOS, QuoteRequestMessages.tooManyFbos)
    .transform((ids) => [...new Set(ids)]),
  /** Units of the amounts (fuel, potable water, ice): the user's preference. Default standard (gallons, lbs). */
  units: z.enum(QUOTE_UNITS, { error: QuoteRequestMessages.units }).optional().default('standard'),
  /** Notification preferences may be given at creation (defaults: each response off, all responded on). */
  notifications: z.lazy(() => notificationPreferencesSchema.partial()).optional(),
});
export type CreateQuoteRequestInput = z.input<typeof createQuoteRequestSchema>;
export type CreateQuoteRequest = z.output<typeof createQuoteRequestSchema>;

/** Services the legacy wizard offers (step 2), mapped to the services object's flags. */
export const LEGACY_SERVICE_FLAGS = {
  fuel: 'fuel',
  hangar: 'hangar',
  cleaning: 'cleaning',
  lavatory: 'lavService',
  catering: 'catering',
  gpu: 'gpu',
  coffee: 'coffee',
  ice: 'ice',
  potableWater: 'potableWater',
  newspapers: 'newspapers',
  deicing: 'deicing',
  airCart: 'airCart',
} as const satisfies Record<string, keyof QuoteServices>;
export type LegacyService = keyof typeof LEGACY_SERVICE_FLAGS;
export const LEGACY_SERVICES = Object.keys(LEGACY_SERVICE_FLAGS) as [LegacyService, ...LegacyService[]];

/**
 * Body of POST /api/quote-requests from the legacy wizard: `aircraft` (an aircraft id; the user's default
 * aircraft when absent), `destination` (airport code), `services` (a list of LEGACY_SERVICES or a services
 * object), `duration` {arrival, departure}. The request goes to every FBO at the destination.
 */
export const legacyQuoteRequestSchema = z.object({
  aircraft: z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'number' ? String(v) : v),
    z.string({ error: QuoteRequestMessages.aircraft }).trim().min(1).max(100).optional(),
  ),
  destination: z
    .string({ error: QuoteRequestMessages.legacyDestination })
    .trim()
    .min(3, QuoteRequestMessages.legacyDestination)
    .max(10, QuoteRequestMessages.legacyDestination),
  services: z
    .union([z.array(z.enum(LEGACY_SERVICES)), quoteServicesSchema], { error: QuoteRequestMessages.legacyServices })
    .transform((value) => {
      if (!Array.isArray(value)) return value;
      const flags: Record<string, boolean> = {};
      for (const service of value) flags[LEGACY_SERVICE_FLAGS[service]] = true;
      return quoteServicesSchema.parse(flags);
    })
    .refine((services) => requestedServiceLabels(services).length > 0, QuoteRequestMessages.legacyServices),
  duration: z
    .object(
      {
        arrival: isoDateTime(QuoteRequestMessages.legacyDates),
        departure: isoDateTime(QuoteRequestMessages.legacyDates),
      },
      { error: QuoteRequestMessages.legacyDates },
    )
    .refine((d) => Date.parse(d.departure) > Date.parse(d.arrival), {
      message: QuoteRequestMessages.legacyDepartureAfterArrival,
      path: ['departure'],
      ...whenFieldsValid,
    }),
  notes: withoutNul(z.string().trim().max(QUOTE_NOTES_MAX_LENGTH, QuoteRequestMessages.notesTooLong)).optional(),
});
export type LegacyQuoteRequestInput = z.input<typeof legacyQuoteRequestSchema>;
export type LegacyQuoteRequest = z.output<typeof legacyQuoteRequestSchema>;

/** Which of the two payloads a POST /api/quote-requests body is (the legacy one names `destination`). */
export function isLegacyQuoteRequestBody(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'destination' in body && !('airportCode' in body);
}

/** Saved with the request ("Waiting for Quotes" checkboxes; spec section 2, decided deviation). */
export const notificationPreferencesSchema = z.object({
  /** "Email me for each FBO response" (default off). */
  emailEachResponse: z.boolean({ error: 'emailEachResponse must be true or false' }),
  /** "Email me once all FBOs have responded" (default on). */
  emailAllResponded: z.boolean({ error: 'emailAllResponded must be true or false' }),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  emailEachResponse: false,
  emailAllResponded: true,
};
/** PUT /api/quote-requests/{id}/notifications accepts either field alone. */
export const updateNotificationPreferencesSchema = notificationPreferencesSchema.partial();
export type UpdateNotificationPreferences = z.infer<typeof updateNotificationPreferencesSchema>;

// ---------------------------------------------------------------------------------------------------------
// Requested services in words (details page, e-mails, PDF, FBO inbox).

/** Labels of the requested services, in form order ("Fuel: Jet A, 300 gal", "GPU (15 min)", ...). */
export function requestedServiceLabels(services: Partial<QuoteServices>, units: QuoteUnits = 'standard'): string[] {
  const s = services as Partial<QuoteServices> & Record<string, unknown>;
  const volume = units === 'metric' ? 'L' : 'gal';
  const weight = units === 'metric' ? 'kg' : 'lbs';
  const labels: string[] = [];
  const grade = FUEL_TYPE_FLAG_KEYS.filter((k) => s[k]).map((k) => FUEL_TYPE_FLAGS[k])[0];
  if (s.fuel || grade || (s.fuelEstimatedAmount ?? 0) > 0) {
    const parts = [grade, s.fuelEstimatedAmount ? `${formatNumber(s.fuelEstimatedAmount)} ${volume}` : null].filter(
      Boolean,
    );
    labels.push(parts.length ? `Fuel: ${parts.join(', ')}` : 'Fuel');
  }
  if (s.gpu) labels.push(`GPU${s.gpuDuration ? ` (${s.gpuDuration} min)` : ''}`);
  if (s.lavService) labels.push(`Lavatory service${s.lavServiceType ? ` (${s.lavServiceType})` : ''}`);
  if (s.potableWater)
    labels.push(`Potable water${s.potableWaterGallons ? ` (${s.potableWaterGallons} ${volume})` : ''}`);
  if (s.coffee) labels.push(`Coffee${s.coffeeType ? ` (${s.coffeeType})` : ''}`);
  if (s.ice) labels.push(`Ice${s.icePounds ? ` (${s.icePounds} ${weight})` : ''}`);
  if (s.newspapers)
    labels.push(
      `Newspapers${s.newspapersSets ? ` (${s.newspapersSets} ${s.newspapersSets === 1 ? 'set' : 'sets'})` : ''}`,
    );
  if (s.hangar) {
    const types = [
      s.hangarTypeOvernight && 'overnight',
      s.hangarTypeStandard && 'standard',
      s.hangarTypeHeated && 'heated',
    ].filter(Boolean);
    const detail = [...types, s.hangarPriority ? `${s.hangarPriority} priority` : null].filter(Boolean);
    labels.push(`Hangar${detail.length ? ` (${detail.join(', ')})` : ''}`);
  }
  if (s.deicing) labels.push(`De-icing${s.deicingType ? ` (type ${s.deicingType})` : ''}`);
  if (s.airCart) labels.push(`Air cart${s.airCartDuration ? ` (${s.airCartDuration} min)` : ''}`);
  if (s.cleaning) {
    const kinds = [
      s.cleaningWindshield && 'windshield',
      s.cleaningInterior && 'interior',
      s.cleaningExterior && 'exterior',
      s.cleaningDishware && 'dishware',
      s.cleaningDetail && 'detail',
    ].filter(Boolean);
    labels.push(`Cleaning${kinds.length ? ` (${kinds.join(', ')})` : ''}`);
  }
  if (s.catering) labels.push('Catering');
  return labels;
}

// ---------------------------------------------------------------------------------------------------------
// Answers.

/** 201 of POST /api/quote-requests. */
export const createQuoteRequestResponseSchema = z.object({
  id: z.string(),
  /** The quote ID a person reads out on the phone, e.g. RQ-7KX3PD. */
  uniqueId: z.string(),
});
export type CreateQuoteRequestResponse = z.output<typeof createQuoteRequestResponseSchema>;

/** Quote IDs: 'RQ-' + 6 characters from an alphabet without 0/O/1/I/L. */
export const QUOTE_ID_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const QUOTE_ID_PATTERN = /^RQ-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6}$/;

/** An airport as kept in the request's snapshot. */
export const quoteAirportDtoSchema = z.object({
  id: z.string(),
  identifier: z.string(),
  code: z.string().nullable(),
  name: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
});
export type QuoteAirportDto = z.output<typeof quoteAirportDtoSchema>;

/** An FBO as kept in the request's snapshot. */
export const quoteFboDtoSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  logo: z.string().nullable(),
});
export type QuoteFboDto = z.output<typeof quoteFboDtoSchema>;

/** The aircraft as kept in the request's snapshot. */
export const quoteAircraftDtoSchema = z.object({
  id: z.string(),
  name: z.string(),
  make: z.string(),
  model: z.string(),
  tailNumber: z.string().nullable(),
});
export type QuoteAircraftDto = z.output<typeof quoteAircraftDtoSchema>;

/** The requester as kept in the request's snapshot (from their profile at submission). */
export const quoteRequesterDtoSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  companyName: z.string().nullable(),
  jobTitle: z.string().nullable(),
  phoneNumber: z.string().nullable(),
});
export type QuoteRequesterDto = z.output<typeof quoteRequesterDtoSchema>;

const airportName = z.object({ identifier: z.string(), name: z.string() });

/** One row of GET /api/quote-requests (My Quotes, spec section 3), newest first. */
export const quoteRequestListItemDtoSchema = z.object({
  id: z.string(),
  uniqueId: z.string(),
  status: z.enum(QUOTE_REQUEST_STATUSES),
  createdAt: z.string(),
  arrivalDate: z.string().nullable(),
  departureDate: z.string().nullable(),
  /** Destination. */
  airport: airportName.nullable(),
  originAirport: airportName.nullable(),
  /** FBOs that answered (submitted or declined). */
  responseCount: z.number(),
  totalFbosCount: z.number(),
});
export type QuoteRequestListItemDto = z.output<typeof quoteRequestListItemDtoSchema>;
export const quoteRequestListSchema = z.array(quoteRequestListItemDtoSchema);

/** Where one invited FBO stands, as the requester sees it. */
export const QUOTE_INVITATION_STATUSES = ['open', 'submitted', 'declined', 'withdrawn'] as const;
export type QuoteInvitationStatus = (typeof QUOTE_INVITATION_STATUSES)[number];

const nullableNumber = z.number().nullable();
const answerFlags = (keys: readonly string[]) => Object.fromEntries(keys.map((k) => [k, z.boolean()]));

/** The requested services as a stored request answers them (quoteServicesSchema's output). */
export const quoteServicesDtoSchema = z.object({
  ...answerFlags([
    'fuel',
    ...FUEL_TYPE_FLAG_KEYS,
    'gpu',
    'lavService',
    'potableWater',
    'coffee',
    'ice',
    'newspapers',
    'hangar',
    'hangarTypeOvernight',
    'hangarTypeStandard',
    'hangarTypeHeated',
    'deicing',
    'airCart',
    'cleaning',
    'cleaningWindshield',
    'cleaningInterior',
    'cleaningExterior',
    'cleaningDishware',
    'cleaningDetail',
    'catering',
  ]),
  fuelEstimatedAmount: nullableNumber,
  gpuDuration: z.string().nullable(),
  lavServiceType: z.enum(LAV_SERVICE_TYPES).nullable(),
  potableWaterGallons: nullableNumber,
  coffeeType: z.enum(COFFEE_TYPES).nullable(),
  icePounds: nullableNumber,
  newspapersSets: nullableNumber,
  hangarPriority: z.enum(HANGAR_PRIORITIES).nullable(),
  deicingType: z.enum(DEICING_TYPES).nullable(),
  airCartDuration: z.string().nullable(),
}) as unknown as z.ZodType<QuoteServices>;

/** GET /api/quote-requests/{id}: the summary of spec section 2 "Quote details". */
export const quoteRequestDetailsDtoSchema = z.object({
  id: z.string(),
  uniqueId: z.string(),
  status: z.enum(QUOTE_REQUEST_STATUSES),
  createdAt: z.string(),
  cancelledAt: z.string().nullable(),
  aircraftId: z.string().nullable(),
  aircraft: quoteAircraftDtoSchema.nullable(),
  /** Destination airport id and snapshot. */
  airportId: z.string(),
  airport: quoteAirportDtoSchema,
  originAirportId: z.string().nullable(),
  originAirport: quoteAirportDtoSchema.nullable(),
  arrivalDate: z.string().nullable(),
  departureDate: z.string().nullable(),
  /** Days between arrival and departure, rounded up (spec section 9); null without both dates. */
  tripDurationDays: nullableNumber,
  /** The chosen grade (e.g. 'Jet A') or null. */
  fuelType: z.string().nullable(),
  /** Gallons (converted when the request was made in liters). */
  fuelAmount: nullableNumber,
  units: z.enum(QUOTE_UNITS),
  services: quoteServicesDtoSchema,
  /** Labels of the requested services (requestedServiceLabels). */
  requestedServices: z.array(z.string()),
  notes: z.string().nullable(),
  responseCount: z.number(),
  totalFbosCount: z.number(),
  notifications: notificationPreferencesSchema,
  requester: quoteRequesterDtoSchema,
  /** Every invited FBO and where it stands. */
  fbos: z.array(
    quoteFboDtoSchema.extend({ status: z.enum(QUOTE_INVITATION_STATUSES), respondedAt: z.string().nullable() }),
  ),
  /** 1 as sent; each amendment adds one. */
  version: z.number().int(),
  /** The amendments, oldest first (the history: who, when, what changed). */
  versions: z.array(quoteRequestVersionSchema),
});
export type QuoteRequestDetailsDto = z.output<typeof quoteRequestDetailsDtoSchema>;

/** PUT /api/quote-requests/{id}/notifications answers the saved preferences. */
export type NotificationPreferencesResponse = NotificationPreferences;

/** DELETE /api/quote-requests/{id}. */
export const deleteQuoteRequestResponseSchema = z.object({ deleted: z.string() });
export type DeleteQuoteRequestResponse = z.output<typeof deleteQuoteRequestResponseSchema>;

/** POST /api/quote-requests/{id}/cancel. */
export const cancelQuoteRequestResponseSchema = z.object({
  id: z.string(),
  status: z.literal('cancelled'),
  cancelledAt: z.string(),
  /** FBOs that had not answered and are told by e-mail. */
  withdrawnFboIds: z.array(z.string()),
});
export type CancelQuoteRequestResponse = z.output<typeof cancelQuoteRequestResponseSchema>;

// Responses (both readings of spec section 3) -------------------------------------------------------------

/** One priced line of an estimate as stored and read back (amounts in USD). */
export const quotedServiceLineDtoSchema = z.object({
  price: nullableNumber,
  quantity: nullableNumber,
  days: nullableNumber,
  /** price x quantity x days (USD), 0 when unavailable. */
  total: z.number(),
  notes: z.string().nullable(),
  unavailable: z.boolean(),
});
export type QuotedServiceLineDto = z.output<typeof quotedServiceLineDtoSchema>;

export const quotedCustomServiceDtoSchema = z.object({
  id: z.string(),
  name: z.string(),
  price: z.number(),
  notes: z.string().nullable(),
});
export type QuotedCustomServiceDto = z.output<typeof quotedCustomServiceDtoSchema>;

/** The details page's `servicesQuoted`: one entry per quoted service key plus the custom lines. */
export const servicesQuotedDtoSchema = z.object({
  ...(Object.fromEntries(ESTIMATE_SERVICE_KEYS.map((k) => [k, quotedServiceLineDtoSchema.optional()])) as Record<
    EstimateServiceKey,
    z.ZodOptional<typeof quotedServiceLineDtoSchema>
  >),
  customServices: z.array(quotedCustomServiceDtoSchema),
});
export type ServicesQuotedDto = z.output<typeof servicesQuotedDtoSchema>;

const responseCommon = z.object({
  id: z.string(),
  fboId: z.string(),
  fbo: quoteFboDtoSchema,
  /** 'declined': the FBO declined with a reason; no prices. */
  status: z.enum(['submitted', 'declined']),
  declined: z.object({ reason: z.enum(DECLINE_REASONS), label: z.string(), text: z.string().nullable() }).nullable(),
  /** When the FBO answered (ISO). */
  respondedAt: z.string(),
  /** Until when the estimate holds (ISO); null for a decline. */
  validUntil: z.string().nullable(),
  /** validUntil has passed. */
  expired: z.boolean(),
  notes: z.string().nullable(),
  /**
   * An estimate given for a version older than the request's current one (amended since): out of the comparison
   * until the FBO prices the current one. svc-quotes always sends it.
   */
  forEarlierVersion: z.boolean().optional(),
});

/** GET /api/quote-requests/{id}/responses (default): the details page's reading. Amounts in USD. */
export const quoteResponseDetailsDtoSchema = responseCommon.extend({
  /** USD with 2 decimals; null for a decline. */
  totalPrice: nullableNumber,
  totalPriceCents: nullableNumber,
  fuelQuantity: nullableNumber,
  fuelType: z.string().nullable(),
  pricePerGallon: nullableNumber,
  totalFuelPrice: nullableNumber,
  servicesQuoted: servicesQuotedDtoSchema.nullable(),
});
export type QuoteResponseDetailsDto = z.output<typeof quoteResponseDetailsDtoSchema>;

const price = z.object({ price: z.number() });

/** GET /api/quote-requests/{id}/responses?view=results: the results view's reading. totalPrice in cents. */
export const quoteResponseResultDtoSchema = responseCommon.extend({
  /** = respondedAt. */
  responseTime: z.string(),
  /** USD per gallon, or null. */
  pricePerGallon: nullableNumber,
  /** Cents (divide by 100 for dollars); null for a decline. */
  totalPrice: nullableNumber,
  servicesQuoted: z.object({
    fuel: z.object({ price: z.number(), discount: z.number() }).optional(),
    hangar: z.object({ dailyRate: z.number(), discount: z.number() }).optional(),
    cleaning: price.optional(),
    lavatory: price.optional(),
    catering: price.optional(),
    transportation: price.optional(),
  }),
});
export type QuoteResponseResultDto = z.output<typeof quoteResponseResultDtoSchema>;

/** GET /api/quote-requests/{id}/responses: the details reading, or the results reading with `?view=results`. */
export const quoteResponsesSchema = z.union([
  z.array(quoteResponseDetailsDtoSchema),
  z.array(quoteResponseResultDtoSchema),
]);

/** Price comparison of spec section 9 on the priced (not declined) responses. */
export interface PriceComparison {
  /** Response ids in ascending total order. */
  ranked: string[];
  bestId: string | null;
  /** Only with at least 2 priced responses. */
  highestId: string | null;
  /** Highest minus lowest (USD) and its percentage of the highest to 1 decimal; with more than 1 priced response. */
  savings: { amount: number; percent: number } | null;
}

export function comparePrices(responses: readonly { id: string; totalPriceCents: number | null }[]): PriceComparison {
  const priced = responses.filter((r): r is { id: string; totalPriceCents: number } => r.totalPriceCents !== null);
  priced.sort((a, b) => a.totalPriceCents - b.totalPriceCents);
  if (!priced.length) return { ranked: [], bestId: null, highestId: null, savings: null };
  const low = priced[0];
  const high = priced[priced.length - 1];
  const many = priced.length >= 2;
  const diff = high.totalPriceCents - low.totalPriceCents;
  return {
    ranked: priced.map((r) => r.id),
    bestId: low.id,
    highestId: many ? high.id : null,
    savings: many
      ? {
          amount: diff / 100,
          percent: high.totalPriceCents > 0 ? Math.round((diff / high.totalPriceCents) * 1000) / 10 : 0,
        }
      : null,
  };
}

// Live updates (GET /api/quote-requests/{id}/events, Server-Sent Events) ------------------------------------

export interface StreamCounts {
  quoteRequestId: string;
  status: QuoteRequestStatus;
  responseCount: number;
  totalFbosCount: number;
}

/** `event: response-received`: an FBO answered (submitted or declined). */
export interface ResponseReceivedStreamData extends StreamCounts {
  response: QuoteResponseDetailsDto;
}

/** `event: status-changed`. */
export interface StatusChangedStreamData extends StreamCounts {
  previousStatus: QuoteRequestStatus;
}

/** `event: cancelled`. */
export interface CancelledStreamData extends StreamCounts {
  cancelledAt: string;
}

/** `event: ready`: the stream is open; reload the data if these counts differ from what the page shows. */
export type ReadyStreamData = StreamCounts;

export interface QuoteStreamPayloads {
  ready: ReadyStreamData;
  'response-received': ResponseReceivedStreamData;
  'status-changed': StatusChangedStreamData;
  cancelled: CancelledStreamData;
}
