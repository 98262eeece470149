import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import { bigintNumber } from '../shared/bigint-number';
import type { DeclineReason, EstimateServiceKey, FeeKind } from '@rampquote/contracts';

/** One stored line of an estimate; money in integer cents. */
export interface StoredLine {
  priceCents: number | null;
  quantity: number | null;
  days: number | null;
  unavailable: boolean;
  notes: string | null;
}

export interface StoredCustomLine {
  id: string;
  name: string;
  priceCents: number;
  notes: string | null;
}

/** A fee beside the services, and the fuel (whole gallons) that waives it. */
export interface StoredFee {
  priceCents: number;
  waivedWithGallons: number | null;
}

export type StoredServicesQuoted = Partial<Record<EstimateServiceKey, StoredLine>> & {
  customServices: StoredCustomLine[];
  /** Absent in estimates sent before fees existed. */
  fees?: Partial<Record<FeeKind, StoredFee>>;
};

/** An invited FBO's answer: an estimate (`submitted`) or a decline with a reason. One per invitation. */
@Entity({ name: 'quote_responses' })
export class QuoteResponse {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ name: 'quote_request_id', type: 'uuid' })
  quoteRequestId: string;

  @Column({ name: 'invitation_id', type: 'uuid', unique: true })
  invitationId: string;

  @Column({ name: 'fbo_id', type: 'uuid' })
  fboId: string;

  @Column({ type: 'text' })
  kind: 'submitted' | 'declined';

  @Column({ name: 'total_price_cents', type: 'bigint', nullable: true, transformer: bigintNumber })
  totalPriceCents: number | null;

  @Column({ name: 'price_per_gallon_cents', type: 'bigint', nullable: true, transformer: bigintNumber })
  pricePerGallonCents: number | null;

  @Column({ name: 'services_quoted', type: 'jsonb', nullable: true })
  servicesQuoted: StoredServicesQuoted | null;

  @Column({ type: 'text', nullable: true })
  notes: string | null;

  @Column({ name: 'decline_reason', type: 'text', nullable: true })
  declineReason: DeclineReason | null;

  @Column({ name: 'decline_text', type: 'text', nullable: true })
  declineText: string | null;

  @Column({ name: 'valid_until', type: 'timestamptz', nullable: true })
  validUntil: Date | null;

  /** The request's version this answer was given for: an earlier one is out of the comparison. */
  @Column({ name: 'request_version', type: 'integer', default: 1 })
  requestVersion: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
