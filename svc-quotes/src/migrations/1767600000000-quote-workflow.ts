import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The quote workflow: requests with the snapshot of what they were
 * made from, one invitation per FBO (only the SHA-256 of its link token), the FBOs' answers (estimates in
 * integer cents, or declines), the stream of request events behind the live updates, and the e-mails sent.
 * The first migration's quote_requests table never held a row (nothing wrote to it before this migration);
 * it is replaced by the full shape.
 */
export class QuoteWorkflow1767600000000 implements MigrationInterface {
  name = 'QuoteWorkflow1767600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE quote_requests`);
    await queryRunner.query(`
      CREATE TABLE quote_requests (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        unique_id text NOT NULL,
        requester_id uuid NOT NULL,
        status text NOT NULL DEFAULT 'pending',
        source text NOT NULL DEFAULT 'form',
        requester jsonb NOT NULL,
        aircraft_id uuid NULL,
        aircraft jsonb NULL,
        airport_id uuid NOT NULL,
        airport jsonb NOT NULL,
        origin_airport_id uuid NULL,
        origin_airport jsonb NULL,
        arrival_date timestamptz NULL,
        departure_date timestamptz NULL,
        fuel_type text NULL,
        fuel_amount numeric(10,1) NULL,
        units text NOT NULL DEFAULT 'standard',
        services jsonb NOT NULL DEFAULT '{}'::jsonb,
        notes text NULL,
        email_each_response boolean NOT NULL DEFAULT false,
        email_all_responded boolean NOT NULL DEFAULT true,
        total_fbos_count integer NOT NULL,
        response_count integer NOT NULL DEFAULT 0,
        cancelled_at timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT quote_requests_unique_id_key UNIQUE (unique_id),
        CONSTRAINT quote_requests_status_check CHECK (status IN ('pending', 'responses_received', 'completed', 'cancelled')),
        CONSTRAINT quote_requests_source_check CHECK (source IN ('form', 'legacy')),
        CONSTRAINT quote_requests_units_check CHECK (units IN ('standard', 'metric')),
        CONSTRAINT quote_requests_fuel_amount_not_negative CHECK (fuel_amount >= 0),
        CONSTRAINT quote_requests_counts_check CHECK (total_fbos_count > 0 AND response_count BETWEEN 0 AND total_fbos_count)
      )`);
    // My Quotes: a user's requests, newest first.
    await queryRunner.query(
      `CREATE INDEX quote_requests_requester_created_idx ON quote_requests (requester_id, created_at DESC)`,
    );

    await queryRunner.query(`
      CREATE TABLE quote_invitations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        quote_request_id uuid NOT NULL REFERENCES quote_requests (id) ON DELETE CASCADE,
        fbo_id uuid NOT NULL,
        position integer NOT NULL,
        fbo jsonb NOT NULL,
        fbo_email text NOT NULL,
        token_hash text NOT NULL,
        link_nonce text NOT NULL,
        status text NOT NULL DEFAULT 'open',
        responded_at timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT quote_invitations_token_hash_key UNIQUE (token_hash),
        CONSTRAINT quote_invitations_request_fbo_key UNIQUE (quote_request_id, fbo_id),
        CONSTRAINT quote_invitations_status_check CHECK (status IN ('open', 'submitted', 'declined', 'withdrawn'))
      )`);
    // The FBO inbox: an FBO e-mail's invitations, newest first.
    await queryRunner.query(
      `CREATE INDEX quote_invitations_fbo_email_created_idx ON quote_invitations (fbo_email, created_at DESC)`,
    );

    await queryRunner.query(`
      CREATE TABLE quote_responses (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        quote_request_id uuid NOT NULL REFERENCES quote_requests (id) ON DELETE CASCADE,
        invitation_id uuid NOT NULL REFERENCES quote_invitations (id) ON DELETE CASCADE,
        fbo_id uuid NOT NULL,
        kind text NOT NULL,
        total_price_cents bigint NULL,
        price_per_gallon_cents bigint NULL,
        services_quoted jsonb NULL,
        notes text NULL,
        decline_reason text NULL,
        decline_text text NULL,
        valid_until timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT quote_responses_invitation_key UNIQUE (invitation_id),
        CONSTRAINT quote_responses_kind_check CHECK (kind IN ('submitted', 'declined')),
        CONSTRAINT quote_responses_total_check CHECK (total_price_cents IS NULL OR total_price_cents >= 0),
        CONSTRAINT quote_responses_shape_check CHECK (
          (kind = 'submitted' AND total_price_cents IS NOT NULL AND valid_until IS NOT NULL)
          OR (kind = 'declined' AND decline_reason IN ('fuel_not_available', 'no_hangar_space', 'closed_on_dates', 'other'))
        )
      )`);
    await queryRunner.query(
      `CREATE INDEX quote_responses_request_idx ON quote_responses (quote_request_id, created_at)`,
    );

    // The live-update stream: one row per change a details page hears, numbered for Last-Event-ID.
    await queryRunner.query(`
      CREATE TABLE quote_request_events (
        seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        quote_request_id uuid NOT NULL REFERENCES quote_requests (id) ON DELETE CASCADE,
        type text NOT NULL,
        data jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX quote_request_events_request_seq_idx ON quote_request_events (quote_request_id, seq)`,
    );

    // Every e-mail sent, by a key naming what it was for: a redelivered event never mails twice.
    await queryRunner.query(`
      CREATE TABLE quote_sent_mails (
        mail_key text PRIMARY KEY,
        quote_request_id uuid NOT NULL,
        recipient text NOT NULL,
        sent_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE quote_sent_mails`);
    await queryRunner.query(`DROP TABLE quote_request_events`);
    await queryRunner.query(`DROP TABLE quote_responses`);
    await queryRunner.query(`DROP TABLE quote_invitations`);
    await queryRunner.query(`DROP TABLE quote_requests`);
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
    await queryRunner.query(
      `CREATE INDEX quote_requests_user_created_idx ON quote_requests (user_id, created_at DESC)`,
    );
  }
}
