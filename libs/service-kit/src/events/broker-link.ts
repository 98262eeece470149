import * as amqp from 'amqplib';
import { Logger, type LoggerService } from '@nestjs/common';

/**
 * Opens an AMQP connection. Production uses amqplib's `connect`; the testing entry point passes one that can
 * simulate a broker outage (BrokerOutage).
 */
export type BrokerConnector = (
  url: string,
  options: { timeout: number; clientProperties: { connection_name: string } },
) => Promise<amqp.ChannelModel>;

export const connectToBroker: BrokerConnector = (url, options) => amqp.connect(url, options);

export interface BrokerLinkOptions {
  url: string;
  /** How a connection is opened (default: amqplib's connect). */
  connect?: BrokerConnector;
  /** Shown in logs and as the connection name in RabbitMQ. */
  name: string;
  logger?: LoggerService;
  /** Runs on every new channel (declare topology, start consuming, ...). */
  setup?: (channel: amqp.ConfirmChannel) => Promise<void>;
  minBackoffMs?: number;
  maxBackoffMs?: number;
}

/**
 * One AMQP connection with one confirm channel that comes back by itself: when the broker goes away
 * the link retries with exponential backoff (0.5 s doubling up to 10 s) and runs `setup` again.
 */
export class BrokerLink {
  private connection: amqp.ChannelModel | undefined;
  private current: amqp.ConfirmChannel | undefined;
  private timer: NodeJS.Timeout | undefined;
  private backoffMs: number;
  private stopping = false;
  private connecting: Promise<void> | undefined;
  private readonly logger: LoggerService;
  private readonly listeners = new Set<(up: boolean) => void>();

  constructor(private readonly options: BrokerLinkOptions) {
    this.logger = options.logger ?? new Logger(`BrokerLink:${options.name}`);
    this.backoffMs = options.minBackoffMs ?? 500;
  }

  /** The open channel, or undefined while disconnected. */
  get channel(): amqp.ConfirmChannel | undefined {
    return this.current;
  }

  get connected(): boolean {
    return this.current !== undefined;
  }

  /** Called with true on each (re)connection and false on each loss. */
  onStateChange(listener: (up: boolean) => void): void {
    this.listeners.add(listener);
  }

  /** Connects once (awaited); on failure keeps retrying in the background. Never throws. */
  async start(): Promise<void> {
    this.stopping = false;
    await this.attempt();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.connecting?.catch(() => undefined);
    await this.closeConnection();
  }

  private async attempt(): Promise<void> {
    if (this.stopping || this.current || this.connecting) return this.connecting;
    this.connecting = this.connectOnce()
      .then(() => {
        this.backoffMs = this.options.minBackoffMs ?? 500;
        this.logger.log(`connected to the broker (${this.options.name})`);
        this.emit(true);
      })
      .catch((err: unknown) => {
        this.logger.warn(
          `broker connection failed (${this.options.name}): ${describe(err)}; retrying in ${this.backoffMs} ms`,
        );
        this.scheduleReconnect();
      })
      .finally(() => {
        this.connecting = undefined;
      });
    return this.connecting;
  }

  private async connectOnce(): Promise<void> {
    const connect = this.options.connect ?? connectToBroker;
    const connection = await connect(withHeartbeat(this.options.url), {
      timeout: 5000,
      clientProperties: { connection_name: this.options.name },
    });
    let closed = false;
    connection.on('error', (err: unknown) =>
      this.logger.warn(`broker connection error (${this.options.name}): ${describe(err)}`),
    );
    connection.on('close', () => {
      closed = true;
      this.handleClose(connection);
    });
    try {
      const channel = await connection.createConfirmChannel();
      channel.on('error', (err: unknown) =>
        this.logger.warn(`broker channel error (${this.options.name}): ${describe(err)}`),
      );
      channel.on('close', () => {
        // A channel closed by a channel-level error: drop the whole connection and start over.
        if (this.connection === connection && !this.stopping) connection.close().catch(() => undefined);
      });
      await this.options.setup?.(channel);
      if (this.stopping) throw new Error('link stopped while connecting');
      if (closed) throw new Error('connection closed while connecting');
      this.connection = connection;
      this.current = channel;
    } catch (err) {
      await connection.close().catch(() => undefined);
      throw err;
    }
  }

  private handleClose(connection: amqp.ChannelModel) {
    if (connection !== this.connection) return;
    this.connection = undefined;
    this.current = undefined;
    this.emit(false);
    if (!this.stopping) {
      this.logger.warn(`broker connection lost (${this.options.name}); reconnecting`);
      this.scheduleReconnect();
    }
  }

  private scheduleReconnect() {
    if (this.stopping || this.timer) return;
    const delay = this.backoffMs;
    this.backoffMs = Math.min(this.backoffMs * 2, this.options.maxBackoffMs ?? 10_000);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.attempt();
    }, delay);
  }

  private async closeConnection() {
    const connection = this.connection;
    if (!connection) return;
    this.connection = undefined;
    this.current = undefined;
    this.emit(false);
    await connection.close().catch(() => undefined);
    if (!this.stopping) this.scheduleReconnect();
  }

  private emit(up: boolean) {
    for (const listener of this.listeners) listener(up);
  }
}

function withHeartbeat(url: string): string {
  const parsed = new URL(url);
  if (!parsed.searchParams.has('heartbeat')) parsed.searchParams.set('heartbeat', '10');
  return parsed.toString();
}

export function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
