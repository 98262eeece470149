import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createChangeAnnouncements, dropChangeAnnouncements } from '@rampquote/service-kit';

const TABLES = [{ table: 'aircraft', key: 'user_id' }];

/**
 * Announces every change of a user's aircraft on `fleet_aircraft_changes` (the user's id; `*` after a TRUNCATE), so
 * each replica's list cache (AircraftListCache) forgets that user's list. The notification is delivered on commit.
 */
export class NotifyAircraftChanges1769000000000 implements MigrationInterface {
  name = 'NotifyAircraftChanges1769000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await createChangeAnnouncements(queryRunner, 'fleet_notify_aircraft_change', 'fleet_aircraft_changes', TABLES);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropChangeAnnouncements(queryRunner, 'fleet_notify_aircraft_change', TABLES);
  }
}
