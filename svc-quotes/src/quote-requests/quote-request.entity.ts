import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  PrimaryColumn,
  UpdateDateColumn,
  type ValueTransformer,
} from 'typeorm';
import type {
  QuoteAircraftDto,
  QuoteAirportDto,
  QuoteRequesterDto,
  QuoteRequestStatus,
  QuoteServices,
  QuoteUnits,
} from '@rampquote/contracts';

const decimal: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};

/**
 * A pilot's request for quotes (spec quote-workflow section 3) with the snapshot of the aircraft, airports and
 * requester profile it was made from: later edits in the other services never change a sent request.
 */
@Entity({ name: 'quote_requests' })
// My Quotes: (requester_id, created_at DESC, id DESC) INCLUDE (updated_at), made by migration 1768100000000.
@Index('quote_requests_requester_list_idx', ['requesterId', 'createdAt', 'id'])
export class QuoteRequest {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  /** The quote ID a person reads out on the phone (RQ-XXXXXX). */
  @Column({ name: 'unique_id', type: 'text', unique: true })
  uniqueId: string;

  @Column({ name: 'requester_id', type: 'uuid' })
  requesterId: string;

  @Column({ type: 'text', default: 'pending' })
  status: QuoteRequestStatus;

  /** Which payload made it: the request form or the legacy wizard. */
  @Column({ type: 'text', default: 'form' })
  source: 'form' | 'legacy';

  @Column({ type: 'jsonb' })
  requester: QuoteRequesterDto;

  @Column({ name: 'aircraft_id', type: 'uuid', nullable: true })
  aircraftId: string | null;

  @Column({ type: 'jsonb', nullable: true })
  aircraft: QuoteAircraftDto | null;

  /** Destination. */
  @Column({ name: 'airport_id', type: 'uuid' })
  airportId: string;

  @Column({ type: 'jsonb' })
  airport: QuoteAirportDto;

  @Column({ name: 'origin_airport_id', type: 'uuid', nullable: true })
  originAirportId: string | null;

  @Column({ name: 'origin_airport', type: 'jsonb', nullable: true })
  originAirport: QuoteAirportDto | null;

  @Column({ name: 'arrival_date', type: 'timestamptz', nullable: true })
  arrivalDate: Date | null;

  @Column({ name: 'departure_date', type: 'timestamptz', nullable: true })
  departureDate: Date | null;

  @Column({ name: 'fuel_type', type: 'text', nullable: true })
  fuelType: string | null;

  /** Gallons. */
  @Column({ name: 'fuel_amount', type: 'numeric', precision: 10, scale: 1, nullable: true, transformer: decimal })
  fuelAmount: number | null;

  /** Units of the amounts inside `services` (fuel, potable water, ice). */
  @Column({ type: 'text', default: 'standard' })
  units: QuoteUnits;

  @Column({ type: 'jsonb' })
  services: QuoteServices;

  @Column({ type: 'text', nullable: true })
  notes: string | null;

  @Column({ name: 'email_each_response', type: 'boolean', default: false })
  emailEachResponse: boolean;

  @Column({ name: 'email_all_responded', type: 'boolean', default: true })
  emailAllResponded: boolean;

  @Column({ name: 'total_fbos_count', type: 'integer' })
  totalFbosCount: number;

  /** FBOs that answered (an estimate or a decline). */
  @Column({ name: 'response_count', type: 'integer', default: 0 })
  responseCount: number;

  @Column({ name: 'cancelled_at', type: 'timestamptz', nullable: true })
  cancelledAt: Date | null;

  /** The FBO the pilot chose (booked-pending, booked). */
  @Column({ name: 'booking_fbo_id', type: 'uuid', nullable: true })
  bookingFboId: string | null;

  @Column({ name: 'booking_requested_at', type: 'timestamptz', nullable: true })
  bookingRequestedAt: Date | null;

  @Column({ name: 'booking_confirmed_at', type: 'timestamptz', nullable: true })
  bookingConfirmedAt: Date | null;

  /** FBOs that declined a booking of this request. */
  @Column({ name: 'booking_declined_fbo_ids', type: 'uuid', array: true, default: () => "'{}'" })
  bookingDeclinedFboIds: string[];

  /** 1 as sent; each amendment adds one (quote_request_versions). */
  @Column({ type: 'integer', default: 1 })
  version: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
