import { Center, Spinner } from '@rampquote/web-kit';
import { lazy, Suspense } from 'react';
import { AdminGuard } from './features/dashboard/AdminGuard';

const AdminDashboardPage = lazy(() => import('./features/dashboard/AdminDashboardPage').then((m) => ({ default: m.AdminDashboardPage })));

/** The standalone page (/mf/admin/index.html): the same dashboard; visitors and non-admins leave for the site. */
export function StandalonePage() {
  return (
    <AdminGuard hardRedirect>
      <Suspense
        fallback={
          <Center py="20">
            <Spinner aria-label="Loading" />
          </Center>
        }
      >
        <AdminDashboardPage />
      </Suspense>
    </AdminGuard>
  );
}
