import { validateAircraftInput } from './aircraft-input.dto';

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

describe('validateAircraftInput', () => {
  it('accepts the details step’s required fields, uppercases the tail number and tidies text', () => {
    expect(validateAircraftInput({ ...full, make: '  Cessna ', model: '172S   Skyhawk' }, 'create')).toEqual({
      ok: true,
      value: { ...full, model: '172S Skyhawk', tailNumber: 'N123AB' },
    });
  });

  it('names every missing required field of the details step, in field order', () => {
    expect(validateAircraftInput({}, 'create')).toEqual({
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
    expect(validateAircraftInput({ make: ' ', model: null }, 'simple')).toEqual({
      ok: false,
      details: [
        { field: 'make', message: 'Make is required' },
        { field: 'model', message: 'Model is required' },
      ],
    });
    expect(validateAircraftInput({ make: 'Piper', model: 'PA-28-181 Archer TX' }, 'simple')).toEqual({
      ok: true,
      value: { make: 'Piper', model: 'PA-28-181 Archer TX' },
    });
  });

  it.each([
    ['year below 1950', { year: 1949 }, 'year', 'Year must be a whole number between 1950 and 2025'],
    ['year after 2025', { year: 2026 }, 'year', 'Year must be a whole number between 1950 and 2025'],
    ['fractional year', { year: 2000.5 }, 'year', 'Year must be a whole number between 1950 and 2025'],
    ['negative wingspan', { wingspan: -1 }, 'wingspan', 'Wingspan must be 0 or more'],
    ['two decimals on a dimension', { height: 8.95 }, 'height', 'Height must have at most one decimal place'],
    ['a fractional weight', { maxTakeoffWeight: 2550.5 }, 'maxTakeoffWeight', 'Max takeoff weight must be a whole number'],
    ['a numeric string', { length: '27.2' }, 'length', 'Length must be a number'],
    ['a huge runway', { minRunwayLength: 60000 }, 'minRunwayLength', 'Minimum runway length must be at most 50000'],
    ['an unknown engine type', { type: 'Rocket' }, 'type', 'Engine type must be one of Piston, Turboprop, Turbofan, Turbojet'],
    ['an unknown unit system', { unitSystem: 'nautical' }, 'unitSystem', 'Unit system must be imperial or metric'],
    ['a tail number with spaces', { tailNumber: 'N 123' }, 'tailNumber', 'Tail number may contain only letters, digits and dashes (at most 10 characters)'],
    ['a non-boolean default flag', { isDefault: 'yes' }, 'isDefault', 'Default must be true or false'],
  ])('rejects %s', (_name, change, field, message) => {
    expect(validateAircraftInput({ ...full, ...change }, 'create')).toEqual({ ok: false, details: [{ field, message }] });
  });

  it('accepts engine types in any case and 0 as a number', () => {
    const result = validateAircraftInput({ ...full, type: 'turbofan', maxLandingWeight: 0 }, 'create');
    expect(result.ok && result.value).toMatchObject({ type: 'Turbofan', maxLandingWeight: 0 });
  });

  it('on update takes only the fields sent, clears optional ones with null and refuses to clear make', () => {
    expect(validateAircraftInput({ serialNumber: null, year: null, wingspan: null, name: 'Mine' }, 'update')).toEqual({
      ok: true,
      value: { name: 'Mine', serialNumber: null, year: null, wingspan: null },
    });
    expect(validateAircraftInput({ make: '' }, 'update')).toEqual({ ok: false, details: [{ field: 'make', message: 'Make is required' }] });
  });

  it('ignores fields the API owns and unknown ones', () => {
    const result = validateAircraftInput({ ...full, id: 'x', userId: 'y', createdAt: 'z', colour: 'red' }, 'create');
    expect(result).toEqual({ ok: true, value: { ...full, tailNumber: 'N123AB' } });
  });
});
