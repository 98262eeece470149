import type { LatestAccess } from './session-store';

/** The channel the database announces session and access changes on (migration NotifySessionChanges). */
export const SESSION_CHANGES_CHANNEL = 'rq_session_changes';

/** What the store loaded for a session id: the stored session (JSON text), the user's access, the row's expiry. */
export interface CachedSession {
  /** The `sess` column as JSON text: every hit parses its own copy (express-session changes the object it gets). */
  json: string;
  userId: string | undefined;
  latestAccess: LatestAccess;
  /** When the row expires (epoch ms): the cache never serves it past that. */
  expiresAt: number;
}

interface Entry extends CachedSession {
  cachedAt: number;
  /** A read of the row was asked for (see `refreshAfterMs`); the entry is still served until its age limit. */
  refreshAsked?: boolean;
}

export interface SessionCacheOptions {
  /**
   * Longest time an entry is served without reading the row again (default 10 s): the bound on a change missed
   * because the listening connection died without a word (a network partition), before it notices.
   */
  maxAgeMs?: number;
  /**
   * Age from which a hit also asks the store to read the row again in the background (default half of `maxAgeMs`),
   * while the entry is still served: a session in use is read again before its age limit, never on a request's
   * time. Without it, every request for a busy session at the moment its entry aged out missed together, took the
   * full path and queried the same row (at 50 connections a pile-up every 10 s that set p99 of `/api/auth/me` at
   * 85-180 ms against a p50 of 3-4 ms).
   */
  refreshAfterMs?: number;
  /** Most entries kept; the oldest go first (default 10,000). */
  maxEntries?: number;
  now?: () => number;
}

/**
 * The sessions this gateway loaded, so that a signed-in request costs no database round trip while its session row
 * is unchanged (measured: the session query was about a fifth of a proxied read's CPU, in the gateway and in
 * PostgreSQL together). Correct across replicas because the database says what changed: triggers announce every
 * update or delete of a session row and every access revision of a user (`rq_session_changes`), and
 * SessionsService's listening connection (service-kit's ChannelListener) forgets those entries. This gateway's own
 * writes forget theirs at once.
 *
 * Served only while the listener holds its connection (`enabled`): when it is lost, everything is forgotten and every
 * load reads the row, until it listens again. `generation` closes the race of a load that read a row just before a
 * change: its answer is only kept if nothing was forgotten while it was on its way.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byUser = new Map<string, Set<string>>();
  private readonly maxAgeMs: number;
  private readonly refreshAfterMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;
  private generationCount = 0;
  private listening = false;
  private refresh: ((sid: string) => void) | undefined;

  constructor(options: SessionCacheOptions = {}) {
    this.maxAgeMs = options.maxAgeMs ?? 10_000;
    this.refreshAfterMs = options.refreshAfterMs ?? this.maxAgeMs / 2;
    this.maxEntries = options.maxEntries ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  /** Whether entries are served (the change listener is connected). */
  get enabled(): boolean {
    return this.listening;
  }

  /** Moves on with every forgetting: a load compares it before and after its query (see `put`). */
  get generation(): number {
    return this.generationCount;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The listener is connected (true) or lost (false: everything is forgotten and nothing is served). */
  setEnabled(listening: boolean): void {
    this.clear();
    this.listening = listening;
  }

  /** How the row of a session is read again and `put` (the store's load), for entries due a refresh. */
  refreshWith(refresh: (sid: string) => void): void {
    this.refresh = refresh;
  }

  /** The entry of a session, or undefined; a hit on an entry due a refresh asks for it once (`refreshAfterMs`). */
  get(sid: string): CachedSession | undefined {
    if (!this.listening) return undefined;
    const entry = this.entries.get(sid);
    if (!entry) return undefined;
    const now = this.now();
    if (now - entry.cachedAt > this.maxAgeMs || now >= entry.expiresAt) {
      this.forget(sid);
      return undefined;
    }
    if (!entry.refreshAsked && this.refresh && now - entry.cachedAt >= this.refreshAfterMs) {
      entry.refreshAsked = true;
      this.refresh(sid);
    }
    return entry;
  }

  /** Keeps what a load read, unless something was forgotten since the load began (`generationAtStart`). */
  put(sid: string, loaded: CachedSession, generationAtStart: number): void {
    if (!this.listening || generationAtStart !== this.generationCount) return;
    this.forget(sid, false);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.forget(oldest, false);
    }
    this.entries.set(sid, { ...loaded, cachedAt: this.now() });
    if (loaded.userId) {
      let sids = this.byUser.get(loaded.userId);
      if (!sids) this.byUser.set(loaded.userId, (sids = new Set()));
      sids.add(sid);
    }
  }

  /** Forgets one session (its row changed or is gone). */
  forgetSession(sid: string): void {
    this.forget(sid);
  }

  /** Forgets every session of a user (the user's access changed, or their sessions were ended). */
  forgetUser(userId: string): void {
    this.generationCount += 1;
    for (const sid of this.byUser.get(userId) ?? []) this.forget(sid, false);
    this.byUser.delete(userId);
  }

  /** A change announced on SESSION_CHANGES_CHANNEL: `s:<sid>` or `u:<user id>`; anything else forgets everything. */
  applyNotification(payload: string | undefined): void {
    if (payload?.startsWith('s:')) this.forgetSession(payload.slice(2));
    else if (payload?.startsWith('u:')) this.forgetUser(payload.slice(2));
    else this.clear();
  }

  clear(): void {
    this.generationCount += 1;
    this.entries.clear();
    this.byUser.clear();
  }

  private forget(sid: string, newGeneration = true): void {
    if (newGeneration) this.generationCount += 1;
    const entry = this.entries.get(sid);
    if (!entry) return;
    this.entries.delete(sid);
    if (entry.userId) {
      const sids = this.byUser.get(entry.userId);
      sids?.delete(sid);
      if (sids?.size === 0) this.byUser.delete(entry.userId);
    }
  }
}
