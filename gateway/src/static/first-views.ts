import {
  FIRST_VIEWS_FILE,
  firstViewsSchema,
  type FirstView,
  type FirstViews,
  type RemoteDefinition,
  type RemotesConfig,
} from '@rampquote/contracts';

/** How long a remote's first views are used before they are read again (a redeployed remote shows within this). */
export const FIRST_VIEWS_FRESH_MS = 30_000;
/** A remote's host that does not answer within this is taken to have no first views until the next read. */
const READ_TIMEOUT_MS = 5_000;
/** More than this is no page area. */
const MAX_BYTES = 1_000_000;

interface Entry {
  views: FirstViews | null;
  readAt: number;
  reading?: Promise<void>;
}

/**
 * The first views the remotes' builds wrote beside their entries (contracts' FIRST_VIEWS_FILE), read from their hosts
 * and kept FIRST_VIEWS_FRESH_MS. A page never waits for them: what is not known yet (a first read, a host down, a file
 * that is not there or not valid) is no first view, and the page goes out as it would without.
 */
export class FirstViewsSource {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly remotes: RemotesConfig | undefined,
    /** Where a remote given by a path (same origin, e.g. `/mf/admin/`) is read from: the site's own origin. */
    private readonly siteOrigin: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** Reads every remote's first views (at start, so the first pages have them). */
  readAll(): Promise<void> {
    return Promise.all((this.remotes?.remotes ?? []).map((remote) => this.read(remote))).then(() => undefined);
  }

  /** The first view of exactly `path` from `remote`, if known; a stale list is read again for the next page. */
  viewFor(remote: RemoteDefinition, path: string): FirstView | undefined {
    const entry = this.entries.get(remote.name);
    if (!entry || this.now() - entry.readAt >= FIRST_VIEWS_FRESH_MS) void this.read(remote);
    return entry?.views?.pages[path];
  }

  private read(remote: RemoteDefinition): Promise<void> {
    const entry = this.entries.get(remote.name);
    if (entry?.reading) return entry.reading;
    const reading = fetchFirstViews(new URL(FIRST_VIEWS_FILE, new URL(remote.entry, this.siteOrigin))).then((views) => {
      this.entries.set(remote.name, { views, readAt: this.now() });
    });
    this.entries.set(remote.name, { views: entry?.views ?? null, readAt: entry?.readAt ?? -Infinity, reading });
    return reading;
  }
}

/** The first views at `url`, or null (no answer, not there, too large or not valid). */
async function fetchFirstViews(url: URL): Promise<FirstViews | null> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(READ_TIMEOUT_MS) });
    if (!res.ok) return null;
    const text = await res.text();
    if (text.length > MAX_BYTES) return null;
    const parsed = firstViewsSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
