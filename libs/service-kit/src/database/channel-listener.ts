import { Client } from 'pg';

export interface ChannelListenerOptions {
  connectionString: string;
  /** The PostgreSQL channel (an identifier: letters, digits, underscores). */
  channel: string;
  /** Shown in pg_stat_activity. */
  applicationName: string;
  onNotification: (payload: string | undefined) => void;
  /**
   * True once LISTEN holds, false when the connection is lost (notifications sent meanwhile are missed: the owner
   * must not trust what it learned from them until it is true again).
   */
  onListening?: (listening: boolean) => void;
  logger?: { warn: (message: string) => void };
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/**
 * A dedicated PostgreSQL connection that LISTENs on one channel and reconnects when it is lost (backoff 250 ms,
 * doubling up to 5 s), telling its owner when it listens and when it stopped listening.
 */
export class ChannelListener {
  private client: Client | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private backoffMs = 250;
  private stopped = false;

  constructor(private readonly options: ChannelListenerOptions) {
    if (!IDENTIFIER.test(options.channel)) throw new Error(`not a channel name: ${options.channel}`);
  }

  /** Whether LISTEN holds now. */
  get listening(): boolean {
    return this.client !== undefined;
  }

  /** The first connection attempt (a failure is retried in the background, not thrown). */
  start(): Promise<void> {
    this.stopped = false;
    return this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    const client = this.client;
    this.client = undefined;
    if (client) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
    }
  }

  private async connect(): Promise<void> {
    const { connectionString, channel, applicationName, onNotification } = this.options;
    const client = new Client({ connectionString, application_name: applicationName });
    client.on('notification', (message) => {
      if (message.channel === channel) onNotification(message.payload);
    });
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client, new Error('connection ended')));
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (err) {
      await client.end().catch(() => undefined);
      this.lost(client, err);
      return;
    }
    if (this.stopped) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.backoffMs = 250;
    this.options.onListening?.(true);
  }

  private lost(client: Client, err: unknown): void {
    if (this.client === client) {
      this.client = undefined;
      this.options.onListening?.(false);
    }
    if (this.stopped || this.retryTimer) return;
    this.options.logger?.warn(
      `LISTEN ${this.options.channel}: connection lost (${err instanceof Error ? err.message : String(err)}); reconnecting`,
    );
    client.removeAllListeners('end');
    client.end().catch(() => undefined);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.connect();
    }, this.backoffMs);
    this.backoffMs = Math.min(this.backoffMs * 2, 5000);
  }
}
