import { act } from '@testing-library/react';

type Listener = (event: MessageEvent<string>) => void;

/**
 * A stand-in for the browser's EventSource (jsdom has none). Tests drive it: `open()`, `emit(type, data)`,
 * `fail()` (an error the browser would not retry: readyState CLOSED) or `drop()` (a reconnecting error).
 */
export class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];

  readonly url: string;
  readonly withCredentials: boolean;
  readyState = FakeEventSource.CONNECTING;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onmessage: Listener | null = null;
  private readonly listeners = new Map<string, Set<Listener>>();

  constructor(url: string | URL, init?: { withCredentials?: boolean }) {
    this.url = String(url);
    this.withCredentials = Boolean(init?.withCredentials);
    FakeEventSource.instances.push(this);
  }

  addEventListener(type: string, listener: Listener): void {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(listener);
  }

  removeEventListener(type: string, listener: Listener): void {
    this.listeners.get(type)?.delete(listener);
  }

  close(): void {
    this.readyState = FakeEventSource.CLOSED;
  }

  get closed(): boolean {
    return this.readyState === FakeEventSource.CLOSED;
  }

  open(): void {
    act(() => {
      this.readyState = FakeEventSource.OPEN;
      this.onopen?.(new Event('open'));
    });
  }

  emit(type: string, data: unknown, id = String(Date.now())): void {
    act(() => {
      const event = new MessageEvent<string>(type, { data: JSON.stringify(data), lastEventId: id });
      for (const listener of this.listeners.get(type) ?? []) listener(event);
    });
  }

  /** The browser gives up (e.g. an error status or a wrong content type). */
  fail(): void {
    act(() => {
      this.readyState = FakeEventSource.CLOSED;
      this.onerror?.(new Event('error'));
    });
  }

  /** A dropped connection the browser retries by itself. */
  drop(): void {
    act(() => {
      this.readyState = FakeEventSource.CONNECTING;
      this.onerror?.(new Event('error'));
    });
  }
}

/** Installs the fake as the global EventSource (fresh instance list); `uninstallEventSource` removes it. */
export function installFakeEventSource(): typeof FakeEventSource {
  FakeEventSource.instances = [];
  (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
  return FakeEventSource;
}

export function uninstallEventSource(): void {
  delete (globalThis as { EventSource?: unknown }).EventSource;
}

/** The open streams to a path. */
export function streamsTo(path: string): FakeEventSource[] {
  return FakeEventSource.instances.filter((s) => s.url === path && !s.closed);
}
