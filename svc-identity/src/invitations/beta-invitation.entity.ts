import { Column, CreateDateColumn, Entity, PrimaryColumn, Unique } from 'typeorm';

export type InvitationKind = 'email' | 'domain';

/** A beta invitation for one e-mail address or a whole domain (value stored lowercase). */
@Entity({ name: 'beta_invitations' })
@Unique('beta_invitations_kind_value_key', ['kind', 'value'])
export class BetaInvitation {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ type: 'text' })
  kind: InvitationKind;

  @Column({ type: 'text' })
  value: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
