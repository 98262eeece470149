import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Sessions are found by their user (a password reset ends them all): index the user id inside `sess`. */
export class IndexSessionsByUser1767312000000 implements MigrationInterface {
  name = 'IndexSessionsByUser1767312000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS "IDX_session_user_id" ON "session" ((("sess" -> 'user') ->> 'id'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX IF EXISTS "IDX_session_user_id"`);
  }
}
