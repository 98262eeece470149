import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** An FBO at an airport. Unique by airport and case-insensitive name. */
@Entity({ name: 'fbos' })
export class Fbo {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ name: 'airport_id', type: 'uuid' })
  airportId: string;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text' })
  email: string;

  @Column({ type: 'text', nullable: true })
  phone: string | null;

  /** Logo URL. */
  @Column({ type: 'text', nullable: true })
  logo: string | null;

  /** Inactive FBOs stay in the directory but are not offered to pilots. */
  @Column({ type: 'boolean' })
  active: boolean;

  /** `admin`, `import`, `discovery:<provider>` or `demo`. */
  @Column({ type: 'text' })
  source: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
