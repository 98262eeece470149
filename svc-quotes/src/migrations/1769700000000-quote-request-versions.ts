import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Amendments: a request's current version (1 as sent), every amendment kept as a version (its fields before and
 * after, who and when), and the version each FBO answer priced (an older one is out of the comparison).
 */
export class QuoteRequestVersions1769700000000 implements MigrationInterface {
  name = 'QuoteRequestVersions1769700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE quote_requests ADD COLUMN version integer NOT NULL DEFAULT 1`);
    await queryRunner.query(`ALTER TABLE quote_responses ADD COLUMN request_version integer NOT NULL DEFAULT 1`);
    await queryRunner.query(`
      CREATE TABLE quote_request_versions (
        quote_request_id uuid NOT NULL REFERENCES quote_requests (id) ON DELETE CASCADE,
        version integer NOT NULL,
        changes jsonb NOT NULL,
        changed_by uuid NOT NULL,
        changed_by_name text NOT NULL,
        changed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (quote_request_id, version)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE quote_request_versions`);
    await queryRunner.query(`ALTER TABLE quote_responses DROP COLUMN request_version`);
    await queryRunner.query(`ALTER TABLE quote_requests DROP COLUMN version`);
  }
}
