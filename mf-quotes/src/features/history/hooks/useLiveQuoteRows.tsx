import type { QuoteRequestListItemDto } from '@rampquote/contracts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { type LiveMode } from '../../../shared/quote-stream';
import { useQuoteLiveUpdates } from '../../../shared/useQuoteLiveUpdates';
import { isOpenRow } from '../quote-row-status';

/**
 * At most this many rows hold an event stream. Browsers allow 6 HTTP/1.1 connections per site: the page keeps
 * some for its own calls. The other open rows are refreshed when the window regains focus.
 */
export const MAX_LIVE_ROWS = 3;

/** One row's stream, rendered as nothing; it reports its mode so the list can poll when streams fail. */
function LiveRowStream({
  id,
  onMode,
  onOpen,
}: {
  id: string;
  onMode: (id: string, mode: LiveMode) => void;
  onOpen: () => void;
}) {
  const mode = useQuoteLiveUpdates(id, true, onOpen);
  useEffect(() => {
    onMode(id, mode);
  }, [id, mode, onMode]);
  return null;
}

/**
 * My Quotes live updates: the first MAX_LIVE_ROWS open requests in view (newest first) follow their event stream;
 * when a stream cannot be opened the list is polled every 3 s instead (`polling`); every open row is refreshed
 * when the window regains focus. Returns the stream elements to render and whether to poll.
 */
export function useLiveQuoteRows(visible: readonly QuoteRequestListItemDto[], refetch: () => void) {
  const liveIds = useMemo(
    () =>
      visible
        .filter(isOpenRow)
        .slice(0, MAX_LIVE_ROWS)
        .map((r) => r.id),
    [visible],
  );
  const anyOpen = visible.some(isOpenRow);
  const [modes, setModes] = useState<Record<string, LiveMode>>({});
  const onMode = useCallback(
    (id: string, mode: LiveMode) => setModes((prev) => (prev[id] === mode ? prev : { ...prev, [id]: mode })),
    [],
  );
  const polling = liveIds.some((id) => modes[id] === 'polling');

  useEffect(() => {
    if (!anyOpen) return undefined;
    const onFocus = () => {
      if (document.visibilityState !== 'hidden') refetch();
    };
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onFocus);
    return () => {
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onFocus);
    };
  }, [anyOpen, refetch]);

  const streams = liveIds.map((id) => <LiveRowStream key={id} id={id} onMode={onMode} onOpen={refetch} />);
  return { streams, polling };
}
