import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Airports (spec quote-workflow section 3 "Airport"; the admin CSV import skips duplicate IATA codes). */
export class CreateAirports1767225700000 implements MigrationInterface {
  name = 'CreateAirports1767225700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE airports (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        code text NOT NULL,
        identifier text NULL,
        name text NOT NULL,
        city text NULL,
        state text NULL,
        country text NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT airports_code_key UNIQUE (code),
        CONSTRAINT airports_code_uppercase CHECK (code = upper(code))
      )`);
    await queryRunner.query(`CREATE INDEX airports_identifier_idx ON airports (identifier)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE airports`);
  }
}
