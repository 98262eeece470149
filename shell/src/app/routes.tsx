import { Navigate, type RouteObject } from '@rampquote/web-kit';
import { RootLayout } from '../layout/RootLayout';
import { HomePage } from '../pages/HomePage';
import { FaqPage, PrivacyPage, SupportPage, TermsPage } from '../pages/StaticPages';
import { RemotePage } from '../remotes/RemoteArea';

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
