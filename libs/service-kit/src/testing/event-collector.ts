import * as amqp from 'amqplib';
import type { EventEnvelope } from '@rampquote/contracts';

/** For integration tests: a queue the test owns, bound to the exchange, collecting everything routed to it. */
export async function collectEvents(url: string, exchange: string, keys: string[]) {
  const connection = await amqp.connect(url);
  const channel = await connection.createChannel();
  await channel.assertExchange(exchange, 'topic', { durable: true });
  const { queue } = await channel.assertQueue('', { exclusive: true, autoDelete: true });
  for (const key of keys) await channel.bindQueue(queue, exchange, key);
  const received: EventEnvelope[] = [];
  await channel.consume(
    queue,
    (m) => {
      if (m) received.push(JSON.parse(m.content.toString()));
    },
    { noAck: true },
  );
  return {
    received,
    close: async () => {
      await channel.close().catch(() => undefined);
      await connection.close().catch(() => undefined);
    },
  };
}

/** Polls `check` until it gives a truthy value (or fails after `timeoutMs`). */
export async function waitFor<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = 15_000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
