import type { ImportError } from '@rampquote/contracts';
import { columnIndex, CsvFileError, firstValue, type CsvFile } from '../csv/read-csv';

/**
 * Accepted header names (normalised: lowercase, underscores), most specific first: OurAirports' own
 * (`ident`, `iata_code`, `municipality`, `iso_region`, `iso_country`, `latitude_deg`...) and plain ones.
 */
export const AIRPORT_COLUMNS = {
  identifier: ['ident', 'identifier', 'icao_code', 'icao', 'gps_code', 'faa', 'faa_code', 'local_code'],
  code: ['iata_code', 'iata', 'code'],
  name: ['name', 'airport_name', 'airport'],
  city: ['municipality', 'city'],
  state: ['iso_region', 'state', 'region'],
  country: ['iso_country', 'country'],
  latitude: ['latitude_deg', 'latitude', 'lat'],
  longitude: ['longitude_deg', 'longitude', 'lon', 'lng'],
  elevation: ['elevation_ft', 'elevation'],
  type: ['type'],
} as const;

export type AirportField = keyof typeof AIRPORT_COLUMNS;

/** A valid airport row, ready to insert. */
export interface AirportRow {
  identifier: string;
  code: string | null;
  name: string;
  city: string | null;
  state: string | null;
  country: string | null;
  latitude: number | null;
  longitude: number | null;
  elevation: number | null;
  type: string | null;
}

export const AIRPORT_HEADER_HELP =
  'The first line must name the columns: a name column (name) and an identifier (ident, identifier, icao) or IATA code (iata_code, iata, code) column.';

const IATA = /^[A-Z0-9]{3}$/;
const IDENTIFIER = /^[A-Z0-9][A-Z0-9-]{0,11}$/;
const MAX_TEXT = 200;

/** Maps the header to the airport fields; refuses a header without a name and an identifier or IATA column. */
export function airportColumns(header: string[]): Record<AirportField, number[]> {
  const columns = Object.fromEntries(
    Object.entries(AIRPORT_COLUMNS).map(([field, names]) => [field, columnIndex(header, names)]),
  ) as Record<AirportField, number[]>;
  if (!columns.name.length || (!columns.identifier.length && !columns.code.length)) {
    throw new CsvFileError('Invalid CSV header', AIRPORT_HEADER_HELP);
  }
  return columns;
}

function optionalNumber(raw: string, label: string, min: number, max: number, errors: string[]): number | null {
  if (!raw) return null;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max) {
    errors.push(`Invalid ${label} "${raw}"`);
    return null;
  }
  return value;
}

function optionalText(raw: string): string | null {
  return raw ? raw.slice(0, MAX_TEXT) : null;
}

/** `US-WA` → `WA`; other values are kept. */
export function shortRegion(raw: string): string | null {
  if (!raw) return null;
  const m = /^[A-Z]{2}-([A-Z0-9]{1,3})$/i.exec(raw);
  return (m ? m[1] : raw).toUpperCase().slice(0, MAX_TEXT);
}

/** Validates the records: valid rows to insert and one error per bad line (all its reasons joined). */
export function airportRows(file: CsvFile): { rows: AirportRow[]; errors: ImportError[] } {
  const columns = airportColumns(file.header);
  const rows: AirportRow[] = [];
  const errors: ImportError[] = [...file.errors];
  for (const record of file.records) {
    const get = (field: AirportField) => firstValue(record.values, columns[field]);
    const reasons: string[] = [];
    const name = get('name');
    if (!name) reasons.push('Missing name');
    let code: string | null = get('code').toUpperCase() || null;
    if (code && !IATA.test(code)) {
      reasons.push(`Invalid IATA code "${code}"`);
      code = null;
    }
    let identifier = get('identifier').toUpperCase();
    if (identifier && !IDENTIFIER.test(identifier)) reasons.push(`Invalid identifier "${identifier}"`);
    if (!identifier && !code && !reasons.some((r) => r.startsWith('Invalid IATA')))
      reasons.push('Missing identifier or IATA code');
    identifier ||= code ?? '';
    const latitude = optionalNumber(get('latitude'), 'latitude', -90, 90, reasons);
    const longitude = optionalNumber(get('longitude'), 'longitude', -180, 180, reasons);
    const elevation = optionalNumber(get('elevation'), 'elevation', -2000, 30000, reasons);
    if (reasons.length) {
      errors.push({ line: record.line, reason: reasons.join('; ') });
      continue;
    }
    rows.push({
      identifier,
      code,
      name: name.slice(0, MAX_TEXT),
      city: optionalText(get('city')),
      state: shortRegion(get('state')),
      country: optionalText(get('country').toUpperCase()),
      latitude,
      longitude,
      elevation: elevation === null ? null : Math.round(elevation),
      type: optionalText(get('type').toLowerCase()),
    });
  }
  errors.sort((a, b) => a.line - b.line);
  return { rows, errors };
}
