import type { RouteObject } from '@rampquote/web-kit';
import { lazy } from 'react';
import { AdminGuard } from './app/AdminGuard';

const AdminDashboardPage = lazy(() =>
  import('./app/AdminDashboardPage').then((m) => ({ default: m.AdminDashboardPage })),
);

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
