import {
  applyNumericInput,
  emptyDraft,
  isDraftComplete,
  numericInput,
  parseDraft,
  toCreateRequest,
  withMake,
  type AircraftDraft,
} from './aircraft-draft';

const complete: AircraftDraft = {
  make: 'Cessna',
  model: '172S',
  type: 'Piston',
  tailNumber: 'n1',
  wingspan: 36.1,
  length: 27.2,
  height: 8.9,
  basicEmptyWeight: 1680,
  minRunwayLength: 2000,
  unitSystem: 'imperial',
};

describe('aircraft draft rules', () => {
  it('is complete only with make, model, type, tail number, wingspan, length, height, basic empty weight and runway', () => {
    expect(isDraftComplete(complete)).toBe(true);
    for (const key of [
      'make',
      'model',
      'type',
      'tailNumber',
      'wingspan',
      'length',
      'height',
      'basicEmptyWeight',
      'minRunwayLength',
    ] as const) {
      const missing = { ...complete };
      delete missing[key];
      expect(isDraftComplete(missing)).toBe(false);
    }
    expect(isDraftComplete({ ...complete, tailNumber: '  ' })).toBe(false);
    expect(isDraftComplete({ ...complete, wingspan: 0 })).toBe(true);
  });

  it('removes a value on empty input, ignores non-numeric and negative input', () => {
    expect(numericInput('')).toEqual({ kind: 'remove' });
    expect(numericInput('abc')).toEqual({ kind: 'ignore' });
    expect(numericInput('', true)).toEqual({ kind: 'ignore' });
    expect(numericInput('-1')).toEqual({ kind: 'ignore' });
    expect(numericInput('12.5')).toEqual({ kind: 'set', value: 12.5 });
    expect(applyNumericInput(complete, 'wingspan', '')).not.toHaveProperty('wingspan');
    expect(applyNumericInput(complete, 'wingspan', 'x1')).toBe(complete);
  });

  it('clears the model when the make changes; reset is empty and imperial', () => {
    expect(withMake(complete, 'Piper')).toMatchObject({ make: 'Piper', model: '' });
    expect(emptyDraft()).toEqual({ make: '', model: '', unitSystem: 'imperial' });
  });

  it('sends numbers and an uppercase tail number', () => {
    expect(toCreateRequest({ ...complete, year: 2015 })).toEqual({
      make: 'Cessna',
      model: '172S',
      type: 'Piston',
      tailNumber: 'N1',
      year: 2015,
      wingspan: 36.1,
      length: 27.2,
      height: 8.9,
      basicEmptyWeight: 1680,
      minRunwayLength: 2000,
      unitSystem: 'imperial',
    });
  });

  it('reads back a stored draft and drops malformed values', () => {
    expect(
      parseDraft({
        make: 'Cessna',
        model: '172S',
        tailNumber: 'N1',
        wingspan: -3,
        type: 'Rocket',
        unitSystem: 'metric',
      }),
    ).toEqual({
      make: 'Cessna',
      model: '172S',
      tailNumber: 'N1',
      unitSystem: 'metric',
    });
    expect(parseDraft('nope')).toBeNull();
    expect(parseDraft({ model: 'x' })).toBeNull();
  });
});
