import { gunzipSync } from 'node:zlib';
import { acceptsGzip } from './quote-requests.controller';
import { MyQuotesListCache } from './my-quotes-list-cache';

describe('MyQuotesListCache', () => {
  const page = (n: number) =>
    JSON.stringify(Array.from({ length: n }, (_, i) => ({ id: `row-${i}`, status: 'pending' })));

  it('keys a page by user, list version, page size and cursor', () => {
    const cache = new MyQuotesListCache(1024 * 1024);
    cache.set(MyQuotesListCache.key('u1', '3', undefined, undefined), page(2), null);
    expect(cache.get(MyQuotesListCache.key('u1', '3', undefined, undefined))?.json).toBe(page(2));
    expect(cache.get(MyQuotesListCache.key('u1', '4', undefined, undefined))).toBeUndefined();
    expect(cache.get(MyQuotesListCache.key('u2', '3', undefined, undefined))).toBeUndefined();
    expect(cache.get(MyQuotesListCache.key('u1', '3', 50, undefined))).toBeUndefined();
    expect(cache.get(MyQuotesListCache.key('u1', '3', 50, 'c'))).toBeUndefined();
  });

  const [a, b, c, huge] = ['ua', 'ub', 'uc', 'ud'].map((user) =>
    MyQuotesListCache.key(user, '1', undefined, undefined),
  );

  it('stays within its bytes, the least recently read page out first', () => {
    const size = Buffer.byteLength(page(10));
    const cache = new MyQuotesListCache(size * 2);
    cache.set(a, page(10), null);
    cache.set(b, page(10), null);
    cache.get(a);
    cache.set(c, page(10), null);
    expect(cache.get(b)).toBeUndefined();
    expect(cache.get(a)).toBeDefined();
    expect(cache.get(c)).toBeDefined();
    expect(cache.size).toEqual({ entries: 2, users: 2, bytes: size * 2 });
    // a page larger than the whole cache is answered but not kept
    expect(cache.set(huge, page(100), null).json).toBe(page(100));
    expect(cache.get(huge)).toBeUndefined();
  });

  it("keeps only a user's newest list version: its first page drops the older version's pages", () => {
    const cache = new MyQuotesListCache(1024 * 1024);
    const v = (version: string, limit?: number) => MyQuotesListCache.key('u1', version, limit, undefined);
    cache.set(v('9'), page(3), null);
    cache.set(v('9', 50), page(3), null);
    cache.set(MyQuotesListCache.key('u2', '4', undefined, undefined), page(1), null);
    cache.set(v('10'), page(4), null);
    expect(cache.get(v('9'))).toBeUndefined();
    expect(cache.get(v('9', 50))).toBeUndefined();
    expect(cache.get(v('10'))?.json).toBe(page(4));
    expect(cache.get(MyQuotesListCache.key('u2', '4', undefined, undefined))).toBeDefined();
    // a page built from an older version (a slower request) is answered, not kept
    expect(cache.set(v('8'), page(2), null).json).toBe(page(2));
    expect(cache.get(v('8'))).toBeUndefined();
    expect(cache.size).toEqual({
      entries: 2,
      users: 2,
      bytes: Buffer.byteLength(page(4)) + Buffer.byteLength(page(1)),
    });
  });

  it('makes the gzip of a page once, counts it, and gives it back unzipping to the page', async () => {
    const cache = new MyQuotesListCache(1024 * 1024);
    const entry = cache.set(a, page(200), 'next');
    const first = cache.gzipOf(a, entry);
    expect(cache.gzipOf(a, entry)).toBe(first);
    const zipped = await first;
    expect(gunzipSync(zipped).toString('utf8')).toBe(page(200));
    await Promise.resolve();
    expect(cache.size.bytes).toBe(entry.bytes + zipped.length);
  });
});

describe('acceptsGzip', () => {
  it.each([
    ['gzip, deflate, br, zstd', true],
    ['br;q=1.0, gzip;q=0.8, *;q=0.1', true],
    ['GZIP', true],
    ['x-gzip', true],
    ['*', true],
    ['gzip;q=0', false],
    ['identity', false],
    ['br', false],
    ['*;q=0', false],
    ['', false],
    [undefined, false],
  ])('%s → %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});
