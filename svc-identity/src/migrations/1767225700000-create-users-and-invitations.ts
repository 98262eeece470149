import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateUsersAndInvitations1767225700000 implements MigrationInterface {
  name = 'CreateUsersAndInvitations1767225700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        username text NOT NULL,
        email text NOT NULL,
        password_hash text NOT NULL,
        role text NOT NULL DEFAULT 'pilot',
        first_name text NOT NULL,
        last_name text NOT NULL,
        company_name text NULL,
        aircraft_profile_name text NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT users_username_key UNIQUE (username),
        CONSTRAINT users_email_key UNIQUE (email),
        CONSTRAINT users_email_lowercase CHECK (email = lower(email)),
        CONSTRAINT users_role_check CHECK (role IN ('pilot', 'fbo', 'admin'))
      )`);
    await queryRunner.query(`
      CREATE TABLE beta_invitations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        kind text NOT NULL,
        value text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT beta_invitations_kind_value_key UNIQUE (kind, value),
        CONSTRAINT beta_invitations_kind_check CHECK (kind IN ('email', 'domain')),
        CONSTRAINT beta_invitations_value_lowercase CHECK (value = lower(value))
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE beta_invitations`);
    await queryRunner.query(`DROP TABLE users`);
  }
}
