import { BadRequestException, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { sharedFlights } from '@rampquote/service-kit';
import {
  AIRPORT_SEARCH_MAX_RESULTS,
  AIRPORT_SEARCH_MIN_CHARS,
  RequestMessages,
  type AirportDto,
  type AirportMapResponse,
  type AirportSearchResult,
} from '@rampquote/contracts';
import { AirportImportService } from '../airport-import/airport-import.service';

export const AIRPORT_NOT_FOUND = { error: 'Airport not found' };

const SUMMARY_COLUMNS = 'id, identifier, code, name, city, state';
const DETAIL_COLUMNS = `${SUMMARY_COLUMNS}, country, latitude, longitude, elevation, type`;
/** At most this many codes in one map request. */
export const MAP_MAX_CODES = 200;
/** The 400 details of a map request without codes or with too many (its query parameter `codes`). */
export const MapMessages = {
  codesRequired: 'Name the airports: codes is a comma-separated list of airport codes, such as KSEA,LAX',
  tooManyCodes: `Ask for at most ${MAP_MAX_CODES} airport codes at a time`,
} as const;
const MAX_TERMS = 5;

/** Escapes LIKE's wildcards. */
function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The words of a search, lowercase, at most 5, each wrapped for `LIKE '%word%'`. */
export function searchPatterns(q: string): string[] {
  return q
    .toLowerCase()
    .split(/[\s,]+/)
    .filter(Boolean)
    .slice(0, MAX_TERMS)
    .map((w) => `%${likeEscape(w)}%`);
}

/** Search answers kept in memory (airports change only by import): entries, and how long one lives. */
const SEARCH_CACHE_SIZE = 2000;
const SEARCH_CACHE_TTL_MS = 60_000;

/** Airports: search, one by code, the map keyed by code (spec quote-workflow section 7). */
@Injectable()
export class AirportsService {
  private readonly searchCache = new Map<string, { at: number; version: number; results: AirportSearchResult[] }>();
  /** Searches on their way to the database, by data version and query: the same search asked meanwhile waits for it. */
  private readonly searching = sharedFlights<AirportSearchResult[]>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly imports: AirportImportService,
  ) {}

  /**
   * Matches identifier, IATA code, name and city (every word of the query, anywhere). Exact codes first (KSEA, SEA,
   * and the FAA form: S50 for KS50), then codes starting with the query, then by size (large airports before
   * heliports) and name. At most 20.
   */
  async search(rawQuery: string): Promise<AirportSearchResult[]> {
    const q = rawQuery.trim().slice(0, 100);
    if (q.length < AIRPORT_SEARCH_MIN_CHARS) return [];
    // Cached per query for a minute (other instances' imports show within that), dropped at this instance's imports.
    const key = q.toLowerCase();
    const version = this.imports.localDataVersion();
    const hit = this.searchCache.get(key);
    if (hit && hit.version === version && Date.now() - hit.at < SEARCH_CACHE_TTL_MS) return hit.results;
    // Everyone typing the same letters when the entry has aged out (or before it exists) shares one query.
    return this.searching(`${version}\u0000${key}`, async () => {
      const results = await this.searchDatabase(q);
      this.searchCache.delete(key);
      if (this.searchCache.size >= SEARCH_CACHE_SIZE)
        this.searchCache.delete(this.searchCache.keys().next().value as string);
      this.searchCache.set(key, { at: Date.now(), version, results });
      return results;
    });
  }

  private async searchDatabase(q: string): Promise<AirportSearchResult[]> {
    const patterns = searchPatterns(q);
    if (!patterns.length) return [];
    const upper = q.toUpperCase();
    const where = patterns.map((_, i) => `search_text LIKE $${i + 3}`).join(' AND ');
    return this.dataSource.query(
      `SELECT ${SUMMARY_COLUMNS} FROM airports
       WHERE ${where}
       ORDER BY
         CASE WHEN identifier = $1 OR code = $1 THEN 0
              WHEN identifier = 'K' || $1 THEN 1
              WHEN identifier LIKE $2 OR code LIKE $2 THEN 2
              ELSE 3 END,
         CASE type WHEN 'large_airport' THEN 0 WHEN 'medium_airport' THEN 1 WHEN 'small_airport' THEN 2
                   WHEN 'seaplane_base' THEN 3 WHEN 'heliport' THEN 4 ELSE 5 END,
         name, identifier
       LIMIT ${AIRPORT_SEARCH_MAX_RESULTS}`,
      [upper, `${likeEscape(upper)}%`, ...patterns],
    );
  }

  /** By identifier or IATA code (case-insensitive); the identifier wins when both match different airports. */
  async findByCode(code: string): Promise<AirportDto | null> {
    const upper = code.trim().toUpperCase();
    if (!upper || upper.length > 12) return null;
    const rows: AirportDto[] = await this.dataSource.query(
      `SELECT ${DETAIL_COLUMNS} FROM airports WHERE identifier = $1 OR code = $1 ORDER BY (identifier = $1) DESC LIMIT 1`,
      [upper],
    );
    return rows[0] ?? null;
  }

  /**
   * Airports keyed by the codes asked for (identifier or IATA code, any letter case; unknown codes are left out).
   * `codes` is the query's `codes` list, split at commas: at least one code and at most MAP_MAX_CODES different ones
   * (there is no "every airport" answer: after a world import that is 70,000 airports). Where one airport's IATA
   * code is another's identifier, the identifier wins.
   */
  async map(codes: readonly string[]): Promise<AirportMapResponse> {
    const wanted = [...new Set(codes.map((c) => c.trim().toUpperCase()).filter(Boolean))];
    if (!wanted.length) throw mapRequestError(MapMessages.codesRequired);
    if (wanted.length > MAP_MAX_CODES) throw mapRequestError(MapMessages.tooManyCodes);
    const result: AirportMapResponse = {};
    const rows: AirportSearchResult[] = await this.dataSource.query(
      `SELECT ${SUMMARY_COLUMNS} FROM airports WHERE identifier = ANY($1::text[]) OR code = ANY($1::text[])`,
      [wanted],
    );
    const set = new Set(wanted);
    for (const row of rows) {
      if (row.code && set.has(row.code) && !result[row.code]) result[row.code] = row;
    }
    for (const row of rows) if (set.has(row.identifier)) result[row.identifier] = row;
    return result;
  }
}

function mapRequestError(message: string): BadRequestException {
  return new BadRequestException({ error: RequestMessages.invalidRequest, details: [{ field: 'codes', message }] });
}
