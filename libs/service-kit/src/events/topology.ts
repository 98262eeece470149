import type { Channel } from 'amqplib';
import { EVENTS_EXCHANGE } from '@rampquote/contracts';

export interface EventQueues {
  /** `<service>.events`: the service's own durable queue, bound to the keys it needs. */
  main: string;
  /** `<service>.events.retry`: failed deliveries wait here (per-message TTL), then go back to `main`. */
  retry: string;
  /** `<service>.events.dead`: deliveries that failed every attempt. */
  dead: string;
}

/**
 * Queue names of a service. On the default exchange they are `<service>.events[.retry|.dead]`; on any
 * other exchange (integration tests isolate themselves that way) they are prefixed with the exchange
 * name, so a test never touches the queues of a running system.
 */
export function eventQueues(service: string, exchange: string = EVENTS_EXCHANGE): EventQueues {
  const main = exchange === EVENTS_EXCHANGE ? `${service}.events` : `${exchange}.${service}.events`;
  return { main, retry: `${main}.retry`, dead: `${main}.dead` };
}

export interface TopologyOptions {
  service: string;
  exchange: string;
  /** Routing keys (event types) the service consumes. */
  bindings: readonly string[];
  /** Routing keys it consumed once and no longer does: their bindings are removed from an existing queue. */
  unbind?: readonly string[];
}

/** Declares (idempotently) the durable topic exchange, the service's queues and bindings; removes retired bindings. */
export async function declareTopology(channel: Channel, options: TopologyOptions): Promise<EventQueues> {
  const queues = eventQueues(options.service, options.exchange);
  await channel.assertExchange(options.exchange, 'topic', { durable: true });
  await channel.assertQueue(queues.main, { durable: true });
  await channel.assertQueue(queues.retry, {
    durable: true,
    arguments: { 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': queues.main },
  });
  await channel.assertQueue(queues.dead, { durable: true });
  for (const key of options.bindings) await channel.bindQueue(queues.main, options.exchange, key);
  for (const key of options.unbind ?? []) {
    if (!options.bindings.includes(key)) await channel.unbindQueue(queues.main, options.exchange, key);
  }
  return queues;
}
