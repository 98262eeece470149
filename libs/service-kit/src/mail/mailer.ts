import { Logger } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';

export const MAIL_FROM = 'RampQuote <no-reply@rampquote.dev>';

export interface MailMessage {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

/** Sends e-mail over SMTP_URL (the dev mail catcher by default) from RampQuote <no-reply@rampquote.dev>. */
export class Mailer {
  private readonly transport: Transporter;
  private readonly logger = new Logger('Mailer');

  constructor(smtpUrl: string) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(message: MailMessage): Promise<void> {
    const info = await this.transport.sendMail({ from: MAIL_FROM, ...message });
    this.logger.log(`mail "${message.subject}" sent (${String(info.messageId)})`);
  }

  close(): void {
    this.transport.close();
  }
}
