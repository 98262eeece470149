import type { RemoteDefinition, RemotesConfig } from '@rampquote/contracts';
import type { z } from 'zod';

/** How long a remote's file is used before it is read again (a redeployed remote shows within this). */
export const REMOTE_FILES_FRESH_MS = 30_000;
/** A remote's host that does not answer within this is taken to have no such file until the next read. */
const READ_TIMEOUT_MS = 5_000;
/** More than this is not a file the gateway reads. */
const MAX_BYTES = 1_000_000;

interface Entry<T> {
  content: T | null;
  readAt: number;
  reading?: Promise<void>;
}

/**
 * A JSON file each remote's build writes beside its entry (`file`, valid per `schema`), read from the remotes' hosts
 * and kept REMOTE_FILES_FRESH_MS. A page never waits for it: what is not known yet (a first read, a host down, a file
 * that is not there or not valid) is no file, and the page goes out as it would without.
 */
export class RemoteFiles<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(
    private readonly remotes: RemotesConfig | undefined,
    /** Where a remote given by a path (same origin, e.g. `/mf/admin/`) is read from: the site's own origin. */
    private readonly siteOrigin: string,
    private readonly file: string,
    private readonly schema: z.ZodType<T>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Reads every remote's file (at start, so the first pages have them). */
  readAll(): Promise<void> {
    return Promise.all((this.remotes?.remotes ?? []).map((remote) => this.read(remote))).then(() => undefined);
  }

  /** `remote`'s file, if known; a stale one is read again for the next page. */
  of(remote: RemoteDefinition): T | undefined {
    const entry = this.entries.get(remote.name);
    if (!entry || this.now() - entry.readAt >= REMOTE_FILES_FRESH_MS) void this.read(remote);
    return entry?.content ?? undefined;
  }

  private read(remote: RemoteDefinition): Promise<void> {
    const entry = this.entries.get(remote.name);
    if (entry?.reading) return entry.reading;
    const url = new URL(this.file, new URL(remote.entry, this.siteOrigin));
    const reading = this.fetch(url).then((content) => {
      this.entries.set(remote.name, { content, readAt: this.now() });
    });
    this.entries.set(remote.name, { content: entry?.content ?? null, readAt: entry?.readAt ?? -Infinity, reading });
    return reading;
  }

  /** The file at `url`, or null (no answer, not there, too large or not valid). */
  private async fetch(url: URL): Promise<T | null> {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(READ_TIMEOUT_MS) });
      if (!res.ok) return null;
      const text = await res.text();
      if (text.length > MAX_BYTES) return null;
      const parsed = this.schema.safeParse(JSON.parse(text));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }
}
