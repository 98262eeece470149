import { Column, Entity, PrimaryColumn } from 'typeorm';

/** An event this service has handled; inserting it in the handler's transaction makes redelivery harmless. */
@Entity({ name: 'inbox_events' })
export class InboxEvent {
  @PrimaryColumn({ name: 'event_id', type: 'uuid' })
  eventId: string;

  @Column({ type: 'text' })
  type: string;

  @Column({ name: 'handled_at', type: 'timestamptz', default: () => 'now()' })
  handledAt: Date;
}
