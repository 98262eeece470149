/** Airports, FBO directory, service catalogue and the admin airport import (svc-airports; issue 5). */
import { z } from 'zod';
import { ValidationMessages } from './password-rules';
import { emailSchema } from './validation';

/** Browser-facing paths of svc-airports besides those in ApiRoutes (through the gateway). */
export const AirportRoutes = {
  search: '/api/airports/search',
  map: '/api/airports/map',
  airport: (code: string) => `/api/airports/${encodeURIComponent(code)}`,
  fbos: (code: string) => `/api/airports/${encodeURIComponent(code)}/fbos`,
  fboServices: '/api/fbo-services',
  importAirports: '/api/admin/import-airports',
  importStatus: '/api/admin/import-status',
  adminFbos: '/api/admin/fbos',
  adminFbo: (id: string) => `/api/admin/fbos/${encodeURIComponent(id)}`,
  importFbos: '/api/admin/import-fbos',
} as const;

/** Upload rules (spec accounts-aircraft-billing sections 5 and 9). */
export const AIRPORT_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const AIRPORT_UPLOAD_FIELD = 'airportFile';
export const FBO_UPLOAD_FIELD = 'fboFile';
export const AIRPORT_SEARCH_MIN_CHARS = 2;
export const AIRPORT_SEARCH_MAX_RESULTS = 20;

/** One row of GET /api/airports/search. */
export interface AirportSearchResult {
  id: string;
  identifier: string;
  /** IATA code, or null when the airport has none. */
  code: string | null;
  name: string;
  city: string | null;
  state: string | null;
}

/** GET /api/airports/{code}. `state` is the region's short form (WA for US-WA). */
export interface AirportDto extends AirportSearchResult {
  country: string | null;
  latitude: number | null;
  longitude: number | null;
  elevation: number | null;
  type: string | null;
}

/** GET /api/airports/map(?codes=A,B): airports keyed by the code asked for (identifier or IATA code). */
export type AirportMapResponse = Record<string, AirportSearchResult>;

export interface FboDto {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  logo: string | null;
}

/** Where the background FBO discovery for an airport stands. `none`: the airport has FBOs, none was needed. */
export type FboDiscoveryStatus = 'none' | 'in-progress' | 'finished';

/** GET /api/airports/{code}/fbos. */
export interface AirportFbosResponse {
  fbos: FboDto[];
  discovery: FboDiscoveryStatus;
}

/** GET /api/fbo-services: ground services an FBO may add as custom lines. */
export interface FboServiceDto {
  id: string;
  serviceName: string;
}

/** One FBO in the admin directory. */
export interface AdminFboDto extends FboDto {
  active: boolean;
  airport: { id: string; identifier: string; code: string | null; name: string };
}

export interface AdminFboListResponse {
  fbos: AdminFboDto[];
}

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

export interface ImportError {
  /** 1-based line number in the file (the header is line 1). */
  line: number;
  reason: string;
}

/**
 * The answer of an import (airports or FBOs). `errors` lists at most the first 100 problems;
 * `errorCount` counts them all. `skipped` counts duplicates.
 */
export interface ImportResult {
  imported: number;
  skipped: number;
  errors: ImportError[];
  errorCount: number;
}

/** POST /api/admin/import-airports: 200 with the result when done at once, 202 when it runs in the background. */
export type ImportAirportsResponse = (ImportResult & { started: false }) | { started: true; importId: string };

export interface LastImportResult extends ImportResult {
  id: string;
  source: string;
  status: 'completed' | 'failed';
  failure: string | null;
  finishedAt: string;
}

/** GET /api/admin/import-status. */
export interface ImportStatusResponse {
  status: {
    importComplete: boolean;
    /** When the last completed import finished (ISO), or null. */
    lastImport: string | null;
    running: boolean;
    /** Rows processed so far and the total, while an import runs. */
    progress: { processed: number; total: number } | null;
    lastResult: LastImportResult | null;
  };
  counts: { airports: number };
}

export interface AirportsImportedData {
  importId: string;
  source: string;
  imported: number;
  skipped: number;
  errorCount: number;
  airports: number;
}

export interface FboDiscoveryRequestedData {
  airportId: string;
  identifier: string;
  code: string | null;
}
