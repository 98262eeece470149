import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  EventTypes,
  FboMessages,
  RequestMessages,
  type AdminFboDto,
  type AirportFbosResponse,
  type FboChanges,
  type FboDiscoveryRequestedData,
  type FboDiscoveryStatus,
  type FboDto,
  type FboInput,
  type ImportError,
  type ImportResult,
} from '@rampquote/contracts';
import { Outbox } from '@rampquote/service-kit';
import { AIRPORT_NOT_FOUND, AirportsService } from '../airports/airports.service';
import { columnIndex, CsvFileError, firstValue, readCsv } from '../csv/read-csv';
import { checkFboLine } from './fbo-csv-line';

/**
 * At most one discovery per airport in this time (kept in fbo_discoveries, so it holds across restarts and replicas):
 * a finished discovery that found nothing is asked again this long after it finished, one still in progress (its
 * event dead-lettered) this long after it was asked for.
 */
export const DISCOVERY_INTERVAL_S = 10 * 60;
const MAX_FBO_ROWS = 20_000;
const MAX_REPORTED_ERRORS = 100;

export const FBO_COLUMNS = {
  airport: [
    'airport',
    'airport_identifier',
    'airport_code',
    'identifier',
    'ident',
    'icao',
    'iata',
    'iata_code',
    'code',
  ],
  name: ['name', 'fbo_name', 'fbo'],
  email: ['email', 'e_mail', 'email_address'],
  phone: ['phone', 'telephone', 'phone_number'],
} as const;

export const FBO_NOT_FOUND = { error: 'FBO not found' };
export const FBO_EXISTS = {
  error: 'FBO already exists',
  details: [{ message: 'This airport already has an FBO with that name.' }],
};

const ADMIN_SELECT = `SELECT f.id, f.name, f.email, f.phone, f.logo, f.active,
  json_build_object('id', a.id, 'identifier', a.identifier, 'code', a.code, 'name', a.name) AS airport
  FROM fbos f JOIN airports a ON a.id = f.airport_id`;

function invalid(details: { field: string; message: string }[]) {
  return new BadRequestException({ error: RequestMessages.invalidRequest, details });
}

function isUniqueViolation(err: unknown): boolean {
  return (
    (err as { code?: string })?.code === '23505' ||
    (err as { driverError?: { code?: string } })?.driverError?.code === '23505'
  );
}

