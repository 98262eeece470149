import {
  aircraftProfileName,
  aircraftYearChoices,
  convertMeasures,
  createAircraftSchema,
  RUNWAY_LENGTH_CHOICES,
  simpleAircraftSchema,
  updateAircraftSchema,
} from './aircraft';
import { toFieldErrors } from './validation';

describe('aircraft contracts', () => {
  it('names a profile by the first word of the model and the uppercase tail number', () => {
    expect(aircraftProfileName('Citation CJ4', 'n525cj')).toBe('Citation N525CJ');
    expect(aircraftProfileName('  King Air 350 ', 'N350KA')).toBe('King N350KA');
    expect(aircraftProfileName('SR22', null)).toBe('SR22');
  });

  it('offers the 76 years from 2025 down to 1950', () => {
    const years = aircraftYearChoices();
    expect(years).toHaveLength(76);
    expect([years[0], years[75]]).toEqual([2025, 1950]);
  });

  it('converts measures to metric and back with the spec’s decimals', () => {
    const metric = convertMeasures(
      { wingspan: 36.1, basicEmptyWeight: 1663, minRunwayLength: 2000, height: null },
      'imperial',
      'metric',
    );
    expect(metric).toEqual({ wingspan: 11, basicEmptyWeight: 754, minRunwayLength: 610, height: null });
    expect(convertMeasures({ wingspan: 11, minRunwayLength: 610 }, 'metric', 'imperial')).toEqual({
      wingspan: 36.1,
      minRunwayLength: 2001,
    });
    expect(RUNWAY_LENGTH_CHOICES.metric).toHaveLength(RUNWAY_LENGTH_CHOICES.imperial.length);
  });
});

const full = {
  make: 'Cessna',
  model: '172S Skyhawk',
  type: 'Piston',
  tailNumber: 'n123ab',
  wingspan: 36.1,
  length: 27.2,
  height: 8.9,
  basicEmptyWeight: 1663,
  minRunwayLength: 2000,
};

const check = (
  schema: typeof createAircraftSchema | typeof simpleAircraftSchema | typeof updateAircraftSchema,
  body: unknown,
) => {
  const result = schema.safeParse(body);
  return result.success ? { ok: true, value: result.data } : { ok: false, details: toFieldErrors(result.error) };
};

