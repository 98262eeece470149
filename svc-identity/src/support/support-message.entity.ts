import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A message sent with the support contact form (also e-mailed to SUPPORT_EMAIL). */
@Entity({ name: 'support_messages' })
export class SupportMessage {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text' })
  email: string;

  @Column({ type: 'text' })
  subject: string;

  @Column({ type: 'text' })
  message: string;

  @Column({ name: 'user_id', type: 'uuid', nullable: true })
  userId: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
