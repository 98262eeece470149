import type { DataSource } from 'typeorm';
import type { EventEnvelope } from '@rampquote/contracts';

export interface OutboxRow {
  id: string;
  type: string;
  payload: EventEnvelope;
}

/** Where the relay reads unsent events and records what happened to them. */
export interface OutboxStore {
  /** Unsent events, oldest first. */
  fetchUnsent(limit: number): Promise<OutboxRow[]>;
  /** Called only after the broker confirmed these events. */
  markSent(ids: string[]): Promise<void>;
  /** The events stay unsent; the attempt is counted. */
  recordFailure(ids: string[], error: string): Promise<void>;
}

/** The outbox_events table. */
export class TypeOrmOutboxStore implements OutboxStore {
  constructor(private readonly dataSource: DataSource) {}

  async fetchUnsent(limit: number): Promise<OutboxRow[]> {
    return this.dataSource.query(
      `SELECT id, type, payload FROM outbox_events WHERE sent_at IS NULL ORDER BY seq LIMIT $1`,
      [limit],
    );
  }

  async markSent(ids: string[]): Promise<void> {
    if (!ids.length) return;
    await this.dataSource.query(`UPDATE outbox_events SET sent_at = now() WHERE id = ANY($1::uuid[])`, [ids]);
  }

  async recordFailure(ids: string[], error: string): Promise<void> {
    if (!ids.length) return;
    await this.dataSource.query(
      `UPDATE outbox_events SET attempts = attempts + 1, last_error = $2 WHERE id = ANY($1::uuid[])`,
      [ids, error.slice(0, 1000)],
    );
  }
}
