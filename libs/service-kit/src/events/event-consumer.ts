import { Logger, type LoggerService } from '@nestjs/common';
import type { ConsumeMessage, Options } from 'amqplib';
import type { EntityManager } from 'typeorm';
import type { EventEnvelope } from '@rampquote/contracts';
import { runWithRequestId } from '../request-context/request-context';
import { isDependencyUnavailable } from '../database/unavailable';
import { BrokerLink, describe, type BrokerConnector } from './broker-link';
import { subjectIds } from './outbox';
import type { InboxStore } from './inbox-store';
import { declareTopology, eventQueues, type EventQueues } from './topology';

/** Handles one event; write with `manager` so the work commits together with the inbox record. */
export type EventHandler<T = unknown> = (event: EventEnvelope<T>, manager: EntityManager) => Promise<void> | void;

/** Header counting delivery attempts (1 on the first delivery). */
export const ATTEMPT_HEADER = 'x-rampquote-attempt';
/** Header carrying the last handler error on retried and dead messages. */
export const ERROR_HEADER = 'x-rampquote-error';
/** Header counting the retries of an event whose handler found a dependency (database, SMTP) unreachable. */
export const WAIT_HEADER = 'x-rampquote-waits';
/** Longest wait between two such retries. */
export const UNAVAILABLE_RETRY_MAX_MS = 15_000;

/** The part of an amqplib ConfirmChannel the consumer uses. */
export interface ConsumerChannel {
  ack(message: ConsumeMessage): void;
  nack(message: ConsumeMessage, allUpTo?: boolean, requeue?: boolean): void;
  sendToQueue(
    queue: string,
    content: Buffer,
    options: Options.Publish,
    callback: (err: unknown, ok?: unknown) => void,
  ): boolean;
}

export type DeliveryOutcome = 'handled' | 'duplicate' | 'ignored' | 'retried' | 'dead' | 'requeued';

export interface EventConsumerOptions {
  service: string;
  url: string;
  exchange: string;
  /** Routing keys (event types) bound to the service's queue. */
  bindings: readonly string[];
  inbox: InboxStore;
  logger?: LoggerService;
  /** Unacknowledged messages in flight at most. Default 10. */
  prefetch?: number;
  /** Deliveries before a failing event goes to the dead-letter queue. Default 3. */
  maxAttempts?: number;
  /** Wait before a retry, multiplied by the attempt number. Default 1000 ms. */
  retryDelayMs?: number;
  maxBackoffMs?: number;
  /** How the broker connection is opened (default: amqplib's connect). */
  connect?: BrokerConnector;
  /** Told of every delivery's outcome and handling time (metrics). */
  onDelivery?: (type: string, outcome: DeliveryOutcome, seconds: number) => void;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Consumes the service's own durable queue with manual ack and bounded prefetch. Each event runs its
 * handler and the inbox insert in one transaction (a redelivered id is acknowledged without running
 * the handler again). A failing handler is retried through `<queue>.retry` (TTL, then back to the
 * queue) up to maxAttempts deliveries, then the message is moved to `<queue>.dead`. Reconnects by
 * itself after a broker outage.
 */
export class EventConsumer {
  readonly queues: EventQueues;
  private readonly handlers = new Map<string, EventHandler>();
  private readonly link: BrokerLink;
  private readonly logger: LoggerService;
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly maxAttempts: number;
  private readonly retryDelayMs: number;
  private consumerTag: string | undefined;

  constructor(private readonly options: EventConsumerOptions) {
    this.logger = options.logger ?? new Logger('EventConsumer');
    this.queues = eventQueues(options.service, options.exchange);
    this.maxAttempts = options.maxAttempts ?? 3;
    this.retryDelayMs = options.retryDelayMs ?? 1000;
    this.link = new BrokerLink({
      url: options.url,
      name: `${options.service}-consumer`,
      logger: this.logger,
      maxBackoffMs: options.maxBackoffMs,
      connect: options.connect,
      setup: async (channel) => {
        await declareTopology(channel, options);
        await channel.prefetch(options.prefetch ?? 10);
        const { consumerTag } = await channel.consume(
          this.queues.main,
          (message) => {
            if (!message) return; // the broker cancelled the consumer; the link reconnects
            this.track(this.handleMessage(channel, message));
          },
          { noAck: false },
        );
        this.consumerTag = consumerTag;
      },
    });
  }

