import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Saved aircraft (spec accounts-aircraft-billing section 3, "Aircraft"). */
export class CreateAircraft1767225700000 implements MigrationInterface {
  name = 'CreateAircraft1767225700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE aircraft (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL,
        name text NOT NULL,
        make text NOT NULL,
        model text NOT NULL,
        type text NULL,
        tail_number text NULL,
        serial_number text NULL,
        year integer NULL,
        wingspan numeric(8,1) NULL,
        length numeric(8,1) NULL,
        height numeric(8,1) NULL,
        basic_empty_weight numeric(12,1) NULL,
        max_ramp_weight numeric(12,1) NULL,
        max_takeoff_weight numeric(12,1) NULL,
        max_landing_weight numeric(12,1) NULL,
        min_runway_length integer NULL,
        unit_system text NOT NULL DEFAULT 'imperial',
        is_default boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT aircraft_type_check CHECK (type IN ('Piston', 'Turboprop', 'Turbofan', 'Turbojet')),
        CONSTRAINT aircraft_tail_number_uppercase CHECK (tail_number = upper(tail_number)),
        CONSTRAINT aircraft_year_check CHECK (year BETWEEN 1950 AND 2025),
        CONSTRAINT aircraft_unit_system_check CHECK (unit_system IN ('imperial', 'metric')),
        CONSTRAINT aircraft_measures_not_negative CHECK (
          wingspan >= 0 AND length >= 0 AND height >= 0 AND basic_empty_weight >= 0 AND max_ramp_weight >= 0
          AND max_takeoff_weight >= 0 AND max_landing_weight >= 0 AND min_runway_length >= 0
        )
      )`);
    // The user's list: default first, then by make.
    await queryRunner.query(`CREATE INDEX aircraft_user_list_idx ON aircraft (user_id, is_default DESC, make)`);
    await queryRunner.query(`CREATE UNIQUE INDEX aircraft_one_default_per_user ON aircraft (user_id) WHERE is_default`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE aircraft`);
  }
}
