import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';
import type { QuoteFboDto, QuoteInvitationStatus } from '@rampquote/contracts';

/**
 * One FBO invited to one request. The FBO's link carries a token; only its SHA-256 is stored (`tokenHash`).
 * The token is rebuilt from `linkNonce` with a key derived from LINK_SECRET when a mail needs it (see
 * quote-links.ts): the database alone never yields a working link.
 */
@Entity({ name: 'quote_invitations' })
@Index('quote_invitations_fbo_email_created_idx', ['fboEmail', 'createdAt'])
export class QuoteInvitation {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ name: 'quote_request_id', type: 'uuid' })
  quoteRequestId: string;

  @Column({ name: 'fbo_id', type: 'uuid' })
  fboId: string;

  /** Order of selection in the request (0-based). */
  @Column({ type: 'integer' })
  position: number;

  /** The FBO as the directory listed it when the request was sent. */
  @Column({ type: 'jsonb' })
  fbo: QuoteFboDto;

  /** Lowercase; an FBO user whose e-mail equals it sees the invitation in the inbox. */
  @Column({ name: 'fbo_email', type: 'text' })
  fboEmail: string;

  @Column({ name: 'token_hash', type: 'text', unique: true })
  tokenHash: string;

  @Column({ name: 'link_nonce', type: 'text' })
  linkNonce: string;

  @Column({ type: 'text', default: 'open' })
  status: QuoteInvitationStatus;

  @Column({ name: 'responded_at', type: 'timestamptz', nullable: true })
  respondedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
