import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SERVICE_CONFIG } from '@rampquote/service-kit';
import { AirportImportService } from '../airport-import/airport-import.service';
import type { AirportsConfig } from '../config';
import { DEMO_FBOS } from './demo-fbos';

/**
 * Development only (NODE_ENV=development and DEV_AUTO_IMPORT): after boot, in the background, imports the built-in US
 * airports file when the airports table is empty, then adds the missing demo FBOs. Idempotent; never in production.
 */
@Injectable()
export class DevSeedService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('DevSeed');
  private job: Promise<void> | null = null;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: AirportsConfig,
    private readonly dataSource: DataSource,
    private readonly imports: AirportImportService,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.NODE_ENV !== 'development' || !this.config.DEV_AUTO_IMPORT) return;
    this.job = this.seed().catch((err: unknown) =>
      this.logger.warn(`development seed skipped: ${err instanceof Error ? err.message : String(err)}`),
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.job;
  }

  async seed(): Promise<void> {
    const [{ count }] = await this.dataSource.query(`SELECT count(*)::int AS count FROM airports`);
    if (count === 0 && !this.imports.isRunning()) {
      this.logger.log('airports table empty: importing the built-in US airports file (development)');
      await this.imports.importBuiltIn();
    }
    await this.imports.whenIdle();
    const created = await this.seedDemoFbos();
    if (created) this.logger.log(`${created} demo FBOs created`);
  }

  /**
   * Adds the demo FBOs whose airport exists and whose e-mail no FBO has yet (a development database persists between
   * runs: demo FBOs added to the list later are created, a demo FBO renamed by an admin is not added again, and an
   * FBO of the same name at that airport is left alone); returns how many were created.
   */
  async seedDemoFbos(): Promise<number> {
    let created = 0;
    for (const fbo of DEMO_FBOS) {
      const rows: unknown[] = await this.dataSource.query(
        `INSERT INTO fbos (airport_id, name, email, phone, source)
         SELECT a.id, $2, $3, $4, 'demo' FROM airports a
         WHERE a.identifier = $1 AND NOT EXISTS (SELECT 1 FROM fbos f WHERE lower(f.email) = lower($3))
         ON CONFLICT (airport_id, lower(name)) DO NOTHING RETURNING id`,
        [fbo.airport, fbo.name, fbo.email, fbo.phone],
      );
      created += rows.length;
    }
    return created;
  }
}
