import { aircraftProfileName, aircraftYearChoices, convertMeasures, RUNWAY_LENGTH_CHOICES } from './aircraft';

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
    const metric = convertMeasures({ wingspan: 36.1, basicEmptyWeight: 1663, minRunwayLength: 2000, height: null }, 'imperial', 'metric');
    expect(metric).toEqual({ wingspan: 11, basicEmptyWeight: 754, minRunwayLength: 610, height: null });
    expect(convertMeasures({ wingspan: 11, minRunwayLength: 610 }, 'metric', 'imperial')).toEqual({ wingspan: 36.1, minRunwayLength: 2001 });
    expect(RUNWAY_LENGTH_CHOICES.metric).toHaveLength(RUNWAY_LENGTH_CHOICES.imperial.length);
  });
});
