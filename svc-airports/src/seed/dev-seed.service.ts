import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { EventTypes, type FboMembershipChangedData } from '@rampquote/contracts';
import { Outbox, SERVICE_CONFIG } from '@rampquote/service-kit';
import { AirportImportService } from '../airport-import/airport-import.service';
import type { AirportsConfig } from '../config';
import { IdentityLookups } from '../fbo-members/identity-lookups';
import { DEMO_FBOS } from './demo-fbos';

/** The demo FBO account (svc-identity's development seed) and the demo FBO it manages. */
export const DEMO_FBO_MEMBER_EMAIL = 'demo-fbo-ksea-1@example.com';

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
    private readonly identity: IdentityLookups,
    private readonly outbox: Outbox,
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
    if (await this.seedDemoMembership()) this.logger.log(`${DEMO_FBO_MEMBER_EMAIL} is the manager of its demo FBO`);
  }

  /**
   * Makes the demo FBO account the manager of the demo FBO of the same address (FBO rights come only from
   * membership). svc-identity may start after this service: it is asked a few times.
   */
  async seedDemoMembership(attempts = 10): Promise<boolean> {
    for (let attempt = 1; ; attempt++) {
      try {
        const user = await this.identity.userByEmail(DEMO_FBO_MEMBER_EMAIL);
        if (!user) return false;
        return await this.dataSource.transaction(async (manager) => {
          const rows: { fbo_id: string; name: string }[] = await manager.query(
            `INSERT INTO fbo_members (fbo_id, user_id, role, email, name)
             SELECT f.id, $1, 'manager', $2, $3 FROM fbos f WHERE f.email = $2 AND f.source = 'demo'
             ON CONFLICT (fbo_id, user_id) DO NOTHING
             RETURNING fbo_id, (SELECT name FROM fbos WHERE id = fbo_id) AS name`,
            [user.id, user.email, `${user.firstName} ${user.lastName}`.trim()],
          );
          for (const row of rows) {
            const data: FboMembershipChangedData = {
              fboId: row.fbo_id,
              fboName: row.name,
              userId: user.id,
              change: 'added',
              role: 'manager',
              byUserId: null,
            };
            await this.outbox.add(manager, EventTypes.fboMembershipChanged, data);
          }
          return rows.length > 0;
        });
      } catch (err) {
        if (attempt >= attempts) throw err;
        await new Promise((resolve) => setTimeout(resolve, 2000));
      }
    }
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
