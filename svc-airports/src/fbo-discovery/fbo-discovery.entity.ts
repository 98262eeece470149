import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The FBO discovery of an airport that had no FBOs: requested, then finished with the number found. */
@Entity({ name: 'fbo_discoveries' })
export class FboDiscovery {
  @PrimaryColumn({ name: 'airport_id', type: 'uuid' })
  airportId: string;

  @Column({ type: 'text' })
  status: 'in-progress' | 'finished';

  @Column({ type: 'integer' })
  found: number;

  @Column({ name: 'requested_at', type: 'timestamptz' })
  requestedAt: Date;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt: Date | null;
}
