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
 * again and ages out. Nothing here can be stale; several replicas each keep their own. Bounded by the bytes of the
 * JSON texts and their gzip (least recently used first out).
 */
export class MyQuotesListCache {
  private readonly entries = new Map<string, CachedListPage>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  static key(userId: string, version: string, limit: number | undefined, cursor: string | undefined): string {
    return `${userId}\n${version}\n${limit ?? ''}\n${cursor ?? ''}`;
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
    if (entry.bytes <= this.maxBytes) {
      this.entries.set(key, entry);
      this.bytes += entry.bytes;
      this.evict();
    }
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

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private forget(key: string, entry: CachedListPage): void {
    this.entries.delete(key);
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
