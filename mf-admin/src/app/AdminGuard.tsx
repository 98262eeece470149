import { Center, Navigate, Spinner, useSession } from '@rampquote/web-kit';
import { useEffect, type ReactNode } from 'react';

export const ADMIN_LOGIN_PATH = '/login?returnPath=/admin';

/**
 * Admins only (spec section 6): visitors go to /login (returning to /admin), signed-in non-admins to /.
 * `hardRedirect` leaves the page instead of routing (the standalone page has no /login route of its own).
 */
export function AdminGuard({ children, hardRedirect = false }: { children: ReactNode; hardRedirect?: boolean }) {
  const { user, status } = useSession();
  const target =
    status === 'anonymous' ? ADMIN_LOGIN_PATH : status === 'authenticated' && user?.role !== 'admin' ? '/' : null;
  useEffect(() => {
    if (hardRedirect && target) window.location.assign(target);
  }, [hardRedirect, target]);
  if (status === 'loading' || (hardRedirect && target)) {
    return (
      <Center py="20">
        <Spinner aria-label="Loading" />
      </Center>
    );
  }
  if (target) return <Navigate to={target} replace />;
  return <>{children}</>;
}
