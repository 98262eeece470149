import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * A row of an admin FBO directory import, kept by the airport reference it named (identifier or IATA code). The
 * directory is the first FBO discovery provider: it fills airports imported after their FBOs were.
 */
@Entity({ name: 'fbo_directory_entries' })
export class FboDirectoryEntry {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ name: 'airport_ref', type: 'text' })
  airportRef: string;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text' })
  email: string;

  @Column({ type: 'text', nullable: true })
  phone: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
