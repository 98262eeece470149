import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * My Quotes' ETag: a version per requester, bumped by a trigger in the same transaction as every insert, update or
 * delete of one of their requests. The list's validator is then one primary-key read, whatever the list's length
 * and whichever code (or hand-written SQL) changed a row.
 */
export class MyQuotesListVersions1768100000001 implements MigrationInterface {
  name = 'MyQuotesListVersions1768100000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE quote_request_list_versions (
        requester_id uuid PRIMARY KEY,
        version bigint NOT NULL
      )`);
    await queryRunner.query(`
      CREATE FUNCTION quote_request_list_bump() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP <> 'INSERT' THEN
          INSERT INTO quote_request_list_versions (requester_id, version) VALUES (OLD.requester_id, 1)
            ON CONFLICT (requester_id) DO UPDATE SET version = quote_request_list_versions.version + 1;
        END IF;
        IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.requester_id IS DISTINCT FROM OLD.requester_id) THEN
          INSERT INTO quote_request_list_versions (requester_id, version) VALUES (NEW.requester_id, 1)
            ON CONFLICT (requester_id) DO UPDATE SET version = quote_request_list_versions.version + 1;
        END IF;
        RETURN NULL;
      END
      $$`);
    await queryRunner.query(`
      CREATE TRIGGER quote_requests_list_version AFTER INSERT OR UPDATE OR DELETE ON quote_requests
        FOR EACH ROW EXECUTE FUNCTION quote_request_list_bump()`);
    await queryRunner.query(
      `INSERT INTO quote_request_list_versions (requester_id, version) SELECT DISTINCT requester_id, 1 FROM quote_requests`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER IF EXISTS quote_requests_list_version ON quote_requests`);
    await queryRunner.query(`DROP FUNCTION IF EXISTS quote_request_list_bump()`);
    await queryRunner.query(`DROP TABLE IF EXISTS quote_request_list_versions`);
  }
}
