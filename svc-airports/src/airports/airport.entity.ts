import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** An airport (spec quote-workflow section 3). */
@Entity({ name: 'airports' })
export class Airport {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  /** IATA code, uppercase, unique (the import skips duplicates by it). */
  @Column({ type: 'text', unique: true })
  code: string;

  /** ICAO / FAA identifier when known. */
  @Index('airports_identifier_idx')
  @Column({ type: 'text', nullable: true })
  identifier: string | null;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text', nullable: true })
  city: string | null;

  @Column({ type: 'text', nullable: true })
  state: string | null;

  @Column({ type: 'text', nullable: true })
  country: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
