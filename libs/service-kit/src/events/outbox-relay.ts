import { Logger, type LoggerService } from '@nestjs/common';
import type { Options } from 'amqplib';
import { describe } from './broker-link';
import type { OutboxRow, OutboxStore } from './outbox-store';

/** The part of an amqplib ConfirmChannel the relay uses. */
export interface ConfirmPublisher {
  publish(
    exchange: string,
    routingKey: string,
    content: Buffer,
    options: Options.Publish,
    callback: (err: unknown, ok?: unknown) => void,
  ): boolean;
}

/** Gives the relay its current channel (undefined while the broker is unreachable). */
export interface PublisherLink {
  readonly channel: ConfirmPublisher | undefined;
  start?(): Promise<void>;
  stop?(): Promise<void>;
}

export interface OutboxRelayOptions {
  store: OutboxStore;
  link: PublisherLink;
  exchange: string;
  logger?: LoggerService;
  /** How often unsent rows are looked for (besides nudges). Default 500 ms. */
  pollIntervalMs?: number;
  batchSize?: number;
  /** A publish not confirmed within this time counts as failed (the row stays unsent). */
  confirmTimeoutMs?: number;
  /** Told of every event the broker confirmed (metrics). */
  onPublished?: (type: string) => void;
}

/**
 * Publishes the outbox in order over a confirm channel: persistent messages, routing key = event type,
 * messageId = envelope id. A row is marked sent only after the broker confirmed it; on any failure the
 * row stays and is published again later (consumers de-duplicate by id), so an outage delays events
 * and never loses them.
 */
export class OutboxRelay {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private again = false;
  private started = false;
  private readonly logger: LoggerService;
  private readonly pollIntervalMs: number;
  private readonly batchSize: number;
  private readonly confirmTimeoutMs: number;

  constructor(private readonly options: OutboxRelayOptions) {
    this.logger = options.logger ?? new Logger('OutboxRelay');
    this.pollIntervalMs = options.pollIntervalMs ?? 500;
    this.batchSize = options.batchSize ?? 100;
    this.confirmTimeoutMs = options.confirmTimeoutMs ?? 15_000;
  }

  /** Whether the relay currently has a broker channel. */
  get connected(): boolean {
    return this.options.link.channel !== undefined;
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    await this.options.link.start?.();
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.started = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
    await this.options.link.stop?.();
  }

  /** Publish soon: an event was just committed. */
  nudge(): void {
    if (!this.started) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  /** Publishes everything unsent (single flight). Resolves with the number of events confirmed. */
  drain(): Promise<number> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.drainLoop().finally(() => {
      this.running = undefined;
      if (this.started) this.schedule(this.again ? 0 : this.pollIntervalMs);
      this.again = false;
    });
    return this.running;
  }

  private schedule(delayMs: number) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.drain();
    }, delayMs);
  }

  private async drainLoop(): Promise<number> {
    let total = 0;
    for (;;) {
      this.again = false;
      const channel = this.options.link.channel;
      if (!channel) return total;
      let rows: OutboxRow[];
      try {
        rows = await this.options.store.fetchUnsent(this.batchSize);
      } catch (err) {
        this.logger.warn(`outbox read failed: ${describe(err)}`);
        return total;
      }
      if (!rows.length) return total;
      const confirmed = await this.publishBatch(channel, rows);
      total += confirmed;
      if (confirmed < rows.length) return total; // failures: try again on the next tick
      if (rows.length < this.batchSize && !this.again) return total;
    }
  }

  /** Publishes rows in order, waits for every confirm, marks the confirmed ones sent. */
  private async publishBatch(channel: ConfirmPublisher, rows: OutboxRow[]): Promise<number> {
    const outcomes = rows.map((row) => this.publishOne(channel, row));
    const results = await Promise.all(
      outcomes.map((p) =>
        p.then(
          () => null,
          (err: unknown) => describe(err),
        ),
      ),
    );
    const sentRows = rows.filter((_, i) => results[i] === null);
    const sent = sentRows.map((r) => r.id);
    const failed = rows.filter((_, i) => results[i] !== null).map((r) => r.id);
    try {
      await this.options.store.markSent(sent);
    } catch (err) {
      // The broker has them; they will be published again (consumers de-duplicate by id).
      this.logger.warn(`marking ${sent.length} outbox rows sent failed: ${describe(err)}`);
      return 0;
    }
    if (this.options.onPublished) for (const row of sentRows) this.options.onPublished(row.type);
    if (failed.length) {
      const reason = results.find((r) => r !== null) ?? 'publish failed';
      this.logger.warn(`${failed.length} outbox events not confirmed (${reason}); they stay queued`);
      await this.options.store.recordFailure(failed, reason).catch(() => undefined);
    }
    return sent.length;
  }

  private publishOne(channel: ConfirmPublisher, row: OutboxRow): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const timeout = setTimeout(() => reject(new Error('publish not confirmed in time')), this.confirmTimeoutMs);
      const done = (err: unknown) => {
        clearTimeout(timeout);
        if (err) reject(err instanceof Error ? err : new Error(String(err)));
        else resolve();
      };
      try {
        channel.publish(
          this.options.exchange,
          row.type,
          Buffer.from(JSON.stringify(row.payload)),
          {
            persistent: true,
            messageId: row.payload.id,
            type: row.type,
            contentType: 'application/json',
            timestamp: Math.floor(Date.parse(row.payload.occurredAt) / 1000) || undefined,
            appId: row.payload.source,
            // The request that caused the event, for broker tools (the envelope carries it too).
            correlationId: (row.payload as { requestId?: string }).requestId,
          },
          done,
        );
      } catch (err) {
        done(err ?? new Error('publish failed'));
      }
    });
  }
}
