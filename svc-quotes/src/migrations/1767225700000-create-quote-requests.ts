import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Quote requests (spec quote-workflow section 3, "Quote request record"). */
export class CreateQuoteRequests1767225700000 implements MigrationInterface {
  name = 'CreateQuoteRequests1767225700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE quote_requests (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        unique_id text NOT NULL,
        user_id uuid NOT NULL,
        status text NOT NULL DEFAULT 'pending',
        aircraft_id uuid NULL,
        airport_id uuid NULL,
        origin_airport_id uuid NULL,
        arrival_date timestamptz NULL,
        departure_date timestamptz NULL,
        fuel_type text NULL,
        fuel_amount numeric(10,1) NULL,
        notes text NULL,
        services jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT quote_requests_unique_id_key UNIQUE (unique_id),
        CONSTRAINT quote_requests_fuel_amount_not_negative CHECK (fuel_amount >= 0)
      )`);
    // My Quotes: a user's requests, newest first.
    await queryRunner.query(
      `CREATE INDEX quote_requests_user_created_idx ON quote_requests (user_id, created_at DESC)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE quote_requests`);
  }
}
