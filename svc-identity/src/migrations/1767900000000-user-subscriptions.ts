import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Billing: svc-identity's own copy of each user's subscription, kept from `subscription-changed` (the
 * highest revision per user wins); the profile's subscription fields are read from it.
 */
export class UserSubscriptions1767900000000 implements MigrationInterface {
  name = 'UserSubscriptions1767900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE user_subscriptions (
        user_id uuid PRIMARY KEY,
        subscription_id text NOT NULL,
        plan_id text NOT NULL,
        plan_name text NOT NULL,
        status text NOT NULL,
        active boolean NOT NULL,
        current_period_end timestamptz NOT NULL,
        cancel_at_period_end boolean NOT NULL,
        revision bigint NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE user_subscriptions`);
  }
}
