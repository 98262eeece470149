import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The outbox and inbox tables of the event bus (ARCHITECTURE section 4). defineService puts this migration
 * before a service's own; a service does not list it.
 */
export class EventTables1767225600000 implements MigrationInterface {
  name = 'EventTables1767225600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE outbox_events (
        id uuid PRIMARY KEY,
        seq bigint GENERATED ALWAYS AS IDENTITY,
        type text NOT NULL,
        payload jsonb NOT NULL,
        occurred_at timestamptz NOT NULL,
        sent_at timestamptz NULL,
        attempts integer NOT NULL DEFAULT 0,
        last_error text NULL
      )`);
    await queryRunner.query(`CREATE INDEX outbox_events_unsent_idx ON outbox_events (seq) WHERE sent_at IS NULL`);
    await queryRunner.query(`
      CREATE TABLE inbox_events (
        event_id uuid PRIMARY KEY,
        type text NOT NULL,
        handled_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE inbox_events`);
    await queryRunner.query(`DROP TABLE outbox_events`);
  }
}
