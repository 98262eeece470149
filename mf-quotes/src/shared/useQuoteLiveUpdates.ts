import { useAppDispatch } from '@rampquote/web-kit';
import { applyQuoteStreamEvent } from './quote-tracking-api';
import { useQuoteStream, type LiveMode } from './quote-stream';

/**
 * Keeps the cached views of one request (details, responses, My Quotes row) live from its event stream while
 * `enabled`. `onOpen` runs each time the stream (re)opens, to read what changed before it did. Returns the mode:
 * 'polling' means the stream cannot be used and the caller polls instead (the spec's 3 s).
 */
export function useQuoteLiveUpdates(id: string, enabled: boolean, onOpen?: () => void): LiveMode {
  const dispatch = useAppDispatch();
  return useQuoteStream(
    id,
    enabled,
    (type, data) => {
      if (data.quoteRequestId === id) applyQuoteStreamEvent(dispatch, type, data);
    },
    onOpen,
  );
}
