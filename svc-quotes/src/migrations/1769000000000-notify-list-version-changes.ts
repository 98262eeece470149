import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createChangeAnnouncements, dropChangeAnnouncements } from '@rampquote/service-kit';

const TABLES = [{ table: 'quote_request_list_versions', key: 'requester_id' }];

/**
 * Announces every change of a requester's My Quotes list version on `quotes_list_version_changes` (the requester's
 * id; `*` after a TRUNCATE), so each replica's ListVersionCache forgets it. Delivered on commit.
 */
export class NotifyListVersionChanges1769000000000 implements MigrationInterface {
  name = 'NotifyListVersionChanges1769000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await createChangeAnnouncements(
      queryRunner,
      'quote_request_list_version_notify',
      'quotes_list_version_changes',
      TABLES,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropChangeAnnouncements(queryRunner, 'quote_request_list_version_notify', TABLES);
  }
}
