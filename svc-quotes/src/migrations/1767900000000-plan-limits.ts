import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Plan limits: svc-quotes's own copy of each user's subscription, kept from `subscription-changed` (the
 * highest revision wins), and the quote requests each user created per calendar month (UTC). The monthly count is a
 * ledger, not a count of rows: a cancelled or deleted request still used one of the month's requests.
 */
export class PlanLimits1767900000000 implements MigrationInterface {
  name = 'PlanLimits1767900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE user_plans (
        user_id uuid PRIMARY KEY,
        subscription_id text NOT NULL,
        plan_id text NOT NULL,
        plan_name text NOT NULL,
        status text NOT NULL,
        active boolean NOT NULL,
        current_period_end timestamptz NOT NULL,
        cancel_at_period_end boolean NOT NULL,
        monthly_quote_requests integer NULL,
        revision bigint NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT user_plans_monthly_quote_requests_check CHECK (monthly_quote_requests IS NULL OR monthly_quote_requests >= 0)
      )`);
    await queryRunner.query(`
      CREATE TABLE quote_request_usage (
        requester_id uuid NOT NULL,
        month date NOT NULL,
        request_count integer NOT NULL,
        PRIMARY KEY (requester_id, month),
        CONSTRAINT quote_request_usage_count_check CHECK (request_count >= 0)
      )`);
    // Requests created before this migration count in their month.
    await queryRunner.query(`
      INSERT INTO quote_request_usage (requester_id, month, request_count)
      SELECT requester_id, date_trunc('month', created_at AT TIME ZONE 'UTC')::date, count(*)
      FROM quote_requests
      GROUP BY 1, 2`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE quote_request_usage`);
    await queryRunner.query(`DROP TABLE user_plans`);
  }
}
