import { Navigate, Spinner, useLocation, useSession } from '@rampquote/web-kit';
import type { ReactNode } from 'react';

/**
 * Pages for signed-in users only (spec section 6): a visitor is sent to /login, which brings them back here after
 * signing in (returnPath). While the session is being checked a spinner shows.
 */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'loading') return <Spinner m="10" aria-label="Loading" />;
  if (status === 'anonymous') {
    const returnPath = location.pathname + location.search;
    return <Navigate to={`/login?returnPath=${encodeURIComponent(returnPath)}`} replace />;
  }
  return <>{children}</>;
}
