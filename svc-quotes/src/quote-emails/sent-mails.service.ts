import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Mailer, type MailMessage } from '@rampquote/service-kit';

/**
 * Sends an e-mail once per key. The record is written on its own connection right after the SMTP server took
 * the message, not in the event's inbox transaction: when the third of five invitations fails and the event is
 * retried, the first two are not sent again. (A crash between the send and the record can still repeat one.)
 */
@Injectable()
export class SentMailsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly mailer: Mailer,
  ) {}

  async wasSent(key: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(`SELECT 1 FROM quote_sent_mails WHERE mail_key = $1`, [key]);
    return rows.length > 0;
  }

  async sendOnce(key: string, quoteRequestId: string, message: MailMessage): Promise<boolean> {
    if (await this.wasSent(key)) return false;
    await this.mailer.send(message);
    await this.dataSource.query(
      `INSERT INTO quote_sent_mails (mail_key, quote_request_id, recipient) VALUES ($1, $2, $3) ON CONFLICT (mail_key) DO NOTHING`,
      [key, quoteRequestId, Array.isArray(message.to) ? message.to.join(', ') : message.to],
    );
    return true;
  }
}
