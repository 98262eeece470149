import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Saved cards, subscriptions and invoices (spec accounts-aircraft-billing sections 3 and 4), the local payment
 * provider's card tokens, and the Stripe webhook events already applied. Ids are the payment provider's
 * (`pm_…`, `sub_…`, `in_…`; `…_local_…` for the local provider).
 */
export class CreateCardsSubscriptionsInvoices1767400000000 implements MigrationInterface {
  name = 'CreateCardsSubscriptionsInvoices1767400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE billing_customers ADD COLUMN subscription_revision integer NOT NULL DEFAULT 0`,
    );

    // What is kept of a card: brand, last 4 and expiry, never the number or the CVC.
    await queryRunner.query(`
      CREATE TABLE payment_methods (
        id text PRIMARY KEY,
        user_id uuid NOT NULL,
        provider text NOT NULL,
        brand text NOT NULL,
        last4 text NOT NULL,
        exp_month smallint NOT NULL,
        exp_year smallint NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT payment_methods_provider_check CHECK (provider IN ('local', 'stripe')),
        CONSTRAINT payment_methods_last4_check CHECK (last4 ~ '^[0-9]{4}$'),
        CONSTRAINT payment_methods_exp_month_check CHECK (exp_month BETWEEN 1 AND 12)
      )`);
    await queryRunner.query(`CREATE INDEX payment_methods_user_idx ON payment_methods (user_id, provider, created_at)`);

    // The local provider's side of a card (what Stripe keeps for a PaymentMethod): brand, last 4, expiry.
    await queryRunner.query(`
      CREATE TABLE local_card_tokens (
        id text PRIMARY KEY,
        user_id uuid NOT NULL,
        brand text NOT NULL,
        last4 text NOT NULL,
        exp_month smallint NOT NULL,
        exp_year smallint NOT NULL,
        customer_id text NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        detached_at timestamptz NULL,
        CONSTRAINT local_card_tokens_last4_check CHECK (last4 ~ '^[0-9]{4}$')
      )`);
    await queryRunner.query(`CREATE INDEX local_card_tokens_user_idx ON local_card_tokens (user_id, created_at)`);

    await queryRunner.query(`
      CREATE TABLE subscriptions (
        id text PRIMARY KEY,
        user_id uuid NOT NULL,
        provider text NOT NULL,
        plan_id text NOT NULL,
        status text NOT NULL,
        current_period_start timestamptz NOT NULL,
        current_period_end timestamptz NOT NULL,
        cancel_at_period_end boolean NOT NULL DEFAULT false,
        canceled_at timestamptz NULL,
        ended_at timestamptz NULL,
        creation_key text NULL,
        provider_updated_at timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT subscriptions_provider_check CHECK (provider IN ('local', 'stripe'))
      )`);
    // At most one current (not ended) subscription per user.
    await queryRunner.query(
      `CREATE UNIQUE INDEX subscriptions_current_per_user ON subscriptions (user_id) WHERE ended_at IS NULL`,
    );
    await queryRunner.query(`CREATE INDEX subscriptions_user_idx ON subscriptions (user_id, created_at DESC)`);
    // The local provider's period sweep.
    await queryRunner.query(
      `CREATE INDEX subscriptions_period_end_idx ON subscriptions (current_period_end) WHERE ended_at IS NULL`,
    );

    await queryRunner.query(`
      CREATE TABLE invoices (
        id text PRIMARY KEY,
        user_id uuid NOT NULL,
        provider text NOT NULL,
        number text NOT NULL,
        subscription_id text NULL,
        plan_id text NULL,
        amount_cents integer NOT NULL,
        currency text NOT NULL DEFAULT 'usd',
        status text NOT NULL,
        issued_at timestamptz NOT NULL,
        paid_at timestamptz NULL,
        period_start timestamptz NULL,
        period_end timestamptz NULL,
        card_brand text NULL,
        card_last4 text NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT invoices_amount_check CHECK (amount_cents >= 0)
      )`);
    await queryRunner.query(`CREATE INDEX invoices_user_idx ON invoices (user_id, issued_at DESC)`);

    // Stripe events already applied (Stripe delivers at least once).
    await queryRunner.query(`
      CREATE TABLE stripe_webhook_events (
        id text PRIMARY KEY,
        type text NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE stripe_webhook_events`);
    await queryRunner.query(`DROP TABLE invoices`);
    await queryRunner.query(`DROP TABLE subscriptions`);
    await queryRunner.query(`DROP TABLE local_card_tokens`);
    await queryRunner.query(`DROP TABLE payment_methods`);
    await queryRunner.query(`ALTER TABLE billing_customers DROP COLUMN subscription_revision`);
  }
}
