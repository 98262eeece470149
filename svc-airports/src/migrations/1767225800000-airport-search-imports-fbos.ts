import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Airports keyed by identifier (the IATA code becomes optional, unique where present), coordinates,
 * elevation and type, a trigram index for search; the import log; the FBO directory and FBO discovery.
 */
export class AirportSearchImportsFbos1767225800000 implements MigrationInterface {
  name = 'AirportSearchImportsFbos1767225800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await queryRunner.query(`ALTER TABLE airports DROP CONSTRAINT airports_code_key`);
    await queryRunner.query(`ALTER TABLE airports ALTER COLUMN code DROP NOT NULL`);
    await queryRunner.query(`UPDATE airports SET identifier = upper(code) WHERE identifier IS NULL`);
    await queryRunner.query(`ALTER TABLE airports ALTER COLUMN identifier SET NOT NULL`);
    await queryRunner.query(`DROP INDEX airports_identifier_idx`);
    await queryRunner.query(`
      ALTER TABLE airports
        ADD COLUMN latitude double precision NULL,
        ADD COLUMN longitude double precision NULL,
        ADD COLUMN elevation integer NULL,
        ADD COLUMN type text NULL,
        ADD COLUMN search_text text GENERATED ALWAYS AS (
          lower(identifier || ' ' || coalesce(code, '') || ' ' || name || ' ' || coalesce(city, ''))
        ) STORED,
        ADD CONSTRAINT airports_identifier_uppercase CHECK (identifier = upper(identifier))`);
    await queryRunner.query(`CREATE UNIQUE INDEX airports_identifier_key ON airports (identifier)`);
    await queryRunner.query(`CREATE UNIQUE INDEX airports_code_key ON airports (code) WHERE code IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX airports_search_trgm_idx ON airports USING gin (search_text gin_trgm_ops)`);

    await queryRunner.query(`
      CREATE TABLE airport_imports (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        source text NOT NULL,
        status text NOT NULL CHECK (status IN ('running', 'completed', 'failed')),
        total integer NOT NULL DEFAULT 0,
        imported integer NOT NULL DEFAULT 0,
        skipped integer NOT NULL DEFAULT 0,
        error_count integer NOT NULL DEFAULT 0,
        errors jsonb NOT NULL DEFAULT '[]'::jsonb,
        failure text NULL,
        started_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz NULL
      )`);
    await queryRunner.query(`CREATE INDEX airport_imports_started_idx ON airport_imports (started_at DESC)`);

    await queryRunner.query(`
      CREATE TABLE fbos (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        airport_id uuid NOT NULL REFERENCES airports (id) ON DELETE CASCADE,
        name text NOT NULL,
        email text NOT NULL,
        phone text NULL,
        logo text NULL,
        active boolean NOT NULL DEFAULT true,
        source text NOT NULL DEFAULT 'admin',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX fbos_airport_name_key ON fbos (airport_id, lower(name))`);

    await queryRunner.query(`
      CREATE TABLE fbo_directory_entries (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        airport_ref text NOT NULL CHECK (airport_ref = upper(airport_ref)),
        name text NOT NULL,
        email text NOT NULL,
        phone text NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX fbo_directory_ref_name_key ON fbo_directory_entries (airport_ref, lower(name))`,
    );

    await queryRunner.query(`
      CREATE TABLE fbo_discoveries (
        airport_id uuid PRIMARY KEY REFERENCES airports (id) ON DELETE CASCADE,
        status text NOT NULL CHECK (status IN ('in-progress', 'finished')),
        found integer NOT NULL DEFAULT 0,
        requested_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE fbo_discoveries`);
    await queryRunner.query(`DROP TABLE fbo_directory_entries`);
    await queryRunner.query(`DROP TABLE fbos`);
    await queryRunner.query(`DROP TABLE airport_imports`);
    await queryRunner.query(`DROP INDEX airports_search_trgm_idx`);
    await queryRunner.query(`DROP INDEX airports_code_key`);
    await queryRunner.query(`DROP INDEX airports_identifier_key`);
    await queryRunner.query(`
      ALTER TABLE airports DROP CONSTRAINT airports_identifier_uppercase,
        DROP COLUMN search_text, DROP COLUMN type, DROP COLUMN elevation, DROP COLUMN longitude, DROP COLUMN latitude`);
    await queryRunner.query(`CREATE INDEX airports_identifier_idx ON airports (identifier)`);
    await queryRunner.query(`ALTER TABLE airports ALTER COLUMN identifier DROP NOT NULL`);
    await queryRunner.query(`DELETE FROM airports WHERE code IS NULL`);
    await queryRunner.query(`ALTER TABLE airports ALTER COLUMN code SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE airports ADD CONSTRAINT airports_code_key UNIQUE (code)`);
  }
}
