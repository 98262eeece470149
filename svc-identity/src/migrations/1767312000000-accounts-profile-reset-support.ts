import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Profile fields, password reset tokens (hashed), support messages, invitation listing order. */
export class AccountsProfileResetSupport1767312000000 implements MigrationInterface {
  name = 'AccountsProfileResetSupport1767312000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE users ADD COLUMN profile jsonb NOT NULL DEFAULT '{}'::jsonb`);
    await queryRunner.query(`
      CREATE TABLE password_reset_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        token_hash text NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT password_reset_tokens_token_hash_key UNIQUE (token_hash)
      )`);
    await queryRunner.query(`CREATE INDEX password_reset_tokens_user_id_idx ON password_reset_tokens (user_id)`);
    await queryRunner.query(`
      CREATE TABLE support_messages (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL,
        email text NOT NULL,
        subject text NOT NULL,
        message text NOT NULL,
        user_id uuid NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX support_messages_created_at_idx ON support_messages (created_at DESC)`);
    await queryRunner.query(`CREATE INDEX beta_invitations_created_at_idx ON beta_invitations (created_at DESC)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX beta_invitations_created_at_idx`);
    await queryRunner.query(`DROP TABLE support_messages`);
    await queryRunner.query(`DROP TABLE password_reset_tokens`);
    await queryRunner.query(`ALTER TABLE users DROP COLUMN profile`);
  }
}
