import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Announces every change of what a profile is read from (a user's row, their subscription copy) on
 * `identity_profile_changes` (the user's id; `*` after a TRUNCATE), so each replica's ProfileCache forgets it. The
 * notification is delivered on commit.
 */
export class NotifyProfileChanges1769000000000 implements MigrationInterface {
  name = 'NotifyProfileChanges1769000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION identity_notify_profile_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'TRUNCATE' THEN
          PERFORM pg_notify('identity_profile_changes', '*');
        ELSIF TG_OP = 'DELETE' THEN
          PERFORM pg_notify('identity_profile_changes', to_jsonb(OLD) ->> (CASE WHEN TG_TABLE_NAME = 'users' THEN 'id' ELSE 'user_id' END));
        ELSE
          PERFORM pg_notify('identity_profile_changes', to_jsonb(NEW) ->> (CASE WHEN TG_TABLE_NAME = 'users' THEN 'id' ELSE 'user_id' END));
        END IF;
        RETURN NULL;
      END $$`);
    for (const table of ['users', 'user_subscriptions']) {
      await queryRunner.query(`
        CREATE TRIGGER ${table}_notify_profile_change AFTER INSERT OR UPDATE OR DELETE ON ${table}
          FOR EACH ROW EXECUTE FUNCTION identity_notify_profile_change()`);
      await queryRunner.query(`
        CREATE TRIGGER ${table}_notify_profile_truncate AFTER TRUNCATE ON ${table}
          FOR EACH STATEMENT EXECUTE FUNCTION identity_notify_profile_change()`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['users', 'user_subscriptions']) {
      await queryRunner.query(`DROP TRIGGER ${table}_notify_profile_truncate ON ${table}`);
      await queryRunner.query(`DROP TRIGGER ${table}_notify_profile_change ON ${table}`);
    }
    await queryRunner.query('DROP FUNCTION identity_notify_profile_change()');
  }
}
