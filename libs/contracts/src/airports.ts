/** Airports, FBO directory, service catalogue and the admin airport import (svc-airports). */
import { z } from 'zod';
import { ValidationMessages } from './password-rules';
import { emailSchema } from './validation';

/** Upload rules (spec accounts-aircraft-billing sections 5 and 9). */
export const AIRPORT_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const AIRPORT_UPLOAD_FIELD = 'airportFile';
export const FBO_UPLOAD_FIELD = 'fboFile';
export const AIRPORT_SEARCH_MIN_CHARS = 2;
export const AIRPORT_SEARCH_MAX_RESULTS = 20;

/** One row of GET /api/airports/search. */
export const airportSearchResultSchema = z.object({
  id: z.string(),
  identifier: z.string(),
  /** IATA code, or null when the airport has none. */
  code: z.string().nullable(),
  name: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
});
export type AirportSearchResult = z.output<typeof airportSearchResultSchema>;
export const airportSearchResponseSchema = z.array(airportSearchResultSchema);

/** GET /api/airports/{code}. `state` is the region's short form (WA for US-WA). */
export const airportDtoSchema = airportSearchResultSchema.extend({
  country: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  elevation: z.number().nullable(),
  type: z.string().nullable(),
});
export type AirportDto = z.output<typeof airportDtoSchema>;

/** GET /api/airports/map(?codes=A,B): airports keyed by the code asked for (identifier or IATA code). */
export const airportMapResponseSchema = z.record(z.string(), airportSearchResultSchema);
export type AirportMapResponse = z.output<typeof airportMapResponseSchema>;

/** An FBO as the public directory shows it: no e-mail address (only svc-quotes reads it, over an internal call). */
export const fboDtoSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  logo: z.string().nullable(),
});
export type FboDto = z.output<typeof fboDtoSchema>;

/** An FBO with its listed address (the admin directory; svc-airports' internal answer to svc-quotes). */
export const fboContactDtoSchema = fboDtoSchema.extend({ email: z.string() });
export type FboContactDto = z.output<typeof fboContactDtoSchema>;

/** svc-airports' internal GET /internal/airports/{code}/fbos. */
export const airportFboContactsResponseSchema = z.object({ fbos: z.array(fboContactDtoSchema) });
export type AirportFboContactsResponse = z.output<typeof airportFboContactsResponseSchema>;

/** Where the background FBO discovery for an airport stands. `none`: the airport has FBOs, none was needed. */
export const FBO_DISCOVERY_STATUSES = ['none', 'in-progress', 'finished'] as const;
export type FboDiscoveryStatus = (typeof FBO_DISCOVERY_STATUSES)[number];

/** GET /api/airports/{code}/fbos. */
export const airportFbosResponseSchema = z.object({
  fbos: z.array(fboDtoSchema),
  discovery: z.enum(FBO_DISCOVERY_STATUSES),
});
export type AirportFbosResponse = z.output<typeof airportFbosResponseSchema>;

/** GET /api/fbo-services: ground services an FBO may add as custom lines. */
export const fboServiceDtoSchema = z.object({ id: z.string(), serviceName: z.string() });
export type FboServiceDto = z.output<typeof fboServiceDtoSchema>;
export const fboServicesResponseSchema = z.array(fboServiceDtoSchema);

/** One FBO in the admin directory (201 of POST /api/admin/fbos, 200 of PATCH /api/admin/fbos/{id}). */
export const adminFboDtoSchema = fboContactDtoSchema.extend({
  active: z.boolean(),
  airport: z.object({ id: z.string(), identifier: z.string(), code: z.string().nullable(), name: z.string() }),
});
export type AdminFboDto = z.output<typeof adminFboDtoSchema>;

/** GET /api/admin/fbos. */
export const adminFboListResponseSchema = z.object({ fbos: z.array(adminFboDtoSchema) });
export type AdminFboListResponse = z.output<typeof adminFboListResponseSchema>;

/** POST /api/admin/fbos. */
export interface CreateFboRequest {
  /** The airport's identifier or IATA code. */
  airport: string;
  name: string;
  email: string;
  phone?: string | null;
  logo?: string | null;
}

/** PATCH /api/admin/fbos/{id}. */
export type UpdateFboRequest = Partial<Omit<CreateFboRequest, 'airport'>> & { active?: boolean };

