import { AircraftCatalogueService } from './aircraft-catalogue.service';
import { parseUnitSystem } from './aircraft-catalogue.controller';

describe('AircraftCatalogueService', () => {
  const catalogue = new AircraftCatalogueService();

  it('lists makes sorted and without duplicates', () => {
    const makes = catalogue.makes();
    expect(new Set(makes).size).toBe(makes.length);
    expect([...makes].sort((a, b) => a.localeCompare(b))).toEqual(makes);
    expect(makes).toEqual(expect.arrayContaining(['Cessna', 'Gulfstream', 'Piper']));
  });

  it('lists a make’s models in natural order, case-insensitively, and none for an unknown make', () => {
    const cirrus = catalogue.models('cirrus');
    expect(cirrus).toEqual(['SF50 Vision Jet', 'SR20', 'SR22', 'SR22T']);
    expect(catalogue.models('Cessna').slice(0, 2)).toEqual(['150M', '152']);
    expect(catalogue.models('Nobody')).toEqual([]);
  });

  it('gives specifications in ft and lbs by default and in m and kg for metric', () => {
    expect(catalogue.specs('Cessna', '172S Skyhawk')).toEqual({
      make: 'Cessna',
      model: '172S Skyhawk',
      type: 'Piston',
      wingspan: 36.1,
      length: 27.2,
      height: 8.9,
      basicEmptyWeight: 1663,
      maxRampWeight: 2558,
      maxTakeoffWeight: 2550,
      maxLandingWeight: 2550,
      minRunwayLength: 1630,
      unitSystem: 'imperial',
    });
    expect(catalogue.specs('cessna', '172s skyhawk', 'metric')).toEqual({
      make: 'Cessna',
      model: '172S Skyhawk',
      type: 'Piston',
      wingspan: 11,
      length: 8.3,
      height: 2.7,
      basicEmptyWeight: 754,
      maxRampWeight: 1160,
      maxTakeoffWeight: 1157,
      maxLandingWeight: 1157,
      minRunwayLength: 497,
      unitSystem: 'metric',
    });
    expect(catalogue.specs('Cessna', 'Nothing')).toBeUndefined();
  });

  it('reads the unit system from the query, also in the profile’s spelling', () => {
    expect(parseUnitSystem(undefined)).toBe('imperial');
    expect(parseUnitSystem('metric')).toBe('metric');
    expect(parseUnitSystem('Metric')).toBe('metric');
    expect(parseUnitSystem('Standard')).toBe('imperial');
    expect(() => parseUnitSystem('furlongs')).toThrow();
  });
});