/** The FBO directory: FBOs of an airport (with discovery), admin list/add/edit/deactivate/import. */
@Injectable()
export class FbosService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly airports: AirportsService,
    private readonly outbox: Outbox,
  ) {}

  /**
   * Active FBOs of an airport; when it has none, asks for a discovery and says where it stands. Only an airport of
   * the table is looked at (404 otherwise: nothing written), and it gets at most one discovery per
   * DISCOVERY_INTERVAL_S: the row and its `fbo-discovery-requested` event are written together, only when none was
   * asked for within that time.
   */
  async forAirport(code: string): Promise<AirportFbosResponse> {
    const airport = await this.airports.findByCode(code);
    if (!airport) throw new NotFoundException(AIRPORT_NOT_FOUND);
    const fbos: FboDto[] = await this.dataSource.query(
      `SELECT id, name, phone, logo FROM fbos WHERE airport_id = $1 AND active ORDER BY name`,
      [airport.id],
    );
    if (fbos.length) return { fbos, discovery: 'none' };
    const discovery = await this.dataSource.transaction(async (manager) => {
      const requested: unknown[] = await manager.query(
        `INSERT INTO fbo_discoveries AS d (airport_id, status, requested_at) VALUES ($1, 'in-progress', now())
         ON CONFLICT (airport_id) DO UPDATE SET status = 'in-progress', found = 0, requested_at = now(), finished_at = NULL
         WHERE d.requested_at < now() - make_interval(secs => $2)
           AND (d.status = 'in-progress' OR d.finished_at < now() - make_interval(secs => $2))
         RETURNING airport_id`,
        [airport.id, DISCOVERY_INTERVAL_S],
      );
      if (requested.length) {
        const data: FboDiscoveryRequestedData = {
          airportId: airport.id,
          identifier: airport.identifier,
          code: airport.code,
        };
        await this.outbox.add(manager, EventTypes.fboDiscoveryRequested, data);
        return 'in-progress' as const;
      }
      const [row] = await manager.query(`SELECT status FROM fbo_discoveries WHERE airport_id = $1`, [airport.id]);
      return (row?.status ?? 'in-progress') as FboDiscoveryStatus;
    });
    return { fbos: [], discovery };
  }

  /** Admin list: all FBOs (active or not) of one airport, or the latest 200 of all. */
  async list(airportCode: string | undefined): Promise<AdminFboDto[]> {
    if (airportCode?.trim()) {
      const airport = await this.airports.findByCode(airportCode);
      if (!airport) throw new NotFoundException(AIRPORT_NOT_FOUND);
      return this.dataSource.query(`${ADMIN_SELECT} WHERE f.airport_id = $1 ORDER BY f.active DESC, f.name`, [
        airport.id,
      ]);
    }
    return this.dataSource.query(`${ADMIN_SELECT} ORDER BY f.updated_at DESC LIMIT 200`);
  }

  async get(id: string): Promise<AdminFboDto> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw new NotFoundException(FBO_NOT_FOUND);
    const [row] = await this.dataSource.query(`${ADMIN_SELECT} WHERE f.id = $1`, [id]);
    if (!row) throw new NotFoundException(FBO_NOT_FOUND);
    return row;
  }

  /** `input` has passed fboInputSchema. */
  async create(input: FboInput, source = 'admin'): Promise<AdminFboDto> {
    const airport = await this.airports.findByCode(input.airport);
    if (!airport) throw invalid([{ field: 'airport', message: FboMessages.unknownAirport(input.airport) }]);
    const [row] = await this.dataSource.query(
      `INSERT INTO fbos (airport_id, name, email, phone, logo, source) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (airport_id, lower(name)) DO NOTHING RETURNING id`,
      [airport.id, input.name, input.email, input.phone, input.logo, source],
    );
    if (!row) throw new ConflictException(FBO_EXISTS);
    return this.get(row.id);
  }

  /** `changes` has passed fboUpdateSchema: only its keys (FBO columns) are set. */
  async update(id: string, changes: FboChanges): Promise<AdminFboDto> {
    await this.get(id);
    const columns = Object.entries(changes);
    if (columns.length) {
      const sets = columns.map(([k], i) => `${k} = $${i + 2}`).join(', ');
      try {
        await this.dataSource.query(`UPDATE fbos SET ${sets}, updated_at = now() WHERE id = $1`, [
          id,
          ...columns.map(([, v]) => v),
        ]);
      } catch (err) {
        if (isUniqueViolation(err)) throw new ConflictException(FBO_EXISTS);
        throw err;
      }
    }
    return this.get(id);
  }

  /**
   * FBO directory CSV (airport identifier or IATA code, name, email, phone). Every valid line goes into the
   * directory; where the airport is known it becomes (or updates) that airport's FBO at once, otherwise the
   * discovery finds it once the airport exists. Bad lines are reported with their numbers.
   */
  async importCsv(content: Buffer): Promise<ImportResult> {
    const file = await readCsv(content);
    const col = Object.fromEntries(
      Object.entries(FBO_COLUMNS).map(([k, names]) => [k, columnIndex(file.header, names)]),
    ) as Record<keyof typeof FBO_COLUMNS, number[]>;
    if (!col.airport.length || !col.name.length || !col.email.length) {
      throw new CsvFileError(
        'Invalid CSV header',
        'The first line must name the columns: airport (or identifier, iata), name, email and optionally phone.',
      );
    }
    if (file.records.length > MAX_FBO_ROWS)
      throw new CsvFileError('Too many rows', `An FBO file may have at most ${MAX_FBO_ROWS} rows.`);
    const errors: ImportError[] = [...file.errors];
    let imported = 0;
    await this.dataSource.transaction(async (manager) => {
      for (const record of file.records) {
        const airport = firstValue(record.values, col.airport).toUpperCase();
        const name = firstValue(record.values, col.name);
        const email = firstValue(record.values, col.email).toLowerCase();
        const checked = checkFboLine(airport, name, email, firstValue(record.values, col.phone));
        if (checked.reasons.length) {
          errors.push({ line: record.line, reason: checked.reasons.join('; ') });
          continue;
        }
        await upsertDirectoryEntry(manager, airport, name, email, checked.phone);
        imported++;
      }
    });
    errors.sort((a, b) => a.line - b.line);
    return { imported, skipped: 0, errors: errors.slice(0, MAX_REPORTED_ERRORS), errorCount: errors.length };
  }
}

/** Saves a directory line and, when its airport is known, the airport's FBO (name match, case-insensitive). */
async function upsertDirectoryEntry(
  manager: EntityManager,
  airportRef: string,
  name: string,
  email: string,
  phone: string | null,
) {
  await manager.query(
    `INSERT INTO fbo_directory_entries (airport_ref, name, email, phone) VALUES ($1, $2, $3, $4)
     ON CONFLICT (airport_ref, lower(name)) DO UPDATE SET email = EXCLUDED.email, phone = EXCLUDED.phone, updated_at = now()`,
    [airportRef, name, email, phone],
  );
  await manager.query(
    `INSERT INTO fbos (airport_id, name, email, phone, source)
     SELECT a.id, $2, $3, $4, 'import' FROM airports a WHERE a.identifier = $1 OR a.code = $1
     ORDER BY (a.identifier = $1) DESC LIMIT 1
     ON CONFLICT (airport_id, lower(name)) DO UPDATE SET email = EXCLUDED.email, phone = EXCLUDED.phone, updated_at = now()`,
    [airportRef, name, email, phone],
  );
}
