import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn, type ValueTransformer } from 'typeorm';

const decimal: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};

/** A pilot's request for quotes (spec quote-workflow section 3). Ids of other services' records are kept as given. */
@Entity({ name: 'quote_requests' })
@Index('quote_requests_user_created_idx', ['userId', 'createdAt'])
export class QuoteRequest {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  /** Public identifier used in links. */
  @Column({ name: 'unique_id', type: 'text', unique: true })
  uniqueId: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  /** pending, responses_received, completed, cancelled, ... */
  @Column({ type: 'text', default: 'pending' })
  status: string;

  @Column({ name: 'aircraft_id', type: 'uuid', nullable: true })
  aircraftId: string | null;

  /** Destination airport. */
  @Column({ name: 'airport_id', type: 'uuid', nullable: true })
  airportId: string | null;

  @Column({ name: 'origin_airport_id', type: 'uuid', nullable: true })
  originAirportId: string | null;

  @Column({ name: 'arrival_date', type: 'timestamptz', nullable: true })
  arrivalDate: Date | null;

  @Column({ name: 'departure_date', type: 'timestamptz', nullable: true })
  departureDate: Date | null;

  @Column({ name: 'fuel_type', type: 'text', nullable: true })
  fuelType: string | null;

  /** Gallons. */
  @Column({ name: 'fuel_amount', type: 'numeric', precision: 10, scale: 1, nullable: true, transformer: decimal })
  fuelAmount: number | null;

  @Column({ type: 'text', nullable: true })
  notes: string | null;

  /** The requested services object of the form. */
  @Column({ type: 'jsonb', default: () => `'{}'::jsonb` })
  services: Record<string, unknown>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
