import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every gateway keeps the sessions it loaded in memory (sessions/session-cache.ts) and must forget one as soon as
 * its row changes anywhere: another replica's logout or slide, a password change, a revoked access, an expired
 * row pruned. These triggers announce each change on the channel `rq_session_changes` when it commits:
 * `s:<sid>` for a session row updated or deleted, `u:<user id>` for a user's access revision recorded.
 */
export class NotifySessionChanges1768100000000 implements MigrationInterface {
  name = 'NotifySessionChanges1768100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION rq_notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_TABLE_NAME = 'session' THEN
          PERFORM pg_notify('rq_session_changes', 's:' || OLD.sid);
        ELSE
          PERFORM pg_notify('rq_session_changes', 'u:' || NEW.user_id);
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER "session_changed" AFTER UPDATE OR DELETE ON "session"
      FOR EACH ROW EXECUTE FUNCTION rq_notify_session_change()`);
    await queryRunner.query(`
      CREATE TRIGGER "user_access_changed" AFTER INSERT OR UPDATE ON "user_access"
      FOR EACH ROW EXECUTE FUNCTION rq_notify_session_change()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER IF EXISTS "user_access_changed" ON "user_access"`);
    await queryRunner.query(`DROP TRIGGER IF EXISTS "session_changed" ON "session"`);
    await queryRunner.query(`DROP FUNCTION IF EXISTS rq_notify_session_change()`);
  }
}