describe('aircraft request bodies (spec section 5)', () => {
  it('accepts the details step’s required fields, uppercases the tail number and tidies text', () => {
    expect(check(createAircraftSchema, { ...full, make: '  Cessna ', model: '172S   Skyhawk' })).toEqual({
      ok: true,
      value: { ...full, model: '172S Skyhawk', tailNumber: 'N123AB' },
    });
  });

  it('names every missing required field of the details step, in field order', () => {
    expect(check(createAircraftSchema, {})).toEqual({
      ok: false,
      details: [
        { field: 'make', message: 'Make is required' },
        { field: 'model', message: 'Model is required' },
        { field: 'type', message: 'Engine type is required' },
        { field: 'tailNumber', message: 'Tail number is required' },
        { field: 'wingspan', message: 'Wingspan is required' },
        { field: 'length', message: 'Length is required' },
        { field: 'height', message: 'Height is required' },
        { field: 'basicEmptyWeight', message: 'Basic empty weight is required' },
        { field: 'minRunwayLength', message: 'Minimum runway length is required' },
      ],
    });
  });

  it('needs only make and model in the simple form, with the spec’s messages', () => {
    expect(check(simpleAircraftSchema, { make: ' ', model: null })).toEqual({
      ok: false,
      details: [
        { field: 'make', message: 'Make is required' },
        { field: 'model', message: 'Model is required' },
      ],
    });
    expect(
      check(simpleAircraftSchema, { make: 'Piper', model: 'PA-28-181 Archer TX', isDefault: true, name: 'x' }),
    ).toEqual({
      ok: true,
      value: { make: 'Piper', model: 'PA-28-181 Archer TX' },
    });
  });

  it.each([
    ['year below 1950', { year: 1949 }, 'year', 'Year must be a whole number between 1950 and 2025'],
    ['year after 2025', { year: 2026 }, 'year', 'Year must be a whole number between 1950 and 2025'],
    ['fractional year', { year: 2000.5 }, 'year', 'Year must be a whole number between 1950 and 2025'],
    ['a year as text', { year: '2000' }, 'year', 'Year must be a whole number between 1950 and 2025'],
    ['negative wingspan', { wingspan: -1 }, 'wingspan', 'Wingspan must be 0 or more'],
    ['a negative fraction', { height: -0.25 }, 'height', 'Height must be 0 or more'],
    ['two decimals on a dimension', { height: 8.95 }, 'height', 'Height must have at most one decimal place'],
    [
      'a fractional weight',
      { maxTakeoffWeight: 2550.5 },
      'maxTakeoffWeight',
      'Max takeoff weight must be a whole number',
    ],
    ['a numeric string', { length: '27.2' }, 'length', 'Length must be a number'],
    ['a huge runway', { minRunwayLength: 60000 }, 'minRunwayLength', 'Minimum runway length must be at most 50000'],
    [
      'an unknown engine type',
      { type: 'Rocket' },
      'type',
      'Engine type must be one of Piston, Turboprop, Turbofan, Turbojet',
    ],
    ['an unknown unit system', { unitSystem: 'nautical' }, 'unitSystem', 'Unit system must be imperial or metric'],
    [
      'a tail number with spaces',
      { tailNumber: 'N 123' },
      'tailNumber',
      'Tail number may contain only letters, digits and dashes (at most 10 characters)',
    ],
    ['a numeric tail number', { tailNumber: 123 }, 'tailNumber', 'Tail number must be text'],
    ['a long make', { make: 'x'.repeat(101) }, 'make', 'Make must be at most 100 characters'],
    ['a non-boolean default flag', { isDefault: 'yes' }, 'isDefault', 'Default must be true or false'],
  ])('rejects %s', (_name, change, field, message) => {
    expect(check(createAircraftSchema, { ...full, ...change })).toEqual({ ok: false, details: [{ field, message }] });
  });

  it('accepts engine types in any case and 0 as a number', () => {
    expect(check(createAircraftSchema, { ...full, type: 'turbofan', maxLandingWeight: 0 }).value).toMatchObject({
      type: 'Turbofan',
      maxLandingWeight: 0,
    });
  });

  it('clears optional fields sent empty and ignores an empty unit system on a new aircraft', () => {
    expect(
      check(createAircraftSchema, {
        ...full,
        serialNumber: ' ',
        year: null,
        maxRampWeight: '',
        unitSystem: '',
        isDefault: null,
      }).value,
    ).toStrictEqual({
      ...full,
      tailNumber: 'N123AB',
      serialNumber: null,
      year: null,
      maxRampWeight: null,
    });
  });

  it('on update takes only the fields sent, clears optional ones with null and refuses to clear make or the unit system', () => {
    expect(check(updateAircraftSchema, { serialNumber: null, year: null, wingspan: null, name: 'Mine' })).toEqual({
      ok: true,
      value: { name: 'Mine', serialNumber: null, year: null, wingspan: null },
    });
    expect(check(updateAircraftSchema, { make: '', unitSystem: null })).toEqual({
      ok: false,
      details: [
        { field: 'make', message: 'Make is required' },
        { field: 'unitSystem', message: 'Unit system must be imperial or metric' },
      ],
    });
    expect(check(updateAircraftSchema, { name: '  ', isDefault: false }).value).toStrictEqual({
      name: null,
      isDefault: false,
    });
    expect(check(updateAircraftSchema, { unitSystem: 'metric', isDefault: null }).value).toStrictEqual({
      unitSystem: 'metric',
    });
  });

  it('ignores fields the API owns and unknown ones', () => {
    expect(
      check(createAircraftSchema, { ...full, id: 'x', userId: 'y', createdAt: 'z', colour: 'red', name: 'n' }),
    ).toEqual({
      ok: true,
      value: { ...full, tailNumber: 'N123AB' },
    });
  });
});
