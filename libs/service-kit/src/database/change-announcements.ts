import type { QueryRunner } from 'typeorm';
import { FORGET_ALL } from './listened-cache';

/** A table whose row changes are announced; `key`: the column whose value a notification carries (a user's id...). */
export interface AnnouncedTable {
  table: string;
  key: string;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

function checkIdentifiers(...names: string[]): void {
  for (const name of names) if (!IDENTIFIER.test(name)) throw new Error(`not an identifier: ${name}`);
}

/**
 * For a migration: every change of a row of `tables` is announced on `channel` when it commits, for the
 * ListenedCaches that LISTEN there. The trigger function `fn` NOTIFYs the row's key (the old row's for a DELETE,
 * the new row's for an INSERT, both when an UPDATE moved the key; PostgreSQL folds repeats within a transaction),
 * and FORGET_ALL after a TRUNCATE. Undo with dropChangeAnnouncements.
 */
export async function createChangeAnnouncements(
  queryRunner: QueryRunner,
  fn: string,
  channel: string,
  tables: readonly AnnouncedTable[],
): Promise<void> {
  checkIdentifiers(fn, channel, ...tables.flatMap((t) => [t.table, t.key]));
  await queryRunner.query(`
    CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      old_key text;
      new_key text;
    BEGIN
      IF TG_OP = 'TRUNCATE' THEN
        PERFORM pg_notify('${channel}', '${FORGET_ALL}');
        RETURN NULL;
      END IF;
      IF TG_OP <> 'INSERT' THEN
        old_key := to_jsonb(OLD) ->> TG_ARGV[0];
        PERFORM pg_notify('${channel}', old_key);
      END IF;
      IF TG_OP <> 'DELETE' THEN
        new_key := to_jsonb(NEW) ->> TG_ARGV[0];
        IF new_key IS DISTINCT FROM old_key THEN PERFORM pg_notify('${channel}', new_key); END IF;
      END IF;
      RETURN NULL;
    END $$`);
  for (const { table, key } of tables) {
    await queryRunner.query(`
      CREATE TRIGGER ${table}_announce_change AFTER INSERT OR UPDATE OR DELETE ON ${table}
        FOR EACH ROW EXECUTE FUNCTION ${fn}('${key}')`);
    await queryRunner.query(`
      CREATE TRIGGER ${table}_announce_truncate AFTER TRUNCATE ON ${table}
        FOR EACH STATEMENT EXECUTE FUNCTION ${fn}('${key}')`);
  }
}

/** Undoes createChangeAnnouncements. */
export async function dropChangeAnnouncements(
  queryRunner: QueryRunner,
  fn: string,
  tables: readonly Pick<AnnouncedTable, 'table'>[],
): Promise<void> {
  checkIdentifiers(fn, ...tables.map((t) => t.table));
  for (const { table } of tables) {
    await queryRunner.query(`DROP TRIGGER IF EXISTS ${table}_announce_truncate ON ${table}`);
    await queryRunner.query(`DROP TRIGGER IF EXISTS ${table}_announce_change ON ${table}`);
  }
  await queryRunner.query(`DROP FUNCTION IF EXISTS ${fn}()`);
}
