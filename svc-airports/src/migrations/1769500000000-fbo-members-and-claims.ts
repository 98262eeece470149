import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * FBO membership: who works for an FBO (manager or staff, who added them and when), and the one-time claim links
 * mailed to an FBO's listed address (only the token's SHA-256 hash is stored).
 */
export class FboMembersAndClaims1769500000000 implements MigrationInterface {
  name = 'FboMembersAndClaims1769500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE fbo_members (
        fbo_id uuid NOT NULL REFERENCES fbos (id) ON DELETE CASCADE,
        user_id uuid NOT NULL,
        role text NOT NULL CHECK (role IN ('manager', 'staff')),
        email text NOT NULL,
        name text NOT NULL DEFAULT '',
        added_by uuid NULL,
        added_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (fbo_id, user_id)
      )`);
    await queryRunner.query(`CREATE INDEX fbo_members_user_idx ON fbo_members (user_id)`);
    await queryRunner.query(`
      CREATE TABLE fbo_claims (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        fbo_id uuid NOT NULL REFERENCES fbos (id) ON DELETE CASCADE,
        user_id uuid NOT NULL,
        user_email text NOT NULL,
        token_hash text NOT NULL UNIQUE,
        sent_to text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz NULL
      )`);
    await queryRunner.query(`CREATE INDEX fbo_claims_user_created_idx ON fbo_claims (user_id, created_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE fbo_claims`);
    await queryRunner.query(`DROP TABLE fbo_members`);
  }
}
