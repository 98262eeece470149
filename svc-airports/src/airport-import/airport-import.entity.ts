import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { ImportError } from '@rampquote/contracts';

/** One airport import (default or upload): the import log behind GET /api/admin/import-status. */
@Entity({ name: 'airport_imports' })
export class AirportImport {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  /** `built-in` or `upload:<file name>`. */
  @Column({ type: 'text' })
  source: string;

  @Column({ type: 'text' })
  status: 'running' | 'completed' | 'failed';

  /** Data rows in the file. */
  @Column({ type: 'integer' })
  total: number;

  @Column({ type: 'integer' })
  imported: number;

  @Column({ type: 'integer' })
  skipped: number;

  @Column({ name: 'error_count', type: 'integer' })
  errorCount: number;

  /** The first 100 errors. */
  @Column({ type: 'jsonb' })
  errors: ImportError[];

  @Column({ type: 'text', nullable: true })
  failure: string | null;

  @Column({ name: 'started_at', type: 'timestamptz' })
  startedAt: Date;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt: Date | null;
}
