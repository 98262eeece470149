import { useSession, type Session } from '@rampquote/web-kit';
import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => undefined;

/**
 * The session as the page shows it: still loading while React takes over the prerendered landing page (whose markup
 * was made before any session was known), whatever the session request has answered by then; the session itself
 * once the page is live, and at once on a page React builds itself.
 */
export function usePageSession(): Session {
  const session = useSession();
  const live = useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
  return live ? session : { user: null, status: 'loading' };
}
