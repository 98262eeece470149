import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Bookings: a request may be `booked-pending` (the pilot chose an FBO, which has not answered yet) or `booked`
 * (it confirmed). The chosen FBO, when the pilot chose and when it confirmed, and the FBOs that declined a booking.
 */
export class Bookings1769500000000 implements MigrationInterface {
  name = 'Bookings1769500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE quote_requests
        DROP CONSTRAINT quote_requests_status_check,
        ADD CONSTRAINT quote_requests_status_check
          CHECK (status IN ('pending', 'responses_received', 'completed', 'cancelled', 'booked-pending', 'booked')),
        ADD COLUMN booking_fbo_id uuid,
        ADD COLUMN booking_requested_at timestamptz,
        ADD COLUMN booking_confirmed_at timestamptz,
        ADD COLUMN booking_declined_fbo_ids uuid[] NOT NULL DEFAULT '{}'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `UPDATE quote_requests SET status = 'completed' WHERE status IN ('booked-pending', 'booked')`,
    );
    await queryRunner.query(`
      ALTER TABLE quote_requests
        DROP COLUMN booking_declined_fbo_ids,
        DROP COLUMN booking_confirmed_at,
        DROP COLUMN booking_requested_at,
        DROP COLUMN booking_fbo_id,
        DROP CONSTRAINT quote_requests_status_check,
        ADD CONSTRAINT quote_requests_status_check
          CHECK (status IN ('pending', 'responses_received', 'completed', 'cancelled'))`);
  }
}
