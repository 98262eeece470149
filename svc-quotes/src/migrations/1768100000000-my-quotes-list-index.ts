import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * My Quotes with many requests (1,000 rows): one index serves the list in its order (newest
 * first, the id breaking ties, which the `?cursor` pages need). It replaces quote_requests_requester_created_idx.
 * (`updated_at` is included for an index-only validator; the list's ETag now reads quote_request_list_versions.)
 */
export class MyQuotesListIndex1768100000000 implements MigrationInterface {
  name = 'MyQuotesListIndex1768100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX quote_requests_requester_list_idx ON quote_requests (requester_id, created_at DESC, id DESC) INCLUDE (updated_at)`,
    );
    await queryRunner.query(`DROP INDEX IF EXISTS quote_requests_requester_created_idx`);
    await queryRunner.query(`ANALYZE quote_requests`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX quote_requests_requester_created_idx ON quote_requests (requester_id, created_at DESC)`,
    );
    await queryRunner.query(`DROP INDEX IF EXISTS quote_requests_requester_list_idx`);
  }
}
