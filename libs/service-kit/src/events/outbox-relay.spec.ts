import type { EventEnvelope } from '@rampquote/contracts';
import { OutboxRelay, type ConfirmPublisher } from './outbox-relay';
import type { OutboxRow, OutboxStore } from './outbox-store';

const silent = { log() {}, warn() {}, error() {}, debug() {}, verbose() {} };

function row(n: number): OutboxRow {
  const payload: EventEnvelope = {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    type: n % 2 ? 'user-registered' : 'quote-submitted',
    occurredAt: new Date(2026, 0, 1, 0, 0, n).toISOString(),
    source: 'svc-test',
    data: { n },
  };
  return { id: payload.id, type: payload.type, payload };
}

/** An outbox in memory that records every call, in order. */
class MemoryStore implements OutboxStore {
  sent = new Set<string>();
  failures: string[] = [];
  log: string[] = [];
  constructor(private readonly rows: OutboxRow[]) {}
  async fetchUnsent(limit: number) {
    return this.rows.filter((r) => !this.sent.has(r.id)).slice(0, limit);
  }
  async markSent(ids: string[]) {
    this.log.push(`markSent ${ids.length}`);
    ids.forEach((id) => this.sent.add(id));
  }
  async recordFailure(ids: string[]) {
    this.failures.push(...ids);
  }
}

type Callback = (err: unknown) => void;

/** A confirm channel whose confirms the test releases by hand. */
class FakeChannel implements ConfirmPublisher {
  published: { exchange: string; key: string; body: EventEnvelope; messageId?: string; persistent?: boolean }[] = [];
  pending: Callback[] = [];
  constructor(
    private readonly log: string[],
    private readonly failWith?: Error,
  ) {}
  publish(
    exchange: string,
    key: string,
    content: Buffer,
    options: { messageId?: string; persistent?: boolean },
    cb: Callback,
  ) {
    if (this.failWith) throw this.failWith;
    this.log.push(`publish ${key}`);
    this.published.push({
      exchange,
      key,
      body: JSON.parse(content.toString()),
      messageId: options.messageId,
      persistent: options.persistent,
    });
    this.pending.push(cb);
    return true;
  }
  confirmAll(err: unknown = null) {
    this.log.push(err ? 'nack all' : 'confirm all');
    this.pending.splice(0).forEach((cb) => cb(err));
  }
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('OutboxRelay', () => {
  it('publishes unsent rows in order as persistent messages keyed by type, with the envelope id', async () => {
    const rows = [row(1), row(2), row(3)];
    const store = new MemoryStore(rows);
    const channel = new FakeChannel(store.log);
    const relay = new OutboxRelay({ store, link: { channel }, exchange: 'ex', logger: silent });
    const draining = relay.drain();
    await flush();
    channel.confirmAll();
    await expect(draining).resolves.toBe(3);
    expect(channel.published.map((p) => p.messageId)).toEqual(rows.map((r) => r.id));
    expect(channel.published.map((p) => p.key)).toEqual(rows.map((r) => r.type));
    expect(channel.published.every((p) => p.exchange === 'ex' && p.persistent === true)).toBe(true);
    expect(channel.published[0].body).toEqual(rows[0].payload);
  });

  it('marks rows sent only after the broker confirmed them', async () => {
    const store = new MemoryStore([row(1), row(2)]);
    const channel = new FakeChannel(store.log);
    const relay = new OutboxRelay({ store, link: { channel }, exchange: 'ex', logger: silent });
    const draining = relay.drain();
    await flush();
    await flush();
    expect(store.sent.size).toBe(0);
    channel.confirmAll();
    await draining;
    expect(store.log).toEqual(['publish user-registered', 'publish quote-submitted', 'confirm all', 'markSent 2']);
    expect(store.sent.size).toBe(2);
  });

  it('keeps rows unsent when the broker refuses them', async () => {
    const store = new MemoryStore([row(1), row(2)]);
    const channel = new FakeChannel(store.log);
    const relay = new OutboxRelay({ store, link: { channel }, exchange: 'ex', logger: silent });
    const draining = relay.drain();
    await flush();
    channel.confirmAll(new Error('message nacked'));
    await expect(draining).resolves.toBe(0);
    expect(store.sent.size).toBe(0);
    expect(store.failures).toHaveLength(2);
  });

  it('keeps rows unsent when publishing throws (channel closed)', async () => {
    const store = new MemoryStore([row(1)]);
    const channel = new FakeChannel(store.log, new Error('Channel closed'));
    const relay = new OutboxRelay({ store, link: { channel }, exchange: 'ex', logger: silent });
    await expect(relay.drain()).resolves.toBe(0);
    expect(store.sent.size).toBe(0);
    expect(store.failures).toEqual([row(1).id]);
  });

  it('keeps rows unsent while there is no channel, and sends them once one is back', async () => {
    const store = new MemoryStore([row(1)]);
    const link: { channel: FakeChannel | undefined } = { channel: undefined };
    const relay = new OutboxRelay({ store, link, exchange: 'ex', logger: silent });
    await expect(relay.drain()).resolves.toBe(0);
    expect(store.sent.size).toBe(0);
    link.channel = new FakeChannel(store.log);
    const draining = relay.drain();
    await flush();
    link.channel.confirmAll();
    await expect(draining).resolves.toBe(1);
    expect(store.sent.has(row(1).id)).toBe(true);
  });

  it('treats a confirm that never comes as a failure', async () => {
    const store = new MemoryStore([row(1)]);
    const channel = new FakeChannel(store.log);
    const relay = new OutboxRelay({ store, link: { channel }, exchange: 'ex', logger: silent, confirmTimeoutMs: 20 });
    await expect(relay.drain()).resolves.toBe(0);
    expect(store.sent.size).toBe(0);
  });
});
