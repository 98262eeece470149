import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A Stripe event already applied: Stripe delivers at least once, so a repeat is acknowledged and skipped. */
@Entity({ name: 'stripe_webhook_events' })
export class StripeWebhookEvent {
  /** Stripe's event id (`evt_…`). */
  @PrimaryColumn({ type: 'text' })
  id: string;

  @Column({ type: 'text' })
  type: string;

  @CreateDateColumn({ name: 'received_at', type: 'timestamptz' })
  receivedAt: Date;
}
