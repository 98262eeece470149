import { Column, Entity, PrimaryColumn } from 'typeorm';

/** An e-mail that went out, keyed by what it was for (`invitation:<id>`, `withdrawn:<id>`, `response:<id>`, `all-responded:<id>`). */
@Entity({ name: 'quote_sent_mails' })
export class QuoteSentMail {
  @PrimaryColumn({ name: 'mail_key', type: 'text' })
  mailKey: string;

  @Column({ name: 'quote_request_id', type: 'uuid' })
  quoteRequestId: string;

  @Column({ type: 'text' })
  recipient: string;

  @Column({ name: 'sent_at', type: 'timestamptz', default: () => 'now()' })
  sentAt: Date;
}
