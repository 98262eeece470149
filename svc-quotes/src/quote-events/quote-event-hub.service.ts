import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  ChannelListener,
  databaseUrl,
  SERVICE_CONFIG,
  serviceDatabaseName,
  type ServiceConfig,
} from '@rampquote/service-kit';
import { QUOTE_EVENTS_CHANNEL } from '../shared/request-stream';

export interface StreamEvent {
  seq: number;
  type: string;
  data: unknown;
}

interface Subscriber {
  lastSeq: number;
  send: (event: StreamEvent) => void;
}

/**
 * Every svc-quotes process LISTENs on one PostgreSQL channel with a dedicated connection (service-kit's
 * ChannelListener): a change committed by any replica (an FBO's answer, a cancellation) NOTIFYs them all, and each
 * delivers the request's new events (read from quote_request_events, `seq` > what each stream has sent) to the
 * streams it holds. After a lost connection it reconnects and catches every held stream up from the table, so
 * nothing is missed.
 */
@Injectable()
export class QuoteEventHub implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('QuoteEventHub');
  private readonly subscribers = new Map<string, Set<Subscriber>>();
  private readonly running = new Map<string, Promise<void>>();
  private readonly again = new Set<string>();
  private readonly listener: ChannelListener;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(SERVICE_CONFIG) config: ServiceConfig,
  ) {
    this.listener = new ChannelListener({
      connectionString: databaseUrl(config.DATABASE_URL, serviceDatabaseName('quotes', config)),
      channel: QUOTE_EVENTS_CHANNEL,
      applicationName: 'rampquote-quotes-listen',
      onNotification: (quoteRequestId) => {
        if (quoteRequestId) this.deliver(quoteRequestId);
      },
      // Changes committed while no connection listened: catch every held stream up.
      onListening: (listening) => {
        if (listening) for (const id of this.subscribers.keys()) this.deliver(id);
      },
      logger: this.logger,
    });
  }

  async onModuleInit(): Promise<void> {
    await this.listener.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.listener.stop();
  }

  /** Whether the LISTEN connection is up (for tests and health). */
  get listening(): boolean {
    return this.listener.listening;
  }

  /** Sends the request's events numbered above `lastSeq` now and every new one as it commits; returns the unsubscribe. */
  subscribe(quoteRequestId: string, lastSeq: number, send: (event: StreamEvent) => void): () => void {
    const subscriber: Subscriber = { lastSeq, send };
    let set = this.subscribers.get(quoteRequestId);
    if (!set) this.subscribers.set(quoteRequestId, (set = new Set()));
    set.add(subscriber);
    this.deliver(quoteRequestId);
    return () => {
      set.delete(subscriber);
      if (!set.size && this.subscribers.get(quoteRequestId) === set) this.subscribers.delete(quoteRequestId);
    };
  }

  /** The request's latest event number (0 without events). */
  async latestSeq(quoteRequestId: string): Promise<number> {
    const rows: { seq: string | null }[] = await this.dataSource.query(
      `SELECT max(seq) AS seq FROM quote_request_events WHERE quote_request_id = $1`,
      [quoteRequestId],
    );
    return Number(rows[0]?.seq ?? 0);
  }

  /** One delivery per request at a time; a notification during one runs it again afterwards. */
  private deliver(quoteRequestId: string): void {
    if (!this.subscribers.has(quoteRequestId)) return;
    if (this.running.has(quoteRequestId)) {
      this.again.add(quoteRequestId);
      return;
    }
    const run = this.deliverNow(quoteRequestId)
      .catch((err: unknown) =>
        this.logger.warn(
          `stream delivery for ${quoteRequestId} failed: ${err instanceof Error ? err.message : String(err)}`,
        ),
      )
      .finally(() => {
        this.running.delete(quoteRequestId);
        if (this.again.delete(quoteRequestId)) this.deliver(quoteRequestId);
      });
    this.running.set(quoteRequestId, run);
  }

  private async deliverNow(quoteRequestId: string): Promise<void> {
    const set = this.subscribers.get(quoteRequestId);
    if (!set?.size) return;
    const from = Math.min(...[...set].map((s) => s.lastSeq));
    const rows: { seq: string; type: string; data: unknown }[] = await this.dataSource.query(
      `SELECT seq, type, data FROM quote_request_events WHERE quote_request_id = $1 AND seq > $2 ORDER BY seq LIMIT 1000`,
      [quoteRequestId, from],
    );
    for (const row of rows) {
      const event: StreamEvent = { seq: Number(row.seq), type: row.type, data: row.data };
      for (const subscriber of set) {
        if (event.seq <= subscriber.lastSeq) continue;
        subscriber.lastSeq = event.seq;
        subscriber.send(event);
      }
    }
    if (rows.length === 1000) this.again.add(quoteRequestId);
  }
}
