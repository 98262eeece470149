import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Announces every change of a requester's My Quotes list version on `quotes_list_version_changes` (the requester's
 * id; `*` after a TRUNCATE), so each replica's ListVersionCache forgets it. Delivered on commit.
 */
export class NotifyListVersionChanges1769000000000 implements MigrationInterface {
  name = 'NotifyListVersionChanges1769000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION quote_request_list_version_notify() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'TRUNCATE' THEN
          PERFORM pg_notify('quotes_list_version_changes', '*');
        ELSIF TG_OP = 'DELETE' THEN
          PERFORM pg_notify('quotes_list_version_changes', OLD.requester_id::text);
        ELSE
          PERFORM pg_notify('quotes_list_version_changes', NEW.requester_id::text);
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER quote_request_list_versions_notify AFTER INSERT OR UPDATE OR DELETE ON quote_request_list_versions
        FOR EACH ROW EXECUTE FUNCTION quote_request_list_version_notify()`);
    await queryRunner.query(`
      CREATE TRIGGER quote_request_list_versions_notify_truncate AFTER TRUNCATE ON quote_request_list_versions
        FOR EACH STATEMENT EXECUTE FUNCTION quote_request_list_version_notify()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TRIGGER quote_request_list_versions_notify_truncate ON quote_request_list_versions');
    await queryRunner.query('DROP TRIGGER quote_request_list_versions_notify ON quote_request_list_versions');
    await queryRunner.query('DROP FUNCTION quote_request_list_version_notify()');
  }
}
