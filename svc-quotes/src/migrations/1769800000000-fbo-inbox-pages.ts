import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The FBO inbox is read a page at a time, newest first with the id breaking ties, after a cursor
 * (`(created_at, id) < (…)`): an index in that order for each FBO replaces the one with the id ascending.
 */
export class FboInboxPages1769800000000 implements MigrationInterface {
  name = 'FboInboxPages1769800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX quote_invitations_fbo_page_idx ON quote_invitations (fbo_id, created_at DESC, id DESC)`,
    );
    await queryRunner.query(`DROP INDEX quote_invitations_fbo_created_idx`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX quote_invitations_fbo_created_idx ON quote_invitations (fbo_id, created_at DESC, id)`,
    );
    await queryRunner.query(`DROP INDEX quote_invitations_fbo_page_idx`);
  }
}
