import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';

const gzip = promisify(gzipCallback);

/** One built My Quotes page: its JSON text, the next page's cursor, and (once a client asked for it) its gzip. */
export interface CachedListPage {
  readonly json: string;
  readonly next: string | null;
  readonly bytes: number;
  gzipped?: Promise<Buffer>;
  /** the gzip's bytes, once it is made and counted in the cache's total */
  gzippedBytes?: number;
}

/** Bodies shorter than this go out as they are: gzip would save little and cost a header and a round of zlib. */
export const GZIP_MIN_BYTES = 1024;

/**
 * The My Quotes pages this replica built, keyed by user, list version, page size and cursor. The version (bumped by
 * a trigger in the same transaction as every change to one of the user's requests) is read with the page in one
 * statement, so an entry is exactly that version's page: a change makes a new version, the old entry is never read
 * again: it is dropped when the newer version's first page is kept. Nothing here can be stale; several replicas each
 * keep their own. Bounded by the bytes of the JSON texts and their gzip (least recently used first out).
 */
export class MyQuotesListCache {
  private readonly entries = new Map<string, CachedListPage>();
  /** each user's list version in the cache and the keys of its pages: a newer version's page drops the older ones */
  private readonly byUser = new Map<string, { version: string; keys: Set<string> }>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  static key(userId: string, version: string, limit: number | undefined, cursor: string | undefined): string {
    return `${userId}\n${version}\n${limit ?? ''}\n${cursor ?? ''}`;
  }

  private static userAndVersion(key: string): [string, string] {
    const [userId, version] = key.split('\n', 2);
    return [userId, version];
  }

  get(key: string): CachedListPage | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      // most recently used last
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, json: string, next: string | null): CachedListPage {
    const entry: CachedListPage = { json, next, bytes: Buffer.byteLength(json) };
    const old = this.entries.get(key);
    if (old) this.forget(key, old);
    if (entry.bytes > this.maxBytes) return entry;
    // The list versions only grow: the pages of an older version are never asked for again once a newer one is
    // built (and a page of an older version than the one kept is not kept).
    const [userId, version] = MyQuotesListCache.userAndVersion(key);
    const mine = this.byUser.get(userId);
    if (mine && mine.version !== version) {
      if (BigInt(version) < BigInt(mine.version)) return entry;
      for (const stale of [...mine.keys]) this.forget(stale, this.entries.get(stale)!);
    }
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    const current = this.byUser.get(userId);
    if (current) current.keys.add(key);
    else this.byUser.set(userId, { version, keys: new Set([key]) });
    this.evict();
    return entry;
  }

  /** The page's gzip, made once (off the event loop's thread) and kept with it. */
  gzipOf(key: string, entry: CachedListPage): Promise<Buffer> {
    if (!entry.gzipped) {
      entry.gzipped = gzip(entry.json, { level: 6 });
      entry.gzipped.then(
        (zipped) => {
          if (this.entries.get(key) === entry) {
            entry.gzippedBytes = zipped.length;
            this.bytes += zipped.length;
            this.evict();
          }
        },
        () => {
          entry.gzipped = undefined;
        },
      );
    }
    return entry.gzipped;
  }

  get size(): { entries: number; users: number; bytes: number } {
    return { entries: this.entries.size, users: this.byUser.size, bytes: this.bytes };
  }

  private forget(key: string, entry: CachedListPage): void {
    this.entries.delete(key);
    const [userId] = MyQuotesListCache.userAndVersion(key);
    const mine = this.byUser.get(userId);
    if (mine) {
      mine.keys.delete(key);
      if (mine.keys.size === 0) this.byUser.delete(userId);
    }
    // a gzip still being made is not counted yet (and will not be: its callback finds the entry gone)
    this.bytes -= entry.bytes + (entry.gzippedBytes ?? 0);
  }

  private evict(): void {
    for (const [key, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) return;
      this.forget(key, entry);
    }
  }
}
