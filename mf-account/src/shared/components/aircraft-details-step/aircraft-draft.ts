import {
  AIRCRAFT_REQUIRED_FIELDS,
  DEFAULT_UNIT_SYSTEM,
  ENGINE_TYPES,
  type AircraftDto,
  type AircraftMeasures,
  type AircraftSpecsDto,
  type CreateAircraftRequest,
  type EngineType,
  type UnitSystem,
} from '@rampquote/contracts';

export type MeasureKey = keyof AircraftMeasures;
export const DIMENSION_KEYS = ['wingspan', 'length', 'height'] as const satisfies readonly MeasureKey[];
export const WEIGHT_KEYS = [
  'basicEmptyWeight',
  'maxRampWeight',
  'maxTakeoffWeight',
  'maxLandingWeight',
] as const satisfies readonly MeasureKey[];

/** The aircraft being described in the details step (also the signed-out draft kept in local storage). */
export interface AircraftDraft extends Partial<Record<MeasureKey, number>> {
  make: string;
  model: string;
  type?: EngineType;
  tailNumber?: string;
  serialNumber?: string;
  year?: number;
  unitSystem: UnitSystem;
}

/** Reset (spec section 4): empty make, empty model, no tail number, imperial units. */
export function emptyDraft(): AircraftDraft {
  return { make: '', model: '', unitSystem: DEFAULT_UNIT_SYSTEM };
}

function present(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  return true;
}

/** Next is enabled only when every required field is present (spec section 5). */
export function isDraftComplete(draft: AircraftDraft): boolean {
  return AIRCRAFT_REQUIRED_FIELDS.every((field) => present(draft[field]));
}

export function isRequiredField(field: string): boolean {
  return (AIRCRAFT_REQUIRED_FIELDS as readonly string[]).includes(field);
}

/** What a change of a numeric input does: set a number, remove the value (empty input) or nothing. */
export type NumericInputOutcome = { kind: 'set'; value: number } | { kind: 'remove' } | { kind: 'ignore' };

/**
 * Numeric input rules (spec section 5): an empty input removes the value; non-numeric input is ignored; the
 * minimum is 0 (a negative number is ignored). `badInput` is the browser's flag for text a number input could
 * not parse (its value then reads as '').
 */
export function numericInput(raw: string, badInput = false): NumericInputOutcome {
  if (badInput) return { kind: 'ignore' };
  const text = raw.trim();
  if (text === '') return { kind: 'remove' };
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0) return { kind: 'ignore' };
  return { kind: 'set', value };
}

export function applyNumericInput(draft: AircraftDraft, key: MeasureKey, raw: string, badInput = false): AircraftDraft {
  const outcome = numericInput(raw, badInput);
  if (outcome.kind === 'ignore') return draft;
  const next = { ...draft };
  if (outcome.kind === 'remove') delete next[key];
  else next[key] = outcome.value;
  return next;
}

/** Changing the make clears the model (spec section 4). */
export function withMake(draft: AircraftDraft, make: string): AircraftDraft {
  return { ...draft, make, model: '' };
}

/** A catalogue specification fills the form; the user's tail number, serial number and year stay. */
export function withSpecs(draft: AircraftDraft, specs: AircraftSpecsDto): AircraftDraft {
  const next: AircraftDraft = { make: specs.make, model: specs.model, type: specs.type, unitSystem: specs.unitSystem };
  for (const key of [...DIMENSION_KEYS, ...WEIGHT_KEYS, 'minRunwayLength'] as const) next[key] = specs[key];
  if (draft.tailNumber) next.tailNumber = draft.tailNumber;
  if (draft.serialNumber) next.serialNumber = draft.serialNumber;
  if (draft.year) next.year = draft.year;
  return next;
}

/** A failed lookup keeps only make and model. */
export function afterFailedLookup(draft: AircraftDraft): AircraftDraft {
  return { ...emptyDraft(), make: draft.make, model: draft.model };
}

/** Picking a saved aircraft copies it, without id and userId, into the form. */
export function draftFromSaved(aircraft: AircraftDto): AircraftDraft {
  const draft: AircraftDraft = { make: aircraft.make, model: aircraft.model, unitSystem: aircraft.unitSystem };
  if (aircraft.type) draft.type = aircraft.type;
  if (aircraft.tailNumber) draft.tailNumber = aircraft.tailNumber;
  if (aircraft.serialNumber) draft.serialNumber = aircraft.serialNumber;
  if (aircraft.year !== null) draft.year = aircraft.year;
  for (const key of [...DIMENSION_KEYS, ...WEIGHT_KEYS, 'minRunwayLength'] as const) {
    const value = aircraft[key];
    if (value !== null) draft[key] = value;
  }
  return draft;
}

/** The saved aircraft the draft still describes (same make, model and tail number), if any. */
export function matchingSaved(
  draft: AircraftDraft,
  saved: readonly AircraftDto[],
  selectedId: string | null,
): AircraftDto | undefined {
  const selected = saved.find((a) => a.id === selectedId);
  if (!selected) return undefined;
  const same =
    selected.make === draft.make &&
    selected.model === draft.model &&
    (selected.tailNumber ?? '').toUpperCase() === (draft.tailNumber ?? '').trim().toUpperCase();
  return same ? selected : undefined;
}

/** POST /create-aircraft body: numeric fields as numbers, text trimmed, tail number uppercase. */
export function toCreateRequest(draft: AircraftDraft): CreateAircraftRequest {
  const body: CreateAircraftRequest = {
    make: draft.make,
    model: draft.model,
    type: draft.type as EngineType,
    tailNumber: (draft.tailNumber ?? '').trim().toUpperCase(),
    unitSystem: draft.unitSystem,
  };
  if (draft.serialNumber?.trim()) body.serialNumber = draft.serialNumber.trim();
  if (draft.year !== undefined) body.year = Number(draft.year);
  for (const key of [...DIMENSION_KEYS, ...WEIGHT_KEYS, 'minRunwayLength'] as const) {
    if (draft[key] !== undefined) body[key] = Number(draft[key]);
  }
  return body;
}

/** Reads a stored draft back (anything malformed is dropped). */
export function parseDraft(value: unknown): AircraftDraft | null {
  if (!value || typeof value !== 'object') return null;
  const record = value as Record<string, unknown>;
  if (typeof record.make !== 'string' || typeof record.model !== 'string') return null;
  const draft: AircraftDraft = {
    make: record.make,
    model: record.model,
    unitSystem: record.unitSystem === 'metric' ? 'metric' : 'imperial',
  };
  if (typeof record.type === 'string' && (ENGINE_TYPES as readonly string[]).includes(record.type))
    draft.type = record.type as EngineType;
  if (typeof record.tailNumber === 'string') draft.tailNumber = record.tailNumber;
  if (typeof record.serialNumber === 'string') draft.serialNumber = record.serialNumber;
  if (typeof record.year === 'number') draft.year = record.year;
  for (const key of [...DIMENSION_KEYS, ...WEIGHT_KEYS, 'minRunwayLength'] as const) {
    const v = record[key];
    if (typeof v === 'number' && Number.isFinite(v) && v >= 0) draft[key] = v;
  }
  return draft;
}

/** The draft is kept for a signed-out user once make, model and tail number are set (spec section 3). */
export function isStorableDraft(draft: AircraftDraft): boolean {
  return present(draft.make) && present(draft.model) && present(draft.tailNumber);
}
