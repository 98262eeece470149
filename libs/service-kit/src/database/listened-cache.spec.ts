import { FORGET_ALL, ListenedCache } from './listened-cache';

/** A load that counts its calls and answers `value()` when `release` is called (or at once with `immediate`). */
function loader(value: () => string) {
  let calls = 0;
  const pending: (() => void)[] = [];
  return {
    calls: () => calls,
    immediate: () => {
      calls += 1;
      return Promise.resolve(value());
    },
    held: () => {
      calls += 1;
      const answer = value();
      return new Promise<string>((resolve) => pending.push(() => resolve(answer)));
    },
    release: () => pending.splice(0).forEach((r) => r()),
  };
}

describe('ListenedCache', () => {
  const listening = (options: ConstructorParameters<typeof ListenedCache<string>>[0] = {}) => {
    const cache = new ListenedCache<string>(options);
    cache.setListening(true);
    return cache;
  };

  it('serves a loaded value from memory until its key is announced changed', async () => {
    const cache = listening();
    let stored = 'v1';
    const load = loader(() => stored);
    expect(await cache.read('u1', load.immediate)).toBe('v1');
    stored = 'v2';
    expect(await cache.read('u1', load.immediate)).toBe('v1');
    expect(load.calls()).toBe(1);
    cache.applyNotification('u1');
    expect(await cache.read('u1', load.immediate)).toBe('v2');
    expect(load.calls()).toBe(2);
  });

  it('loads every read while not listening, and forgets everything when the listener is lost', async () => {
    const cache = new ListenedCache<string>();
    const load = loader(() => 'v');
    await cache.read('u1', load.immediate);
    await cache.read('u1', load.immediate);
    expect([load.calls(), cache.size]).toEqual([2, 0]);
    cache.setListening(true);
    await cache.read('u1', load.immediate);
    cache.setListening(false);
    cache.setListening(true);
    await cache.read('u1', load.immediate);
    expect(load.calls()).toBe(4);
  });

  it('does not keep what a load read before a change announced while it was on its way', async () => {
    const cache = listening();
    let stored = 'old';
    const load = loader(() => stored);
    const first = cache.read('u1', load.held);
    stored = 'new';
    cache.applyNotification('u1');
    load.release();
    expect(await first).toBe('old');
    expect(await cache.read('u1', load.immediate)).toBe('new');
  });

  it('shares one load between reads of a key that miss together, but not across a change', async () => {
    const cache = listening();
    const load = loader(() => 'v');
    const together = [cache.read('u1', load.held), cache.read('u1', load.held)];
    expect(load.calls()).toBe(1);
    cache.forget('u2');
    const after = cache.read('u1', load.held);
    expect(load.calls()).toBe(2);
    load.release();
    expect(await Promise.all([...together, after])).toEqual(['v', 'v', 'v']);
  });

  it('forgets everything on FORGET_ALL or an empty payload', async () => {
    for (const payload of [FORGET_ALL, '', undefined]) {
      const cache = listening();
      const load = loader(() => 'v');
      await cache.read('a', load.immediate);
      await cache.read('b', load.immediate);
      cache.applyNotification(payload);
      expect(cache.size).toBe(0);
    }
  });

  it('reads again after the age limit, and keeps at most maxEntries (the oldest go first)', async () => {
    let now = 0;
    const cache = listening({ maxAgeMs: 1_000, maxEntries: 2, now: () => now });
    const load = loader(() => 'v');
    await cache.read('a', load.immediate);
    now = 1_000;
    await cache.read('a', load.immediate);
    now = 1_001;
    await cache.read('a', load.immediate);
    expect(load.calls()).toBe(2);
    await cache.read('b', load.immediate);
    await cache.read('c', load.immediate);
    expect(cache.size).toBe(2);
    await cache.read('b', load.immediate);
    expect(load.calls()).toBe(4);
    await cache.read('a', load.immediate);
    expect(load.calls()).toBe(5);
  });

  it('passes a failed load on and keeps nothing', async () => {
    const cache = listening();
    await expect(cache.read('u1', () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(cache.size).toBe(0);
  });
});
