import { SessionCache, type CachedSession } from './session-cache';

const loaded = (userId = 'u1', expiresAt = 1_000_000): CachedSession => ({
  json: JSON.stringify({ user: { id: userId } }),
  userId,
  latestAccess: { revision: 2, validFrom: 1 },
  expiresAt,
});

describe('SessionCache', () => {
  let now: number;
  let cache: SessionCache;

  beforeEach(() => {
    now = 1_000;
    cache = new SessionCache({ maxAgeMs: 30_000, maxEntries: 3, now: () => now });
    cache.setEnabled(true);
  });

  it('serves what a load put until the database announces a change of that session or of its user', () => {
    cache.put('a', loaded('u1'), cache.generation);
    cache.put('b', loaded('u1'), cache.generation);
    cache.put('c', loaded('u2'), cache.generation);
    expect(cache.get('a')).toMatchObject({ userId: 'u1', latestAccess: { revision: 2, validFrom: 1 } });

    cache.applyNotification('s:a');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeDefined();

    cache.applyNotification('u:u1');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')).toBeDefined();

    // A payload it does not understand: everything goes.
    cache.applyNotification(undefined);
    expect(cache.size).toBe(0);
  });

  it('does not keep a load that was on its way while something was forgotten', () => {
    const started = cache.generation;
    cache.applyNotification('s:a');
    cache.put('a', loaded(), started);
    expect(cache.get('a')).toBeUndefined();

    cache.put('a', loaded(), cache.generation);
    expect(cache.get('a')).toBeDefined();
  });

  it('never serves an entry past its row expiry or its age limit', () => {
    cache.put('a', loaded('u1', 5_000), cache.generation);
    cache.put('b', loaded('u2', 10_000_000), cache.generation);
    now = 4_999;
    expect(cache.get('a')).toBeDefined();
    now = 5_000;
    expect(cache.get('a')).toBeUndefined();
    now = 1_000 + 30_000;
    expect(cache.get('b')).toBeDefined();
    now = 1_000 + 30_001;
    expect(cache.get('b')).toBeUndefined();
  });

  it('serves nothing while the change listener is not connected, and starts empty when it is again', () => {
    cache.put('a', loaded(), cache.generation);
    cache.setEnabled(false);
    expect(cache.get('a')).toBeUndefined();
    cache.put('a', loaded(), cache.generation);
    expect(cache.size).toBe(0);

    cache.setEnabled(true);
    expect(cache.get('a')).toBeUndefined();
  });

  it('keeps at most maxEntries, dropping the oldest', () => {
    for (const sid of ['a', 'b', 'c', 'd']) cache.put(sid, loaded(sid), cache.generation);
    expect(cache.size).toBe(3);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('d')).toBeDefined();
    // A user's index follows: forgetting the dropped one's user changes nothing else.
    cache.forgetUser('a');
    expect(cache.size).toBe(3);
  });

  /** Session 'a' cached now, with a store that notes the refreshes the cache asks it for. */
  const refreshesAskedForA = () => {
    const asked: string[] = [];
    cache.refreshWith((sid) => asked.push(sid));
    cache.put('a', loaded('u1'), cache.generation);
    return asked;
  };

  it('asks once for a session in use to be read again from half its age limit, and serves it until the new read is put', () => {
    const asked = refreshesAskedForA();
    now = 1_000 + 14_999;
    expect(cache.get('a')).toBeDefined();
    expect(asked).toEqual([]);

    now = 1_000 + 15_000;
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('a')).toBeDefined();
    expect(asked).toEqual(['a']);

    // The new read starts the age again: the next request is asked for half an age limit later.
    cache.put('a', { ...loaded('u1'), latestAccess: { revision: 3, validFrom: 1 } }, cache.generation);
    now = 1_000 + 29_999;
    expect(cache.get('a')).toMatchObject({ latestAccess: { revision: 3 } });
    expect(asked).toEqual(['a']);
    now = 1_000 + 30_000;
    cache.get('a');
    expect(asked).toEqual(['a', 'a']);
  });

  it('still serves nothing past the age limit when the read asked for never came', () => {
    const asked = refreshesAskedForA();
    now = 1_000 + 20_000;
    expect(cache.get('a')).toBeDefined();
    now = 1_000 + 30_001;
    expect(cache.get('a')).toBeUndefined();
    expect(asked).toEqual(['a']);
  });
});
