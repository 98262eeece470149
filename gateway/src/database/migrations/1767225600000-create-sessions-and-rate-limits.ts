import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The gateway's own tables: browser sessions (connect-pg-simple's schema, expire as timestamptz) and
 * rate-limit counters (rate-limiter-flexible's RateLimiterPostgres schema). Idempotent.
 */
export class CreateSessionsAndRateLimits1767225600000 implements MigrationInterface {
  name = 'CreateSessionsAndRateLimits1767225600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS "session" (
        "sid" varchar NOT NULL COLLATE "default",
        "sess" json NOT NULL,
        "expire" timestamptz(6) NOT NULL,
        CONSTRAINT "session_pkey" PRIMARY KEY ("sid")
      )`);
    await queryRunner.query(`CREATE INDEX IF NOT EXISTS "IDX_session_expire" ON "session" ("expire")`);
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS "rate_limits" (
        "key" varchar(255) PRIMARY KEY,
        "points" integer NOT NULL DEFAULT 0,
        "expire" bigint
      )`);
    await queryRunner.query(`CREATE INDEX IF NOT EXISTS "IDX_rate_limits_expire" ON "rate_limits" ("expire")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS "rate_limits"`);
    await queryRunner.query(`DROP TABLE IF EXISTS "session"`);
  }
}
