/**
 * Saved aircraft and the aircraft catalogue (spec accounts-aircraft-billing sections 3, 5, 7 and 9):
 * DTOs, enumerations, unit systems, field rules and messages shared by svc-fleet and the aircraft forms.
 */
import { z } from 'zod';
import { isBlank, RequestMessages } from './validation';

/** Engine types (labelled "Engine Type"), spec section 9. */
export const ENGINE_TYPES = ['Piston', 'Turboprop', 'Turbofan', 'Turbojet'] as const;
export type EngineType = (typeof ENGINE_TYPES)[number];

/** Unit systems, spec section 9 (default imperial). */
export const UNIT_SYSTEMS = ['imperial', 'metric'] as const;
export type UnitSystem = (typeof UNIT_SYSTEMS)[number];
export const DEFAULT_UNIT_SYSTEM: UnitSystem = 'imperial';

/** Unit labels, spec section 5. */
export const UNIT_LABELS: Record<UnitSystem, { length: string; weight: string; temperature: string }> = {
  imperial: { length: 'ft', weight: 'lbs', temperature: '°F' },
  metric: { length: 'm', weight: 'kg', temperature: '°C' },
};

/** Minimum runway length choices, spec section 5 (imperial in ft, metric in m). */
export const RUNWAY_LENGTH_CHOICES: Record<UnitSystem, readonly number[]> = {
  imperial: [2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000, 10000],
  metric: [610, 915, 1220, 1525, 1830, 2135, 2440, 2745, 3050],
};

/** Year choices: 1950 to 2025 (spec section 9). */
export const AIRCRAFT_YEAR_MIN = 1950;
export const AIRCRAFT_YEAR_MAX = 2025;
/** The 76 year choices, newest first. */
export function aircraftYearChoices(): number[] {
  const years: number[] = [];
  for (let y = AIRCRAFT_YEAR_MAX; y >= AIRCRAFT_YEAR_MIN; y -= 1) years.push(y);
  return years;
}

/** Dimensions and weights of an aircraft, in the unit system it states. */
export interface AircraftMeasures {
  /** ft or m, one decimal. */
  wingspan: number | null;
  length: number | null;
  height: number | null;
  /** lbs or kg, whole numbers. */
  basicEmptyWeight: number | null;
  maxRampWeight: number | null;
  maxTakeoffWeight: number | null;
  maxLandingWeight: number | null;
  /** ft or m, whole number. */
  minRunwayLength: number | null;
}

const MEASURE_FIELDS = [
  'wingspan',
  'length',
  'height',
  'basicEmptyWeight',
  'maxRampWeight',
  'maxTakeoffWeight',
  'maxLandingWeight',
  'minRunwayLength',
] as const satisfies readonly (keyof AircraftMeasures)[];
const measures = <T extends z.ZodType>(value: T) =>
  Object.fromEntries(MEASURE_FIELDS.map((f) => [f, value])) as Record<keyof AircraftMeasures, T>;

