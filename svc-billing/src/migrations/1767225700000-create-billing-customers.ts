import type { MigrationInterface, QueryRunner } from 'typeorm';

/** One billing customer per user (spec accounts-aircraft-billing section 3, "Billing record"). */
export class CreateBillingCustomers1767225700000 implements MigrationInterface {
  name = 'CreateBillingCustomers1767225700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE billing_customers (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL,
        email text NOT NULL,
        provider text NOT NULL DEFAULT 'local',
        provider_customer_id text NULL,
        default_payment_method_id text NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT billing_customers_user_id_key UNIQUE (user_id),
        CONSTRAINT billing_customers_provider_customer_key UNIQUE (provider, provider_customer_id),
        CONSTRAINT billing_customers_provider_check CHECK (provider IN ('local', 'stripe'))
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE billing_customers`);
  }
}
