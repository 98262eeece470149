import type { DataSource, EntityManager } from 'typeorm';

/** One handling transaction: claim the event id, then let the handler write with `manager`. */
export interface InboxTransaction {
  manager: EntityManager;
  /** Records the event as handled; false when it already was (the caller must then skip the handler). */
  claim(eventId: string, type: string): Promise<boolean>;
}

export interface InboxStore {
  /** Runs `work` in one database transaction (rolled back when it throws). */
  transaction<T>(work: (tx: InboxTransaction) => Promise<T>): Promise<T>;
}

/** The inbox_events table. */
export class TypeOrmInboxStore implements InboxStore {
  constructor(private readonly dataSource: DataSource) {}

  transaction<T>(work: (tx: InboxTransaction) => Promise<T>): Promise<T> {
    return this.dataSource.transaction((manager) =>
      work({
        manager,
        claim: async (eventId, type) => {
          const rows: unknown[] = await manager.query(
            `INSERT INTO inbox_events (event_id, type, handled_at) VALUES ($1, $2, now())
             ON CONFLICT (event_id) DO NOTHING RETURNING event_id`,
            [eventId, type],
          );
          return rows.length === 1;
        },
      }),
    );
  }
}