  get connected(): boolean {
    return this.link.connected;
  }

  /** Registers the handler for one event type (one handler per type). */
  on<T = unknown>(type: string, handler: EventHandler<T>): this {
    if (this.handlers.has(type)) throw new Error(`A handler for ${type} is already registered`);
    if (!this.options.bindings.includes(type)) {
      this.logger.warn(`handler registered for ${type}, which is not bound to ${this.queues.main}`);
    }
    this.handlers.set(type, handler as EventHandler);
    return this;
  }

  async start(): Promise<void> {
    await this.link.start();
  }

  /** Stops taking messages, lets the ones in flight finish, closes the connection. */
  async stop(): Promise<void> {
    const channel = this.link.channel;
    if (channel && this.consumerTag) await channel.cancel(this.consumerTag).catch(() => undefined);
    await Promise.allSettled([...this.inFlight]);
    await this.link.stop();
  }

  /**
   * Processes one delivery; always settles the message (ack after retry/dead publish is confirmed). The handling runs
   * in the context of the request that caused the event (the envelope's requestId, else the event id): its log lines,
   * service calls and the events it records carry that id, with the event's id, type and subject ids.
   */
  async handleMessage(channel: ConsumerChannel, message: ConsumeMessage): Promise<DeliveryOutcome> {
    const started = performance.now();
    let envelope: EventEnvelope | undefined;
    try {
      envelope = JSON.parse(message.content.toString('utf8')) as EventEnvelope;
    } catch {
      envelope = undefined;
    }
    const type = typeof envelope?.type === 'string' ? envelope.type : String(message.fields.routingKey);
    const requestId =
      typeof envelope?.requestId === 'string'
        ? envelope.requestId
        : typeof envelope?.id === 'string'
          ? envelope.id
          : message.properties.messageId;
    const fields: Record<string, string> = {
      eventType: type,
      ...(typeof envelope?.id === 'string' ? { eventId: envelope.id } : {}),
      ...subjectIds(envelope?.data),
    };
    return runWithRequestId(
      String(requestId ?? 'unknown'),
      async () => {
        const outcome = await this.settle(channel, message);
        const seconds = (performance.now() - started) / 1000;
        this.options.onDelivery?.(type, outcome, seconds);
        if (outcome === 'handled' || outcome === 'duplicate')
          this.logger.log({ msg: `event ${type} ${outcome}`, outcome, ms: Math.round(seconds * 10000) / 10 });
        return outcome;
      },
      fields,
    );
  }

