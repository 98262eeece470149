import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createChangeAnnouncements, dropChangeAnnouncements } from '@rampquote/service-kit';

const TABLES = [
  { table: 'users', key: 'id' },
  { table: 'user_subscriptions', key: 'user_id' },
];

/**
 * Announces every change of what a profile is read from (a user's row, their subscription copy) on
 * `identity_profile_changes` (the user's id; `*` after a TRUNCATE), so each replica's ProfileCache forgets it. The
 * notification is delivered on commit.
 */
export class NotifyProfileChanges1769000000000 implements MigrationInterface {
  name = 'NotifyProfileChanges1769000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await createChangeAnnouncements(queryRunner, 'identity_notify_profile_change', 'identity_profile_changes', TABLES);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropChangeAnnouncements(queryRunner, 'identity_notify_profile_change', TABLES);
  }
}
