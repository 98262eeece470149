import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { UserRole } from '@rampquote/contracts';

@Entity({ name: 'users' })
export class User {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  /** Derived from the e-mail's local part, unique (numeric suffix when taken). */
  @Column({ type: 'text', unique: true })
  username: string;

  /** Stored lowercase. */
  @Column({ type: 'text', unique: true })
  email: string;

  /** argon2id. */
  @Column({ name: 'password_hash', type: 'text' })
  passwordHash: string;

  @Column({ type: 'text', default: 'pilot' })
  role: UserRole;

  @Column({ name: 'first_name', type: 'text' })
  firstName: string;

  @Column({ name: 'last_name', type: 'text' })
  lastName: string;

  @Column({ name: 'company_name', type: 'text', nullable: true })
  companyName: string | null;

  @Column({ name: 'aircraft_profile_name', type: 'text', nullable: true })
  aircraftProfileName: string | null;

  /** The optional profile fields of spec section 3 (ProfilePatch keys; validated by profilePatchSchema). */
  @Column({ type: 'jsonb', default: () => "'{}'::jsonb" })
  profile: Record<string, string | null>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