/** A saved aircraft as the API returns it (GET /api/aircraft ...). Numeric fields are numbers. */
export const aircraftDtoSchema = z.object({
  ...measures(z.number().nullable()),
  id: z.string(),
  userId: z.string(),
  /** Profile name: the first word of the model joined to the tail number. */
  name: z.string(),
  make: z.string(),
  model: z.string(),
  type: z.enum(ENGINE_TYPES).nullable(),
  /** Uppercase. */
  tailNumber: z.string().nullable(),
  serialNumber: z.string().nullable(),
  year: z.number().nullable(),
  unitSystem: z.enum(UNIT_SYSTEMS),
  isDefault: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AircraftDto = z.output<typeof aircraftDtoSchema>;

/** GET /api/aircraft/specs/{make}/{model}: catalogue figures (all present) in the requested unit system. */
export const aircraftSpecsDtoSchema = z.object({
  ...measures(z.number()),
  make: z.string(),
  model: z.string(),
  type: z.enum(ENGINE_TYPES),
  unitSystem: z.enum(UNIT_SYSTEMS),
});
export type AircraftSpecsDto = z.output<typeof aircraftSpecsDtoSchema>;

/** GET /api/aircraft/makes and GET /api/aircraft/models/{make}: names, sorted. */
export const catalogueNamesSchema = z.array(z.string());

/** POST /create-aircraft (the aircraft details step): the full aircraft fields. */
export interface CreateAircraftRequest extends Partial<AircraftMeasures> {
  make: string;
  model: string;
  type: EngineType;
  tailNumber: string;
  serialNumber?: string | null;
  year?: number | null;
  unitSystem?: UnitSystem;
  /** Make it the user's default (the first aircraft always becomes the default). */
  isDefault?: boolean;
}

/** POST /api/aircraft and PUT /api/aircraft/{id} (the list page's simple form). */
export interface SimpleAircraftRequest {
  make: string;
  model: string;
  tailNumber?: string | null;
}

/**
 * PATCH /api/aircraft/{id}: any aircraft fields; `null` clears an optional value. A changed tail number (or
 * model) regenerates the name unless the request also carries a name different from the stored one.
 * `isDefault: true` makes it the default; the default cannot be unset (star another aircraft instead).
 */
export type UpdateAircraftRequest = Partial<Omit<CreateAircraftRequest, 'isDefault'>> & {
  name?: string | null;
  isDefault?: boolean;
};

/** DELETE /api/aircraft/{id}: what was deleted and the user's default afterwards. */
export const deleteAircraftResponseSchema = z.object({
  deleted: z.string(),
  defaultAircraftId: z.string().nullable(),
});
export type DeleteAircraftResponse = z.output<typeof deleteAircraftResponseSchema>;

/** Field labels used in messages and forms. */
export const AircraftFieldLabels = {
  name: 'Name',
  make: 'Make',
  model: 'Model',
  type: 'Engine type',
  tailNumber: 'Tail number',
  serialNumber: 'Serial number',
  year: 'Year',
  wingspan: 'Wingspan',
  length: 'Length',
  height: 'Height',
  basicEmptyWeight: 'Basic empty weight',
  maxRampWeight: 'Max ramp weight',
  maxTakeoffWeight: 'Max takeoff weight',
  maxLandingWeight: 'Max landing weight',
  minRunwayLength: 'Minimum runway length',
  unitSystem: 'Unit system',
  isDefault: 'Default',
} as const;
export type AircraftField = keyof typeof AircraftFieldLabels;

/** Fields the details step needs before Next (spec section 5); required by POST /create-aircraft. */
export const AIRCRAFT_REQUIRED_FIELDS = [
  'make',
  'model',
  'type',
  'tailNumber',
  'wingspan',
  'length',
  'height',
  'basicEmptyWeight',
  'minRunwayLength',
] as const satisfies readonly AircraftField[];

/** Numeric fields: decimals allowed (dimensions step 0.1, weights and runway step 1) and a sanity maximum. */
export const AIRCRAFT_NUMERIC_FIELDS = {
  wingspan: { decimals: 1, max: 1000 },
  length: { decimals: 1, max: 1000 },
  height: { decimals: 1, max: 1000 },
  basicEmptyWeight: { decimals: 0, max: 2_000_000 },
  maxRampWeight: { decimals: 0, max: 2_000_000 },
  maxTakeoffWeight: { decimals: 0, max: 2_000_000 },
  maxLandingWeight: { decimals: 0, max: 2_000_000 },
  minRunwayLength: { decimals: 0, max: 50_000 },
} as const satisfies Record<keyof AircraftMeasures, { decimals: number; max: number }>;

export const AIRCRAFT_TEXT_MAX = { make: 100, model: 100, name: 100, serialNumber: 50 } as const;
/** Tail numbers: letters, digits and dashes, stored uppercase. */
export const TAIL_NUMBER_PATTERN = /^[A-Z0-9][A-Z0-9-]{0,9}$/;

/** Messages of the aircraft API and forms. "Make is required" / "Model is required" are the spec's words. */
/** The most aircraft one user may save; a list answers at most this many, so its default page holds them all. */
export const MAX_SAVED_AIRCRAFT = 200;

export const AircraftMessages = {
  invalidRequest: RequestMessages.invalidRequest,
  authenticationRequired: 'Authentication required',
  notFound: 'Aircraft not found',
  specsNotFound: 'No specifications found for this make and model',
  required: (field: AircraftField) => `${AircraftFieldLabels[field]} is required`,
  mustBeText: (field: AircraftField) => `${AircraftFieldLabels[field]} must be text`,
  tooLong: (field: AircraftField, max: number) => `${AircraftFieldLabels[field]} must be at most ${max} characters`,
  mustBeNumber: (field: AircraftField) => `${AircraftFieldLabels[field]} must be a number`,
  notNegative: (field: AircraftField) => `${AircraftFieldLabels[field]} must be 0 or more`,
  tooLarge: (field: AircraftField, max: number) => `${AircraftFieldLabels[field]} must be at most ${max}`,
  decimals: (field: AircraftField, decimals: number) =>
    decimals === 0
      ? `${AircraftFieldLabels[field]} must be a whole number`
      : `${AircraftFieldLabels[field]} must have at most one decimal place`,
  year: `Year must be a whole number between ${AIRCRAFT_YEAR_MIN} and ${AIRCRAFT_YEAR_MAX}`,
  engineType: `Engine type must be one of ${ENGINE_TYPES.join(', ')}`,
  unitSystem: 'Unit system must be imperial or metric',
  tailNumber: 'Tail number may contain only letters, digits and dashes (at most 10 characters)',
  isDefault: 'Default must be true or false',
  cannotUnsetDefault: 'This is your default aircraft; make another aircraft the default instead',
  unknownField: (field: string) => `Unknown field: ${field}`,
  tooMany: `You can save up to ${MAX_SAVED_AIRCRAFT} aircraft. Delete one to add another.`,
  listLimit: `limit must be a whole number from 1 to ${MAX_SAVED_AIRCRAFT}`,
  listOffset: 'offset must be a whole number of 0 or more',
} as const;

/** `?limit` (default and most: MAX_SAVED_AIRCRAFT) and `?offset` of the saved-aircraft lists. */
export const aircraftListQuerySchema = z.object({
  limit: z.coerce
    .number({ error: AircraftMessages.listLimit })
    .int(AircraftMessages.listLimit)
    .min(1, AircraftMessages.listLimit)
    .max(MAX_SAVED_AIRCRAFT, AircraftMessages.listLimit)
    .default(MAX_SAVED_AIRCRAFT),
  offset: z.coerce
    .number({ error: AircraftMessages.listOffset })
    .int(AircraftMessages.listOffset)
    .min(0, AircraftMessages.listOffset)
    .default(0),
});
export type AircraftListQuery = z.output<typeof aircraftListQuerySchema>;

// ---------------------------------------------------------------------------------------------------------
// Request bodies (spec section 5): one schema per body, one detail per failed field, in field order.

/**
 * - `create`: POST /create-aircraft, the details step; the spec's required fields must be present.
 * - `simple`: POST /api/aircraft and PUT /api/aircraft/{id}; only make and model are required.
 * - `update`: PATCH /api/aircraft/{id}; any field, none required, `null` clears an optional one.
 */
export type AircraftBodyKind = 'create' | 'simple' | 'update';

const REQUIRED_BY_KIND: Record<AircraftBodyKind, readonly AircraftField[]> = {
  create: AIRCRAFT_REQUIRED_FIELDS,
  simple: ['make', 'model'],
  update: [],
};
/** Fields that can never be cleared once an aircraft exists. */
const NEVER_EMPTY: readonly AircraftField[] = ['make', 'model'];

/**
 * The presence rules around a field's value schema: absent means "not set", null or blank text means "clear"
 * (null); either is "<Field> is required" where the body needs the field (make and model can never be cleared).
 */
function aircraftField<T extends z.ZodType>(field: AircraftField, kind: AircraftBodyKind, value: T) {
  const required = REQUIRED_BY_KIND[kind].includes(field);
  const neverEmpty = NEVER_EMPTY.includes(field);
  const checked = z
    .preprocess((raw: z.input<T> | null | undefined) => (isBlank(raw) ? null : raw), value.nullish())
    // A transform (not a refinement): an absent required key must fail, and zod skips absent optional ones.
    .transform((parsed, ctx) => {
      if ((parsed === undefined && required) || (parsed === null && (required || neverEmpty))) {
        ctx.addIssue({ code: 'custom', message: AircraftMessages.required(field) });
      }
      return parsed;
    });
  return required ? checked : checked.optional();
}

/** Text: trimmed, inner spaces collapsed, bounded. */
const aircraftText = (field: keyof typeof AIRCRAFT_TEXT_MAX) =>
  z
    .string({ error: AircraftMessages.mustBeText(field) })
    .trim()
    .overwrite((text) => text.replace(/\s+/g, ' '))
    .max(AIRCRAFT_TEXT_MAX[field], AircraftMessages.tooLong(field, AIRCRAFT_TEXT_MAX[field]));

/** An engine type in any letter case, stored as the catalogue writes it. */
const engineTypeSchema = z.string({ error: AircraftMessages.engineType }).transform((text, ctx): EngineType => {
  const match = ENGINE_TYPES.find((type) => type.toLowerCase() === text.trim().toLowerCase());
  if (!match) ctx.addIssue({ code: 'custom', message: AircraftMessages.engineType });
  return match ?? z.NEVER;
});

const tailNumberSchema = z
  .string({ error: AircraftMessages.mustBeText('tailNumber') })
  .trim()
  .toUpperCase()
  .regex(TAIL_NUMBER_PATTERN, AircraftMessages.tailNumber);

const yearSchema = z
  .number({ error: AircraftMessages.year })
  .int({ error: AircraftMessages.year, abort: true })
  .min(AIRCRAFT_YEAR_MIN, { error: AircraftMessages.year, abort: true })
  .max(AIRCRAFT_YEAR_MAX, AircraftMessages.year);

/** A dimension, weight or runway length: a number (not numeric text), 0 or more, bounded, with the spec's step. */
const measureSchema = (field: keyof AircraftMeasures) => {
  const { decimals, max } = AIRCRAFT_NUMERIC_FIELDS[field];
  return z
    .number({ error: AircraftMessages.mustBeNumber(field) })
    .min(0, { error: AircraftMessages.notNegative(field), abort: true })
    .max(max, { error: AircraftMessages.tooLarge(field, max), abort: true })
    .refine((value) => Number(value.toFixed(decimals)) === value, AircraftMessages.decimals(field, decimals));
};

const unitSystemSchema = z.enum(UNIT_SYSTEMS, { error: AircraftMessages.unitSystem });

/** The fields every aircraft body may carry, in field order. */
function aircraftShape(kind: AircraftBodyKind) {
  return {
    make: aircraftField('make', kind, aircraftText('make')),
    model: aircraftField('model', kind, aircraftText('model')),
    type: aircraftField('type', kind, engineTypeSchema),
    tailNumber: aircraftField('tailNumber', kind, tailNumberSchema),
    serialNumber: aircraftField('serialNumber', kind, aircraftText('serialNumber')),
    year: aircraftField('year', kind, yearSchema),
    wingspan: aircraftField('wingspan', kind, measureSchema('wingspan')),
    length: aircraftField('length', kind, measureSchema('length')),
    height: aircraftField('height', kind, measureSchema('height')),
    basicEmptyWeight: aircraftField('basicEmptyWeight', kind, measureSchema('basicEmptyWeight')),
    maxRampWeight: aircraftField('maxRampWeight', kind, measureSchema('maxRampWeight')),
    maxTakeoffWeight: aircraftField('maxTakeoffWeight', kind, measureSchema('maxTakeoffWeight')),
    maxLandingWeight: aircraftField('maxLandingWeight', kind, measureSchema('maxLandingWeight')),
    minRunwayLength: aircraftField('minRunwayLength', kind, measureSchema('minRunwayLength')),
    // A new aircraft without a unit system is imperial; a PATCH cannot clear it.
    unitSystem:
      kind === 'update'
        ? unitSystemSchema.optional()
        : z
            .preprocess(
              (raw: UnitSystem | '' | null | undefined) => (isBlank(raw) ? undefined : raw),
              unitSystemSchema.optional(),
            )
            .optional(),
  };
}

/** `isDefault`: true or false; null is the same as absent. */
const isDefaultSchema = z
  .boolean({ error: AircraftMessages.isDefault })
  .nullish()
  .transform((value) => value ?? undefined);

/** Only the fields the request sets (a key whose value parsed to undefined is dropped). */
const setFieldsOnly = <T extends object>(body: T) =>
  Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };

/**
 * Body of POST /create-aircraft (the details step): the spec's required fields (AIRCRAFT_REQUIRED_FIELDS) and any
 * other aircraft field; `isDefault: true` makes it the default. Parsed: text tidied, tail number uppercase, engine
 * type as the catalogue writes it. Fields the API owns (id, userId, name, timestamps) and unknown ones are dropped.
 */
export const createAircraftSchema = z
  .object({ ...aircraftShape('create'), isDefault: isDefaultSchema })
  .transform(setFieldsOnly);

/** Body of POST /api/aircraft and PUT /api/aircraft/{id} (the list page's simple form): make and model required. */
export const simpleAircraftSchema = z.object(aircraftShape('simple')).transform(setFieldsOnly);

/** Body of PATCH /api/aircraft/{id}: any field, none required; null clears an optional one; `name` may be chosen. */
export const updateAircraftSchema = z
  .object({
    name: aircraftField('name', 'update', aircraftText('name')),
    ...aircraftShape('update'),
    isDefault: isDefaultSchema,
  })
  .transform(setFieldsOnly);

/** The aircraft fields a request sets, after parsing (only the keys it carried; null clears). */
export type AircraftChanges = z.output<typeof updateAircraftSchema>;
export type CreateAircraftInput = z.output<typeof createAircraftSchema>;
export type SimpleAircraftInput = z.output<typeof simpleAircraftSchema>;

/** The profile name: the first word of the model joined to the tail number (spec section 3). */
export function aircraftProfileName(model: string, tailNumber: string | null | undefined): string {
  const firstWord = model.trim().split(/\s+/)[0] ?? '';
  const tail = (tailNumber ?? '').trim().toUpperCase();
  return [firstWord, tail].filter(Boolean).join(' ');
}

const FT_TO_M = 0.3048;
const LB_TO_KG = 0.45359237;

/** Converts measures between unit systems (dimensions to one decimal, weights and runway to whole numbers). */
export function convertMeasures<T extends Partial<AircraftMeasures>>(measures: T, from: UnitSystem, to: UnitSystem): T {
  if (from === to) return { ...measures };
  const length = to === 'metric' ? FT_TO_M : 1 / FT_TO_M;
  const weight = to === 'metric' ? LB_TO_KG : 1 / LB_TO_KG;
  const scale = (value: number | null | undefined, factor: number, decimals: number) =>
    value === null || value === undefined ? value : Number((value * factor).toFixed(decimals));
  const out: Partial<AircraftMeasures> = { ...measures };
  for (const key of ['wingspan', 'length', 'height'] as const)
    if (key in measures) out[key] = scale(measures[key], length, 1) as number | null;
  for (const key of ['basicEmptyWeight', 'maxRampWeight', 'maxTakeoffWeight', 'maxLandingWeight'] as const) {
    if (key in measures) out[key] = scale(measures[key], weight, 0) as number | null;
  }
  if ('minRunwayLength' in measures) out.minRunwayLength = scale(measures.minRunwayLength, length, 0) as number | null;
  return out as T;
}
