import type { ConsumeMessage } from 'amqplib';
import type { EntityManager } from 'typeorm';
import { ATTEMPT_HEADER, EventConsumer, type ConsumerChannel } from './event-consumer';
import type { InboxStore, InboxTransaction } from './inbox-store';

const silent = { log() {}, warn() {}, error() {}, debug() {}, verbose() {} };

/** An inbox in memory with transaction semantics: claims made in a failed transaction are undone. */
class MemoryInbox implements InboxStore {
  handled = new Set<string>();
  async transaction<T>(work: (tx: InboxTransaction) => Promise<T>): Promise<T> {
    const claimed: string[] = [];
    const tx: InboxTransaction = {
      manager: {} as EntityManager,
      claim: async (id) => {
        if (this.handled.has(id)) return false;
        this.handled.add(id);
        claimed.push(id);
        return true;
      },
    };
    try {
      return await work(tx);
    } catch (err) {
      claimed.forEach((id) => this.handled.delete(id));
      throw err;
    }
  }
}

class FakeChannel implements ConsumerChannel {
  acked: ConsumeMessage[] = [];
  sent: { queue: string; headers: Record<string, unknown>; expiration?: string | number }[] = [];
  ack(message: ConsumeMessage) {
    this.acked.push(message);
  }
  nack() {
    throw new Error('unexpected nack');
  }
  sendToQueue(
    queue: string,
    _content: Buffer,
    options: { headers?: Record<string, unknown>; expiration?: string | number },
    cb: (err: unknown) => void,
  ) {
    this.sent.push({ queue, headers: options.headers ?? {}, expiration: options.expiration });
    cb(null);
    return true;
  }
}

const EVENT_ID = '3b2e8f5c-8a3e-4d7c-9a55-6f0e1f0c2b11';

function delivery(attempt?: number, id = EVENT_ID): ConsumeMessage {
  const envelope = {
    id,
    type: 'user-registered',
    occurredAt: new Date().toISOString(),
    source: 'svc-identity',
    data: { userId: 'u1' },
  };
  return {
    content: Buffer.from(JSON.stringify(envelope)),
    fields: { deliveryTag: 1, redelivered: false, exchange: 'ex', routingKey: 'user-registered', consumerTag: 'c' },
    properties: { headers: attempt ? { [ATTEMPT_HEADER]: attempt } : {}, messageId: id },
  } as unknown as ConsumeMessage;
}

function consumer(inbox: InboxStore) {
  return new EventConsumer({
    service: 'test',
    url: 'amqp://unused',
    exchange: 'ex',
    bindings: ['user-registered'],
    inbox,
    logger: silent,
    maxAttempts: 3,
    retryDelayMs: 100,
  });
}

describe('EventConsumer inbox', () => {
  it('does not run the handler again when the same event id is delivered a second time', async () => {
    const inbox = new MemoryInbox();
    const handler = jest.fn();
    const c = consumer(inbox).on('user-registered', handler);
    const channel = new FakeChannel();
    await expect(c.handleMessage(channel, delivery())).resolves.toBe('handled');
    await expect(c.handleMessage(channel, delivery())).resolves.toBe('duplicate');
    expect(handler).toHaveBeenCalledTimes(1);
    expect(channel.acked).toHaveLength(2);
  });

  it('runs the handler again on redelivery when the first try failed (the inbox record was rolled back)', async () => {
    const inbox = new MemoryInbox();
    const handler = jest.fn().mockRejectedValueOnce(new Error('boom')).mockResolvedValueOnce(undefined);
    const c = consumer(inbox).on('user-registered', handler);
    const channel = new FakeChannel();
    await expect(c.handleMessage(channel, delivery())).resolves.toBe('retried');
    await expect(c.handleMessage(channel, delivery(2))).resolves.toBe('handled');
    expect(handler).toHaveBeenCalledTimes(2);
  });
});

describe('EventConsumer retries', () => {
  it('sends a failed event to the retry queue with the next attempt number, then to the dead-letter queue after the last attempt', async () => {
    const c = consumer(new MemoryInbox()).on('user-registered', () => {
      throw new Error('handler broke');
    });
    const channel = new FakeChannel();
    expect(await c.handleMessage(channel, delivery())).toBe('retried');
    expect(await c.handleMessage(channel, delivery(2))).toBe('retried');
    expect(await c.handleMessage(channel, delivery(3))).toBe('dead');
    expect(channel.sent.map((s) => s.queue)).toEqual([
      'ex.test.events.retry',
      'ex.test.events.retry',
      'ex.test.events.dead',
    ]);
    expect(channel.sent.map((s) => s.headers[ATTEMPT_HEADER])).toEqual([2, 3, 3]);
    expect(channel.sent[2].headers['x-rampquote-error']).toBe('handler broke');
    expect(channel.acked).toHaveLength(3);
  });

  it('keeps retrying, without using up attempts, while a dependency (SMTP, the database) is unreachable', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1025'), { code: 'ECONNECTION' });
    const c = consumer(new MemoryInbox()).on('user-registered', () => {
      throw refused;
    });
    const channel = new FakeChannel();
    let message = delivery(3);
    for (let i = 0; i < 10; i++) {
      expect(await c.handleMessage(channel, message)).toBe('retried');
      const sent = channel.sent[channel.sent.length - 1];
      message = { ...message, properties: { ...message.properties, headers: sent.headers } } as ConsumeMessage;
    }
    expect(new Set(channel.sent.map((s) => s.queue))).toEqual(new Set(['ex.test.events.retry']));
    expect(channel.sent.map((s) => s.headers[ATTEMPT_HEADER])).toEqual(Array(10).fill(3));
    // 100 ms doubling, capped at UNAVAILABLE_RETRY_MAX_MS.
    expect(channel.sent.map((s) => Number(s.expiration))).toEqual([
      100, 200, 400, 800, 1600, 3200, 6400, 12800, 15000, 15000,
    ]);
  });

  it('sends a message that is not an event envelope straight to the dead-letter queue', async () => {
    const c = consumer(new MemoryInbox()).on('user-registered', jest.fn());
    const channel = new FakeChannel();
    const bad = { ...delivery(), content: Buffer.from('not json') } as ConsumeMessage;
    expect(await c.handleMessage(channel, bad)).toBe('dead');
    expect(channel.sent[0].queue).toBe('ex.test.events.dead');
  });
});
