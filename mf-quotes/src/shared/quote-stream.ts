import { Routes, QuoteStreamEvents, type QuoteStreamEventName, type QuoteStreamPayloads } from '@rampquote/contracts';
import { useEffect, useRef, useState } from 'react';

/** The spec's response polling (section 9), used only when the live stream cannot be opened. */
export const QUOTE_POLL_INTERVAL_MS = 3000;

export type QuoteStreamListener = <K extends QuoteStreamEventName>(type: K, data: QuoteStreamPayloads[K]) => void;

export interface QuoteStreamCallbacks {
  onEvent: QuoteStreamListener;
  /** The stream is open (first time or after a reconnect). */
  onOpen?: () => void;
  /** The stream cannot be used (no EventSource, refused, or closed for good): fall back to polling. */
  onUnavailable: () => void;
}

const EVENT_NAMES = Object.values(QuoteStreamEvents);

/**
 * Opens GET /api/quote-requests/{id}/events (Server-Sent Events). The browser reconnects by itself after a drop
 * and sends Last-Event-ID, so the server replays what was missed. When the stream never opens, or the browser
 * gives up (readyState CLOSED: an error status or a wrong content type), `onUnavailable` is called once and the
 * stream is closed. Returns the function that closes it.
 */
export function openQuoteStream(id: string, callbacks: QuoteStreamCallbacks): () => void {
  const EventSourceClass = globalThis.EventSource as typeof EventSource | undefined;
  if (typeof EventSourceClass !== 'function') {
    callbacks.onUnavailable();
    return () => undefined;
  }
  let source: EventSource;
  try {
    source = new EventSourceClass(Routes.quoteRequests.events(id), { withCredentials: true });
  } catch {
    callbacks.onUnavailable();
    return () => undefined;
  }
  let opened = false;
  let closed = false;
  const close = () => {
    closed = true;
    source.close();
  };
  source.onopen = () => {
    opened = true;
    callbacks.onOpen?.();
  };
  source.onerror = () => {
    if (closed) return;
    // Never opened: the stream is not available here. Closed by the browser: it will not retry.
    if (!opened || source.readyState === EventSourceClass.CLOSED) {
      close();
      callbacks.onUnavailable();
    }
  };
  for (const name of EVENT_NAMES) {
    source.addEventListener(name, (event) => {
      let data: unknown;
      try {
        data = JSON.parse((event as MessageEvent<string>).data);
      } catch {
        return; // not ours
      }
      callbacks.onEvent(name, data as QuoteStreamPayloads[typeof name]);
    });
  }
  return close;
}

export type LiveMode = 'off' | 'connecting' | 'stream' | 'polling';

/**
 * Keeps one request live while `enabled`: the stream when it can be opened, else `polling` (the caller then polls
 * every QUOTE_POLL_INTERVAL_MS). The callbacks may change between renders; the stream is opened once per id.
 */
export function useQuoteStream(
  id: string,
  enabled: boolean,
  onEvent: QuoteStreamListener,
  onOpen?: () => void,
): LiveMode {
  const [mode, setMode] = useState<LiveMode>('off');
  const latest = useRef({ onEvent, onOpen });
  useEffect(() => {
    latest.current = { onEvent, onOpen };
  });

  useEffect(() => {
    if (!enabled) {
      setMode('off');
      return undefined;
    }
    setMode('connecting');
    return openQuoteStream(id, {
      onEvent: (type, data) => latest.current.onEvent(type, data),
      onOpen: () => {
        setMode('stream');
        latest.current.onOpen?.();
      },
      onUnavailable: () => setMode('polling'),
    });
  }, [id, enabled]);

  return mode;
}
