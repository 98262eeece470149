import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The FBO inbox lists the invitations of the FBOs a member belongs to (by FBO id, no longer by e-mail). */
export class FboInboxByFbo1769600000000 implements MigrationInterface {
  name = 'FboInboxByFbo1769600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX quote_invitations_fbo_created_idx ON quote_invitations (fbo_id, created_at DESC, id)`,
    );
    await queryRunner.query(`DROP INDEX quote_invitations_fbo_email_created_idx`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX quote_invitations_fbo_email_created_idx ON quote_invitations (fbo_email, created_at DESC)`,
    );
    await queryRunner.query(`DROP INDEX quote_invitations_fbo_created_idx`);
  }
}
