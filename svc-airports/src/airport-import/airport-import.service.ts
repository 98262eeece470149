import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { ConflictException, Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  EventTypes,
  type AirportsImportedData,
  type ImportAirportsResponse,
  type ImportError,
  type ImportResult,
  type ImportStatusResponse,
  type LastImportResult,
} from '@rampquote/contracts';
import { Outbox, SERVICE_CONFIG } from '@rampquote/service-kit';
import type { AirportsConfig } from '../config';
import { readCsv } from '../csv/read-csv';
import { airportRows, type AirportRow } from './airport-csv';

export const BUILT_IN_SOURCE = 'built-in';
/** Errors kept in the answer and the import log (all are counted). */
export const MAX_REPORTED_ERRORS = 100;
const BATCH_SIZE = 5000;
/** A `running` row older than this belongs to a process that died. */
const STALE_RUNNING_MS = 15 * 60_000;
/** Advisory lock key: one import at a time across instances. */
const IMPORT_LOCK = 5_005_001;

export const IMPORT_RUNNING = {
  error: 'Import already running',
  details: [{ message: 'An airport import is already running. Wait for it to finish.' }],
};

interface Progress {
  id: string;
  processed: number;
  total: number;
}

/** The airport CSV import: default (built-in US file) or uploaded; its status; `airports-imported`. */
@Injectable()
export class AirportImportService implements OnApplicationBootstrap {
  private readonly logger = new Logger('AirportImport');
  private running: Progress | null = null;
  private job: Promise<unknown> | null = null;
  private localVersion = 0;

  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
    @Inject(SERVICE_CONFIG) private readonly config: AirportsConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.dataSource.query(
      `UPDATE airport_imports SET status = 'failed', failure = 'Interrupted', finished_at = now()
       WHERE status = 'running' AND started_at < now() - make_interval(secs => $1)`,
      [STALE_RUNNING_MS / 1000],
    );
  }

  /** Imports the built-in US airports file. */
  async importBuiltIn(): Promise<ImportAirportsResponse> {
    return this.importFile(BUILT_IN_SOURCE, await readFile(this.config.AIRPORTS_FILE));
  }

  /**
   * Imports a CSV: refuses an unreadable file or header at once (nothing imported); otherwise answers the result,
   * or, for more than IMPORT_BACKGROUND_ROWS rows, answers `started` and runs on in the background.
   */
  async importFile(source: string, content: Buffer): Promise<ImportAirportsResponse> {
    if (this.running) throw new ConflictException(IMPORT_RUNNING);
    const file = await readCsv(content);
    const { rows, errors } = airportRows(file);
    if (this.running) throw new ConflictException(IMPORT_RUNNING);
    const id = randomUUID();
    const total = file.records.length + file.errors.length;
    this.running = { id, processed: 0, total };
    try {
      await this.dataSource.query(
        `INSERT INTO airport_imports (id, source, status, total) VALUES ($1, $2, 'running', $3)`,
        [id, source, total],
      );
    } catch (err) {
      this.running = null;
      throw err;
    }
    const job = this.run(id, source, rows, errors).finally(() => {
      this.running = null;
      this.job = null;
    });
    this.job = job;
    if (total > this.config.IMPORT_BACKGROUND_ROWS) {
      job.catch(() => undefined);
      return { started: true, importId: id };
    }
    const result = await job;
    return { started: false, ...result };
  }

  /** Resolves when the import under way (if any) has ended. */
  async whenIdle(): Promise<void> {
    await this.job?.catch(() => undefined);
  }

  /** Bumped when this instance finishes an import (in-memory caches of airport data key on it). */
  localDataVersion(): number {
    return this.localVersion;
  }

  isRunning(): boolean {
    return this.running !== null;
  }

  private async run(id: string, source: string, rows: AirportRow[], errors: ImportError[]): Promise<ImportResult> {
    const started = Date.now();
    const reported = errors.slice(0, MAX_REPORTED_ERRORS);
    try {
      const result = await this.dataSource.transaction(async (manager) => {
        const [{ locked }] = await manager.query(`SELECT pg_try_advisory_xact_lock($1) AS locked`, [IMPORT_LOCK]);
        if (!locked) throw new Error('Another airport import is running');
        let imported = 0;
        for (let i = 0; i < rows.length; i += BATCH_SIZE) {
          const batch = rows.slice(i, i + BATCH_SIZE);
          imported += await insertAirports(manager, batch);
          if (this.running) this.running.processed = Math.min(this.running.total, i + batch.length + errors.length);
        }
        const skipped = rows.length - imported;
        const [{ count }] = await manager.query(`SELECT count(*)::int AS count FROM airports`);
        const data: AirportsImportedData = {
          importId: id,
          source,
          imported,
          skipped,
          errorCount: errors.length,
          airports: count,
        };
        await this.outbox.add(manager, EventTypes.airportsImported, data);
        await manager.query(
          `UPDATE airport_imports SET status = 'completed', imported = $2, skipped = $3, error_count = $4, errors = $5::jsonb, finished_at = now()
           WHERE id = $1`,
          [id, imported, skipped, errors.length, JSON.stringify(reported)],
        );
        return { imported, skipped, errors: reported, errorCount: errors.length };
      });
      this.localVersion++;
      await this.refreshSearchIndex();
      this.logger.log(
        `import ${id} (${source}): ${result.imported} imported, ${result.skipped} skipped, ${result.errorCount} errors in ${Date.now() - started} ms`,
      );
      return result;
    } catch (err) {
      const failure = err instanceof Error ? err.message : String(err);
      this.logger.error(`import ${id} (${source}) failed: ${failure}`);
      await this.dataSource
        .query(`UPDATE airport_imports SET status = 'failed', failure = $2, finished_at = now() WHERE id = $1`, [
          id,
          failure,
        ])
        .catch(() => undefined);
      throw err;
    }
  }

  /**
   * After a bulk insert the trigram index keeps the new rows in its pending list, and the planner, counting it,
   * falls back to a sequential scan (about 10x slower): merge the list and refresh the statistics.
   */
  private async refreshSearchIndex(): Promise<void> {
    try {
      await this.dataSource.query(`SELECT gin_clean_pending_list('airports_search_trgm_idx'::regclass)`);
      await this.dataSource.query(`ANALYZE airports`);
    } catch (err) {
      this.logger.warn(`search index refresh skipped: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  async status(): Promise<ImportStatusResponse> {
    const [[{ count }], [lastCompleted], [last], [otherRunning]] = await Promise.all([
      this.dataSource.query(`SELECT count(*)::int AS count FROM airports`),
      this.dataSource.query(
        `SELECT finished_at FROM airport_imports WHERE status = 'completed' ORDER BY finished_at DESC LIMIT 1`,
      ),
      this.dataSource.query(
        `SELECT * FROM airport_imports WHERE status <> 'running' ORDER BY finished_at DESC LIMIT 1`,
      ),
      this.dataSource.query(
        `SELECT id, total FROM airport_imports WHERE status = 'running' AND started_at > now() - make_interval(secs => $1) LIMIT 1`,
        [STALE_RUNNING_MS / 1000],
      ),
    ]);
    const running = this.running ?? (otherRunning ? { processed: 0, total: otherRunning.total as number } : null);
    return {
      status: {
        importComplete: Boolean(lastCompleted) && !running,
        lastImport: lastCompleted ? new Date(lastCompleted.finished_at).toISOString() : null,
        running: Boolean(running),
        progress: running ? { processed: running.processed, total: running.total } : null,
        lastResult: last ? toLastResult(last) : null,
      },
      counts: { airports: count },
    };
  }
}

function toLastResult(row: Record<string, unknown>): LastImportResult {
  return {
    id: row.id as string,
    source: row.source as string,
    status: row.status as 'completed' | 'failed',
    failure: (row.failure as string | null) ?? null,
    finishedAt: new Date(row.finished_at as string).toISOString(),
    imported: row.imported as number,
    skipped: row.skipped as number,
    errorCount: row.error_count as number,
    errors: row.errors as ImportError[],
  };
}

/** One multi-row INSERT (column arrays through unnest); duplicates by identifier or IATA code are skipped. */
async function insertAirports(manager: EntityManager, rows: AirportRow[]): Promise<number> {
  if (!rows.length) return 0;
  const col = <K extends keyof AirportRow>(k: K) => rows.map((r) => r[k]);
  const [{ count }] = await manager.query(
    `WITH inserted AS (
       INSERT INTO airports (identifier, code, name, city, state, country, latitude, longitude, elevation, type)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::float8[], $8::float8[], $9::int[], $10::text[])
       ON CONFLICT DO NOTHING
       RETURNING 1
     ) SELECT count(*)::int AS count FROM inserted`,
    [
      col('identifier'),
      col('code'),
      col('name'),
      col('city'),
      col('state'),
      col('country'),
      col('latitude'),
      col('longitude'),
      col('elevation'),
      col('type'),
    ],
  );
  return count;
}