  private async settle(channel: ConsumerChannel, message: ConsumeMessage): Promise<DeliveryOutcome> {
    const headers = { ...(message.properties.headers ?? {}) };
    const attempt = Math.max(1, Number(headers[ATTEMPT_HEADER]) || 1);
    let event: EventEnvelope;
    try {
      event = parseEnvelope(message.content);
    } catch (err) {
      this.logger.error(`malformed event on ${this.queues.main}: ${describe(err)}`);
      return this.moveTo(
        channel,
        message,
        this.queues.dead,
        { [ATTEMPT_HEADER]: attempt, [ERROR_HEADER]: describe(err) },
        'dead',
      );
    }
    const handler = this.handlers.get(event.type);
    if (!handler) {
      this.logger.warn(`no handler for ${event.type} (${event.id}); acknowledged`);
      channel.ack(message);
      return 'ignored';
    }
    try {
      const ran = await this.options.inbox.transaction(async (tx) => {
        if (!(await tx.claim(event.id, event.type))) return false;
        await handler(event, tx.manager);
        return true;
      });
      channel.ack(message);
      return ran ? 'handled' : 'duplicate';
    } catch (err) {
      const reason = describe(err);
      if (isDependencyUnavailable(err)) {
        // PostgreSQL or the SMTP server cannot be reached: the event is not at fault, so the outage does not use up its
        // attempts (a minute without SMTP must not dead-letter the mails); it comes back with a growing, capped delay.
        const waits = Math.max(0, Number(headers[WAIT_HEADER]) || 0);
        const delay = Math.min(this.retryDelayMs * 2 ** waits, UNAVAILABLE_RETRY_MAX_MS);
        this.logger.warn(
          `${event.type} ${event.id} waits for an unavailable dependency (${reason}); retrying in ${delay} ms`,
        );
        return this.moveTo(
          channel,
          message,
          this.queues.retry,
          { [ATTEMPT_HEADER]: attempt, [WAIT_HEADER]: waits + 1, [ERROR_HEADER]: reason },
          'retried',
          String(delay),
        );
      }
      if (attempt < this.maxAttempts) {
        this.logger.warn(
          `${event.type} ${event.id} failed on attempt ${attempt}/${this.maxAttempts}: ${reason}; retrying`,
        );
        return this.moveTo(
          channel,
          message,
          this.queues.retry,
          { [ATTEMPT_HEADER]: attempt + 1, [ERROR_HEADER]: reason },
          'retried',
          String(this.retryDelayMs * attempt),
        );
      }
      this.logger.error(`${event.type} ${event.id} failed ${attempt} times: ${reason}; moved to ${this.queues.dead}`);
      return this.moveTo(
        channel,
        message,
        this.queues.dead,
        { [ATTEMPT_HEADER]: attempt, [ERROR_HEADER]: reason },
        'dead',
      );
    }
  }

  /** Publishes a copy to `queue` (confirmed), then acknowledges the original. */
  private async moveTo(
    channel: ConsumerChannel,
    message: ConsumeMessage,
    queue: string,
    extraHeaders: Record<string, unknown>,
    outcome: DeliveryOutcome,
    expiration?: string,
  ): Promise<DeliveryOutcome> {
    const props = message.properties;
    const headers: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(props.headers ?? {})) {
      if (!key.startsWith('x-death') && !key.startsWith('x-first-death') && !key.startsWith('x-last-death'))
        headers[key] = value;
    }
    Object.assign(headers, extraHeaders, { 'x-rampquote-routing-key': message.fields.routingKey });
    try {
      await new Promise<void>((resolve, reject) => {
        channel.sendToQueue(
          queue,
          message.content,
          {
            persistent: true,
            messageId: props.messageId,
            type: props.type,
            contentType: props.contentType,
            timestamp: props.timestamp,
            appId: props.appId,
            headers,
            expiration,
          },
          (err) => (err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve()),
        );
      });
      channel.ack(message);
      return outcome;
    } catch (err) {
      // The copy is not safely stored: leave the original to the broker (redelivered after reconnect).
      this.logger.warn(`could not move a message to ${queue}: ${describe(err)}; requeued`);
      try {
        channel.nack(message, false, true);
      } catch {
        /* channel already closed: the broker requeues it */
      }
      return 'requeued';
    }
  }

  private track(work: Promise<unknown>) {
    const guarded = work.catch((err: unknown) => this.logger.warn(`delivery not settled: ${describe(err)}`));
    this.inFlight.add(guarded);
    void guarded.finally(() => this.inFlight.delete(guarded));
  }
}

function parseEnvelope(content: Buffer): EventEnvelope {
  const value: unknown = JSON.parse(content.toString('utf8'));
  if (typeof value !== 'object' || value === null) throw new Error('event is not a JSON object');
  const envelope = value as Partial<EventEnvelope>;
  if (typeof envelope.id !== 'string' || !UUID.test(envelope.id)) throw new Error('event id is not a uuid');
  if (typeof envelope.type !== 'string' || !envelope.type) throw new Error('event type is missing');
  if (!('data' in envelope)) throw new Error('event data is missing');
  return envelope as EventEnvelope;
}
