import type { FboDto } from '@rampquote/contracts';
import { useEffect, useState } from 'react';
import { useQuoteFormAirportFbosQuery } from '../../../shared/quote-request-api';

/** Spec sections 4 and 9: while an airport has no FBO yet, check again every 3 s, for up to 60 s. */
export const FBO_DISCOVERY_POLL_MS = 3000;
export const FBO_DISCOVERY_TIMEOUT_MS = 60_000;

export type FboListState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'discovering' }
  | { status: 'empty' }
  | { status: 'error' }
  | { status: 'ready'; fbos: FboDto[] };

/**
 * The FBOs at an airport. When it has none, svc-airports starts a discovery (`discovery: 'in-progress'`): the list
 * is asked for again every 3 s until FBOs arrive, the discovery says 'finished' (it found nothing), or 60 s have
 * passed. `retry` (Try Again) asks again and restarts the 60 s.
 */
export function useFboDiscovery(airportCode: string): { state: FboListState; retry: () => void } {
  const code = airportCode.trim();
  const [attempt, setAttempt] = useState(0);
  const [timedOutFor, setTimedOutFor] = useState<string | null>(null);
  const { currentData, isError, isFetching, fulfilledTimeStamp, refetch } = useQuoteFormAirportFbosQuery(code, {
    skip: !code,
  });
  const timedOut = timedOutFor === `${code}#${attempt}`;

  // The 60 s window of this airport (and of each Try Again).
  useEffect(() => {
    if (!code) return undefined;
    const timer = setTimeout(() => setTimedOutFor(`${code}#${attempt}`), FBO_DISCOVERY_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [code, attempt]);

  const discovering = Boolean(
    currentData && currentData.fbos.length === 0 && currentData.discovery === 'in-progress' && !timedOut,
  );

  // Each answer of a running discovery schedules the next check 3 s later.
  useEffect(() => {
    if (!discovering || isError) return undefined;
    const timer = setTimeout(() => void refetch(), FBO_DISCOVERY_POLL_MS);
    return () => clearTimeout(timer);
  }, [discovering, isError, fulfilledTimeStamp, refetch]);

  const retry = () => {
    setAttempt((n) => n + 1);
    void refetch();
  };

  let state: FboListState;
  if (!code) state = { status: 'idle' };
  else if (isError && !isFetching) state = { status: 'error' };
  else if (!currentData) state = { status: 'loading' };
  else if (currentData.fbos.length > 0) state = { status: 'ready', fbos: currentData.fbos };
  else if (discovering || (isFetching && !timedOut)) state = { status: 'discovering' };
  else state = { status: 'empty' };
  return { state, retry };
}
