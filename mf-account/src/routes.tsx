import type { RouteObject } from '@rampquote/web-kit';
import { lazy } from 'react';

const LoginPage = lazy(() => import('./features/login/LoginPage').then((m) => ({ default: m.LoginPage })));
const RegisterPage = lazy(() => import('./features/register/RegisterPage').then((m) => ({ default: m.RegisterPage })));

/**
 * The account remote's routes (exposed as `./routes`; the shell renders them behind this remote's error boundary
 * and Suspense). Paths of this remote that are not listed here show the shell's 404.
 */
export const routes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  { path: '/register', element: <RegisterPage /> },
];

export default routes;
