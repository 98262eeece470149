import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sessions that follow the user's rights: `user_access` keeps, per user, a revision that every
 * `user-access-changed` event bumps, and the oldest revision whose sessions stay valid (a password change or a
 * revoked access moves it up, ending older sessions). `inbox_events` records the handled events (service-kit's
 * consumer: handling one twice is harmless).
 */
export class UserAccessAndInbox1767800000000 implements MigrationInterface {
  name = 'UserAccessAndInbox1767800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS "user_access" (
        "user_id" text PRIMARY KEY,
        "revision" bigint NOT NULL,
        "valid_from" bigint NOT NULL,
        "changed_at" timestamptz NOT NULL
      )`);
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS "inbox_events" (
        "event_id" uuid PRIMARY KEY,
        "type" text NOT NULL,
        "handled_at" timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS "inbox_events"`);
    await queryRunner.query(`DROP TABLE IF EXISTS "user_access"`);
  }
}
