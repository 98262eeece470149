import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A downgrade waits for the period end (the plan from then on, and when), and an invoice may be the prorated charge of
 * an upgrade within a period rather than a period's price.
 */
export class ScheduledPlanAndProrationInvoices1767500000000 implements MigrationInterface {
  name = 'ScheduledPlanAndProrationInvoices1767500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE subscriptions ADD COLUMN scheduled_plan_id text NULL, ADD COLUMN scheduled_change_at timestamptz NULL`,
    );
    await queryRunner.query(`ALTER TABLE invoices ADD COLUMN proration boolean NOT NULL DEFAULT false`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE invoices DROP COLUMN proration`);
    await queryRunner.query(`ALTER TABLE subscriptions DROP COLUMN scheduled_change_at, DROP COLUMN scheduled_plan_id`);
  }
}
