import type { RouteObject } from '@rampquote/web-kit';
import { lazy } from 'react';
import { AdminGuard } from './features/dashboard/AdminGuard';

const AdminDashboardPage = lazy(() => import('./features/dashboard/AdminDashboardPage').then((m) => ({ default: m.AdminDashboardPage })));

/** The admin remote's routes (exposed as `./routes`): /admin, admins only. */
export const routes: RouteObject[] = [
  {
    path: '/admin',
    element: (
      <AdminGuard>
        <AdminDashboardPage />
      </AdminGuard>
    ),
  },
];

export default routes;