export const FBO_NAME_MAX_LENGTH = 200;
export const FBO_PHONE_MAX_LENGTH = 40;
export const FBO_LOGO_MAX_LENGTH = 2000;
const PHONE_PATTERN = /^[+0-9 ().-]{7,}$/;
const HTTP_URL_PATTERN = /^https?:\/\/\S+$/i;

/** Messages of the admin FBO form and API. */
export const FboMessages = {
  airportRequired: 'Airport is required',
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${FBO_NAME_MAX_LENGTH} characters`,
  email: ValidationMessages.email,
  phone: 'Please enter a valid phone number',
  logo: 'Logo must be an http(s) URL',
  active: 'Active must be true or false',
  unknownAirport: (code: string) => `Unknown airport "${code}"`,
} as const;

/** An FBO's name: trimmed, required. */
export const fboNameSchema = z
  .string({ error: FboMessages.nameRequired })
  .trim()
  .min(1, FboMessages.nameRequired)
  .max(FBO_NAME_MAX_LENGTH, FboMessages.nameTooLong);

/** An optional text: trimmed; blank, null or absent become null; otherwise it must pass `rule`. */
const optionalText = (max: number, pattern: RegExp, message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((text) => !text || (text.length <= max && pattern.test(text)), message)
    .nullish()
    .transform((text) => text || null);

/** An FBO's phone number: digits, spaces and + ( ) . -, at least 7 characters; blank means none. */
export const fboPhoneSchema = optionalText(FBO_PHONE_MAX_LENGTH, PHONE_PATTERN, FboMessages.phone);

/**
 * Body of POST /api/admin/fbos (the admin FBO form). Parsed: airport uppercase, name trimmed, e-mail lowercased,
 * blank phone and logo null.
 */
export const fboInputSchema = z.object({
  airport: z.string({ error: FboMessages.airportRequired }).trim().toUpperCase().min(1, FboMessages.airportRequired),
  name: fboNameSchema,
  email: emailSchema,
  phone: fboPhoneSchema,
  logo: optionalText(FBO_LOGO_MAX_LENGTH, HTTP_URL_PATTERN, FboMessages.logo),
});

export type FboInput = z.output<typeof fboInputSchema>;

/** Body of PATCH /api/admin/fbos/{id}: only the fields sent change; `active: false` deactivates. */
export const fboUpdateSchema = fboInputSchema
  .omit({ airport: true })
  .partial()
  .extend({ active: z.boolean({ error: FboMessages.active }).optional() });

export type FboChanges = z.output<typeof fboUpdateSchema>;

export const importErrorSchema = z.object({
  /** 1-based line number in the file (the header is line 1). */
  line: z.number(),
  reason: z.string(),
});
export type ImportError = z.output<typeof importErrorSchema>;

/**
 * The answer of an import (airports or FBOs; 200 of POST /api/admin/import-fbos). `errors` lists at most the first
 * 100 problems; `errorCount` counts them all. `skipped` counts duplicates.
 */
export const importResultSchema = z.object({
  imported: z.number(),
  skipped: z.number(),
  errors: z.array(importErrorSchema),
  errorCount: z.number(),
});
export type ImportResult = z.output<typeof importResultSchema>;

/** POST /api/admin/import-airports: 200 with the result when done at once, 202 when it runs in the background. */
export const importAirportsResponseSchema = z.union([
  importResultSchema.extend({ started: z.literal(false) }),
  z.object({ started: z.literal(true), importId: z.string() }),
]);
export type ImportAirportsResponse = z.output<typeof importAirportsResponseSchema>;

export const lastImportResultSchema = importResultSchema.extend({
  id: z.string(),
  source: z.string(),
  status: z.enum(['completed', 'failed']),
  failure: z.string().nullable(),
  finishedAt: z.string(),
});
export type LastImportResult = z.output<typeof lastImportResultSchema>;

/** GET /api/admin/import-status. */
export const importStatusResponseSchema = z.object({
  status: z.object({
    importComplete: z.boolean(),
    /** When the last completed import finished (ISO), or null. */
    lastImport: z.string().nullable(),
    running: z.boolean(),
    /** Rows processed so far and the total, while an import runs. */
    progress: z.object({ processed: z.number(), total: z.number() }).nullable(),
    lastResult: lastImportResultSchema.nullable(),
  }),
  counts: z.object({ airports: z.number() }),
});
export type ImportStatusResponse = z.output<typeof importStatusResponseSchema>;
