import { Navigate, useRoutes, type RouteObject } from '@rampquote/web-kit';
import { lazy } from 'react';
import { RootLayout } from '../layout/RootLayout';
import { HomePage } from '../pages/HomePage';

// The text pages and the remotes' area (its boundary, notice and 404) load on demand, so the home page does not
// carry them.
const FaqPage = lazy(() => import('../pages/faq/FaqPage').then((m) => ({ default: m.FaqPage })));
const PrivacyPage = lazy(() => import('../pages/legal/PrivacyPage').then((m) => ({ default: m.PrivacyPage })));
const TermsPage = lazy(() => import('../pages/legal/TermsPage').then((m) => ({ default: m.TermsPage })));
const SupportPage = lazy(() => import('../pages/support/SupportPage').then((m) => ({ default: m.SupportPage })));
const RemotePage = lazy(() => import('../remotes/RemoteArea').then((m) => ({ default: m.RemotePage })));

/**
 * The shell's routes. Everything the shell does not serve itself goes to RemotePage, which looks the path up in
 * /remotes.json and renders that remote's routes behind the remote's own error boundary (or the 404).
 */
export const appRoutes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'faq', element: <FaqPage /> },
      { path: 'privacy', element: <PrivacyPage /> },
      { path: 'terms', element: <TermsPage /> },
      { path: 'support', element: <SupportPage /> },
      { path: 'quote-request', element: <Navigate to="/request-quote" replace /> },
      { path: '*', element: <RemotePage /> },
    ],
  },
];

/** The shell's routes, rendered under the page's router (BrowserRouter; a memory router in tests). */
export function AppRoutes() {
  return useRoutes(appRoutes);
}
