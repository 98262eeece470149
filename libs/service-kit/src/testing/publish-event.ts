import { randomUUID } from 'node:crypto';
import * as amqp from 'amqplib';
import type { EventEnvelope } from '@rampquote/contracts';

/**
 * For integration tests: publishes one event in the system's envelope, as another service's outbox relay would
 * (persistent, confirmed by the broker). Returns the envelope sent.
 */
export async function publishTestEvent<T>(
  url: string,
  exchange: string,
  type: string,
  data: T,
  source = 'svc-test',
): Promise<EventEnvelope<T>> {
  const envelope: EventEnvelope<T> = { id: randomUUID(), type, occurredAt: new Date().toISOString(), source, data };
  const connection = await amqp.connect(url);
  try {
    const channel = await connection.createConfirmChannel();
    await channel.assertExchange(exchange, 'topic', { durable: true });
    channel.publish(exchange, type, Buffer.from(JSON.stringify(envelope)), {
      persistent: true,
      contentType: 'application/json',
      messageId: envelope.id,
      type,
    });
    await channel.waitForConfirms();
    await channel.close();
  } finally {
    await connection.close();
  }
  return envelope;
}
