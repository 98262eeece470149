import { Navigate, Spinner, useLocation, useSession } from '@rampquote/web-kit';
import type { ReactNode } from 'react';
import { withReturnPath } from '../return-path';

/** Renders `children` for a signed-in user; a visitor goes to /login with this page as returnPath (spec section 6). */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'loading') return <Spinner m="10" aria-label="Loading" />;
  if (status === 'anonymous') return <Navigate to={withReturnPath('/login', location.pathname)} replace />;
  return <>{children}</>;
}
