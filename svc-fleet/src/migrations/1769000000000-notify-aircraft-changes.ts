import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Announces every change of a user's aircraft on `fleet_aircraft_changes` (the user's id; `*` after a TRUNCATE), so
 * each replica's list cache (AircraftListCache) forgets that user's list. The notification is delivered on commit.
 */
export class NotifyAircraftChanges1769000000000 implements MigrationInterface {
  name = 'NotifyAircraftChanges1769000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION fleet_notify_aircraft_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'TRUNCATE' THEN
          PERFORM pg_notify('fleet_aircraft_changes', '*');
          RETURN NULL;
        END IF;
        IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('fleet_aircraft_changes', OLD.user_id::text); END IF;
        IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.user_id IS DISTINCT FROM OLD.user_id) THEN
          PERFORM pg_notify('fleet_aircraft_changes', NEW.user_id::text);
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER aircraft_notify_change AFTER INSERT OR UPDATE OR DELETE ON aircraft
        FOR EACH ROW EXECUTE FUNCTION fleet_notify_aircraft_change()`);
    await queryRunner.query(`
      CREATE TRIGGER aircraft_notify_truncate AFTER TRUNCATE ON aircraft
        FOR EACH STATEMENT EXECUTE FUNCTION fleet_notify_aircraft_change()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TRIGGER aircraft_notify_truncate ON aircraft');
    await queryRunner.query('DROP TRIGGER aircraft_notify_change ON aircraft');
    await queryRunner.query('DROP FUNCTION fleet_notify_aircraft_change()');
  }
}
