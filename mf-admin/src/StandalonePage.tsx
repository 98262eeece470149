import { Center, Spinner } from '@rampquote/web-kit';
import { lazy, Suspense } from 'react';
import { AdminGuard } from './app/AdminGuard';

const AdminDashboardPage = lazy(() => import('./app/AdminDashboardPage').then((m) => ({ default: m.AdminDashboardPage })));

/** The standalone page (the admin host's own root, http://localhost:3104/ under npm start): the same dashboard; visitors and non-admins leave for the site. */
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
