import {
  AIRCRAFT_NUMERIC_FIELDS,
  AIRCRAFT_REQUIRED_FIELDS,
  AIRCRAFT_TEXT_MAX,
  AIRCRAFT_YEAR_MAX,
  AIRCRAFT_YEAR_MIN,
  AircraftMessages,
  ENGINE_TYPES,
  TAIL_NUMBER_PATTERN,
  UNIT_SYSTEMS,
  type AircraftField,
  type AircraftMeasures,
  type EngineType,
  type UnitSystem,
} from '@rampquote/contracts';

/** The aircraft fields a request may set, after validation (only the keys the request carried). */
export interface AircraftInput extends Partial<AircraftMeasures> {
  name?: string | null;
  make?: string;
  model?: string;
  type?: EngineType | null;
  /** Uppercase; null when cleared. */
  tailNumber?: string | null;
  serialNumber?: string | null;
  year?: number | null;
  unitSystem?: UnitSystem;
  isDefault?: boolean;
}

export interface FieldError {
  field: string;
  message: string;
}

export type AircraftValidation = { ok: true; value: AircraftInput } | { ok: false; details: FieldError[] };

/**
 * - `create`: POST /create-aircraft, the details step; the spec's required fields (section 5) must be present.
 * - `simple`: POST /api/aircraft and PUT /api/aircraft/{id}; only make and model are required.
 * - `update`: PATCH /api/aircraft/{id}; any field, none required, `null` clears an optional one.
 */
export type AircraftValidationMode = 'create' | 'simple' | 'update';

const REQUIRED: Record<AircraftValidationMode, readonly AircraftField[]> = {
  create: AIRCRAFT_REQUIRED_FIELDS,
  simple: ['make', 'model'],
  update: [],
};

/** Fields that can never be cleared once an aircraft exists. */
const NEVER_EMPTY: readonly AircraftField[] = ['make', 'model'];

const absent = (value: unknown) => value === undefined;
const empty = (value: unknown) => value === null || (typeof value === 'string' && value.trim() === '');

/**
 * Checks an aircraft request body field by field (spec section 5) and lists one detail per problem, in field
 * order. Fields the API computes or owns (id, userId, timestamps) and unknown fields are ignored; the name is
 * only accepted on update (it is generated otherwise).
 */
export function validateAircraftInput(body: unknown, mode: AircraftValidationMode): AircraftValidation {
  const input = (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
  const details: FieldError[] = [];
  const value: AircraftInput = {};
  const required = new Set<AircraftField>(REQUIRED[mode]);
  const fail = (field: AircraftField, message: string) => details.push({ field, message });

  /** undefined: nothing to set; null: clear; otherwise the raw value to check. */
  const take = (field: AircraftField): unknown => {
    const raw = input[field];
    if (absent(raw) || empty(raw)) {
      if (required.has(field) || (!absent(raw) && NEVER_EMPTY.includes(field))) {
        fail(field, AircraftMessages.required(field));
        return undefined;
      }
      return absent(raw) ? undefined : null;
    }
    return raw;
  };

  const text = (field: 'make' | 'model' | 'serialNumber' | 'name', max: number) => {
    const raw = take(field);
    if (raw === null) (value as Record<string, unknown>)[field] = null;
    if (raw === undefined || raw === null) return;
    if (typeof raw !== 'string') return fail(field, AircraftMessages.mustBeText(field));
    const trimmed = raw.trim().replace(/\s+/g, ' ');
    if (trimmed.length > max) return fail(field, AircraftMessages.tooLong(field, max));
    (value as Record<string, unknown>)[field] = trimmed;
  };

  if (mode === 'update') text('name', AIRCRAFT_TEXT_MAX.name);
  text('make', AIRCRAFT_TEXT_MAX.make);
  text('model', AIRCRAFT_TEXT_MAX.model);

  const type = take('type');
  if (type === null) value.type = null;
  else if (type !== undefined) {
    const match = typeof type === 'string' ? ENGINE_TYPES.find((t) => t.toLowerCase() === type.trim().toLowerCase()) : undefined;
    if (match) value.type = match;
    else fail('type', AircraftMessages.engineType);
  }

  const tail = take('tailNumber');
  if (tail === null) value.tailNumber = null;
  else if (tail !== undefined) {
    if (typeof tail !== 'string') fail('tailNumber', AircraftMessages.mustBeText('tailNumber'));
    else {
      const upper = tail.trim().toUpperCase();
      if (TAIL_NUMBER_PATTERN.test(upper)) value.tailNumber = upper;
      else fail('tailNumber', AircraftMessages.tailNumber);
    }
  }

  text('serialNumber', AIRCRAFT_TEXT_MAX.serialNumber);

  const year = take('year');
  if (year === null) value.year = null;
  else if (year !== undefined) {
    if (typeof year === 'number' && Number.isInteger(year) && year >= AIRCRAFT_YEAR_MIN && year <= AIRCRAFT_YEAR_MAX) value.year = year;
    else fail('year', AircraftMessages.year);
  }

  for (const [field, rule] of Object.entries(AIRCRAFT_NUMERIC_FIELDS) as [keyof AircraftMeasures, { decimals: number; max: number }][]) {
    const raw = take(field);
    if (raw === null) value[field] = null;
    if (raw === undefined || raw === null) continue;
    if (typeof raw !== 'number' || !Number.isFinite(raw)) fail(field, AircraftMessages.mustBeNumber(field));
    else if (raw < 0) fail(field, AircraftMessages.notNegative(field));
    else if (raw > rule.max) fail(field, AircraftMessages.tooLarge(field, rule.max));
    else if (Number(raw.toFixed(rule.decimals)) !== raw) fail(field, AircraftMessages.decimals(field, rule.decimals));
    else value[field] = raw;
  }

  const unitSystem = input.unitSystem;
  if (!absent(unitSystem)) {
    if (typeof unitSystem === 'string' && (UNIT_SYSTEMS as readonly string[]).includes(unitSystem)) value.unitSystem = unitSystem as UnitSystem;
    else if (!(empty(unitSystem) && mode !== 'update')) fail('unitSystem', AircraftMessages.unitSystem);
  }

  const isDefault = input.isDefault;
  if (!absent(isDefault) && isDefault !== null && mode !== 'simple') {
    if (typeof isDefault === 'boolean') value.isDefault = isDefault;
    else fail('isDefault', AircraftMessages.isDefault);
  }

  return details.length ? { ok: false, details } : { ok: true, value };
}
