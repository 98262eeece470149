import { CsvFileError } from '../csv/read-csv';
import { airportColumns, airportRows, shortRegion } from './airport-csv';

describe('airport CSV columns and rows', () => {
  it('accepts OurAirports headers and plain ones, and refuses a header without name or identifier/IATA columns', () => {
    expect(airportColumns(['ident', 'iata_code', 'name', 'municipality', 'iso_region']).identifier).toEqual([0]);
    expect(airportColumns(['icao', 'iata', 'name', 'city', 'state']).code).toEqual([1]);
    expect(airportColumns(['code', 'name']).code).toEqual([0]);
    expect(() => airportColumns(['ident', 'city'])).toThrow(CsvFileError);
    expect(() => airportColumns(['name', 'city'])).toThrow(/a name column/);
  });

  it('uses the IATA code as identifier when there is none, uppercases codes and shortens US-WA to WA', () => {
    const { rows, errors } = airportRows({
      header: ['iata', 'name', 'city', 'state', 'country', 'elevation'],
      records: [{ line: 2, values: ['pdx', 'Portland International', 'Portland', 'US-OR', 'us', '30.6'] }],
      errors: [],
    });
    expect(errors).toEqual([]);
    expect(rows).toEqual([
      {
        identifier: 'PDX',
        code: 'PDX',
        name: 'Portland International',
        city: 'Portland',
        state: 'OR',
        country: 'US',
        latitude: null,
        longitude: null,
        elevation: 31,
        type: null,
      },
    ]);
    expect(shortRegion('US-WA')).toBe('WA');
    expect(shortRegion('Washington')).toBe('WASHINGTON');
  });

  it('reports every reason of a bad line with its number', () => {
    const { rows, errors } = airportRows({
      header: ['ident', 'iata_code', 'name', 'longitude_deg'],
      records: [{ line: 7, values: ['KAAA', 'TOOLONG', '', '200'] }],
      errors: [{ line: 5, reason: 'Malformed CSV line: Invalid Closing Quote' }],
    });
    expect(rows).toEqual([]);
    expect(errors).toEqual([
      { line: 5, reason: 'Malformed CSV line: Invalid Closing Quote' },
      { line: 7, reason: 'Missing name; Invalid IATA code "TOOLONG"; Invalid longitude "200"' },
    ]);
  });
});
