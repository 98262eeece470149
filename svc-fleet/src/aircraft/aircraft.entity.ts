import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  PrimaryColumn,
  UpdateDateColumn,
  type ValueTransformer,
} from 'typeorm';
import type { EngineType, UnitSystem } from '@rampquote/contracts';

/** numeric columns come back from pg as strings. */
const decimal: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};

/** A saved aircraft (spec accounts-aircraft-billing section 3). */
@Entity({ name: 'aircraft' })
@Index('aircraft_user_list_idx', ['userId', 'isDefault', 'make'])
export class Aircraft {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  /** First word of the model joined to the tail number. */
  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text' })
  make: string;

  @Column({ type: 'text' })
  model: string;

  @Column({ type: 'text', nullable: true })
  type: EngineType | null;

  /** Stored uppercase. */
  @Column({ name: 'tail_number', type: 'text', nullable: true })
  tailNumber: string | null;

  @Column({ name: 'serial_number', type: 'text', nullable: true })
  serialNumber: string | null;

  @Column({ type: 'integer', nullable: true })
  year: number | null;

  @Column({ type: 'numeric', precision: 8, scale: 1, nullable: true, transformer: decimal })
  wingspan: number | null;

  @Column({ type: 'numeric', precision: 8, scale: 1, nullable: true, transformer: decimal })
  length: number | null;

  @Column({ type: 'numeric', precision: 8, scale: 1, nullable: true, transformer: decimal })
  height: number | null;

  @Column({
    name: 'basic_empty_weight',
    type: 'numeric',
    precision: 12,
    scale: 1,
    nullable: true,
    transformer: decimal,
  })
  basicEmptyWeight: number | null;

  @Column({ name: 'max_ramp_weight', type: 'numeric', precision: 12, scale: 1, nullable: true, transformer: decimal })
  maxRampWeight: number | null;

  @Column({
    name: 'max_takeoff_weight',
    type: 'numeric',
    precision: 12,
    scale: 1,
    nullable: true,
    transformer: decimal,
  })
  maxTakeoffWeight: number | null;

  @Column({
    name: 'max_landing_weight',
    type: 'numeric',
    precision: 12,
    scale: 1,
    nullable: true,
    transformer: decimal,
  })
  maxLandingWeight: number | null;

  @Column({ name: 'min_runway_length', type: 'integer', nullable: true })
  minRunwayLength: number | null;

  @Column({ name: 'unit_system', type: 'text', default: 'imperial' })
  unitSystem: UnitSystem;

  @Column({ name: 'is_default', type: 'boolean', default: false })
  isDefault: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
