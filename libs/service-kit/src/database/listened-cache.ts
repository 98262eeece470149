import { Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { sharedFlights } from '../async/shared-flights';
import type { ServiceConfig } from '../config';
import { ChannelListener, type ChannelListenerOptions } from './channel-listener';
import { serviceDatabaseName } from './data-source';
import { databaseUrl } from './ensure-database';

/** The notification payload that forgets every entry (a TRUNCATE, a bulk change). */
export const FORGET_ALL = '*';

export interface ListenedCacheOptions {
  /** Where changes are announced: a trigger NOTIFYs the key of each changed entry, or FORGET_ALL. */
  listener?: Omit<ChannelListenerOptions, 'onNotification' | 'onListening'>;
  /**
   * Longest time an entry is served without reading it again (default 10 s): the bound on a change missed because
   * the listening connection died without a word (a network partition), before it notices.
   */
  maxAgeMs?: number;
  /** Most entries kept; the oldest go first (default 10,000). */
  maxEntries?: number;
  now?: () => number;
}

interface Entry<V> {
  value: V;
  cachedAt: number;
}

/**
 * Values read from the database, kept in memory while the database says they are unchanged, so that a hot read
 * costs no round trip (on this machine the socket write of a query is the largest cost of a read). Correct across
 * replicas because the database announces every change: a trigger NOTIFYs the changed key on a channel this cache
 * LISTENs on (ChannelListener), and the entry is forgotten. This process's own writes should `forget` their keys
 * once committed, so that its next read sees them at once.
 *
 * Served only while the listener holds its connection: when it is lost, everything is forgotten and every read
 * loads, until it listens again. `generation` closes the race of a load that read just before a change: its value
 * is only kept if nothing was forgotten while it was on its way. Loads of one key at the same time share one read.
 */
export class ListenedCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly maxAgeMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;
  private readonly listener: ChannelListener | undefined;
  private readonly shared = sharedFlights<V>();
  private generation = 0;
  private listening = false;

  constructor(options: ListenedCacheOptions = {}) {
    this.maxAgeMs = options.maxAgeMs ?? 10_000;
    this.maxEntries = options.maxEntries ?? 10_000;
    this.now = options.now ?? Date.now;
    this.listener = options.listener
      ? new ChannelListener({
          ...options.listener,
          onNotification: (payload) => this.applyNotification(payload),
          onListening: (on) => this.setListening(on),
        })
      : undefined;
  }

  /** Starts listening (a failure is retried in the background; nothing is served until it listens). */
  async start(): Promise<void> {
    await this.listener?.start();
  }

  async stop(): Promise<void> {
    await this.listener?.stop();
    this.setListening(false);
  }

  /** Whether entries are served (the change listener is connected). */
  get enabled(): boolean {
    return this.listening;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The listener is connected (true) or lost (false): either way everything is forgotten. */
  setListening(listening: boolean): void {
    this.clear();
    this.listening = listening;
  }

  /** The value of `key`: from memory when it is kept, else `load`ed (and kept, unless something changed meanwhile). */
  read(key: string, load: () => Promise<V>): Promise<V> {
    if (this.listening) {
      const entry = this.entries.get(key);
      if (entry && this.now() - entry.cachedAt <= this.maxAgeMs) return Promise.resolve(entry.value);
      if (entry) this.entries.delete(key);
    } else return load();
    const generation = this.generation;
    // The generation is part of the key: a load that began before a change is not shared with one after it.
    return this.shared(`${generation} ${key}`, async () => {
      const value = await load();
      this.put(key, value, generation);
      return value;
    });
  }

  /** Forgets one key (its rows changed). */
  forget(key: string): void {
    this.generation += 1;
    this.entries.delete(key);
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  /** A change announced on the channel: the changed key, or FORGET_ALL (anything empty forgets everything too). */
  applyNotification(payload: string | undefined): void {
    if (payload && payload !== FORGET_ALL) this.forget(payload);
    else this.clear();
  }

  private put(key: string, value: V, generationAtStart: number): void {
    if (!this.listening || generationAtStart !== this.generation) return;
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, cachedAt: this.now() });
  }
}

/**
 * A ListenedCache of a service, on its own database's `channel`, listening from the application's bootstrap to its
 * shutdown (a Nest provider: `@Injectable() class X extends ServiceListenedCache<V>`, calling `super` with the
 * service's config).
 */
export abstract class ServiceListenedCache<V>
  extends ListenedCache<V>
  implements OnApplicationBootstrap, BeforeApplicationShutdown
{
  protected constructor(
    config: Pick<ServiceConfig, 'DATABASE_URL' | 'DATABASE_NAME'>,
    service: string,
    channel: string,
    options: Omit<ListenedCacheOptions, 'listener'> = {},
  ) {
    super({
      ...options,
      listener: {
        connectionString: databaseUrl(config.DATABASE_URL, serviceDatabaseName(service, config)),
        channel,
        applicationName: `rampquote-${service}-${channel}`.replaceAll('_', '-'),
        logger: new Logger(channel),
      },
    });
  }

  onApplicationBootstrap(): Promise<void> {
    return this.start();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.stop();
  }
}
