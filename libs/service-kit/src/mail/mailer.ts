import { Logger } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool';

export const MAIL_FROM = 'RampQuote <no-reply@rampquote.dev>';

export interface MailMessage {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** Files sent with the message (a calendar entry: `text/calendar`). */
  attachments?: { filename: string; content: string; contentType: string }[];
}

/**
 * How the pooled transport behaves. A batch of mails (the invitations of one quote request) goes out over at most
 * `maxConnections` SMTP connections opened once and kept (keep-alive) instead of one connection, greeting and
 * handshake per mail; an idle connection is closed after `idleTimeoutMs` (the server would drop it anyway).
 */
export const MAIL_POOL = {
  maxConnections: 5,
  /** Messages per connection before it is replaced (nodemailer's default). */
  maxMessages: 100,
  connectionTimeoutMs: 10_000,
  greetingTimeoutMs: 10_000,
  /** Inactivity on a connection, also an idle pooled one, before it is closed. */
  idleTimeoutMs: 30_000,
} as const;

/**
 * nodemailer's options for an SMTP URL (`smtp://user:pass@host:port?opt=value`), pooled. nodemailer drops every
 * other option when it is given `{ url }`, so the URL is read here; its query options still win.
 */
export function poolOptions(smtpUrl: string): SMTPPool.Options & { maxRequeues: number } {
  const url = new URL(smtpUrl);
  const fromQuery: Record<string, string | number | boolean> = {};
  for (const [key, raw] of url.searchParams)
    fromQuery[key] =
      raw === 'true' ? true : raw === 'false' ? false : raw !== '' && !Number.isNaN(Number(raw)) ? Number(raw) : raw;
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : undefined,
    secure: url.protocol === 'smtps:',
    ...(url.username
      ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }
      : {}),
    maxConnections: MAIL_POOL.maxConnections,
    maxMessages: MAIL_POOL.maxMessages,
    connectionTimeout: MAIL_POOL.connectionTimeoutMs,
    greetingTimeout: MAIL_POOL.greetingTimeoutMs,
    socketTimeout: MAIL_POOL.idleTimeoutMs,
    ...fromQuery,
    // A message whose connection dropped mid-send fails (the caller retries) instead of waiting in the queue for good
    // (nodemailer's option; its typings lack it).
    maxRequeues: 0,
    pool: true,
  };
}

/**
 * Sends e-mail over SMTP_URL (the dev mail catcher by default) from RampQuote <no-reply@rampquote.dev>, over a pool
 * of kept-alive connections (see MAIL_POOL): callers may send several mails at once; they share the connections.
 */
export class Mailer {
  private readonly transport: Transporter;
  private readonly logger = new Logger('Mailer');

  constructor(smtpUrl: string) {
    this.transport = nodemailer.createTransport(poolOptions(smtpUrl));
  }

  async send(message: MailMessage): Promise<void> {
    const info = await this.transport.sendMail({ from: MAIL_FROM, ...message });
    this.logger.log(`mail "${message.subject}" sent (${String(info.messageId)})`);
  }

  close(): void {
    this.transport.close();
  }
}
