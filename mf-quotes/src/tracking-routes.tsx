import { matchPath, useLocation, type RouteObject } from '@rampquote/web-kit';
import { lazy } from 'react';

const HistoryPage = lazy(() => import('./features/history/HistoryPage').then((m) => ({ default: m.HistoryPage })));
const QuoteDetailsPage = lazy(() =>
  import('./features/quote-details/QuoteDetailsPage').then((m) => ({ default: m.QuoteDetailsPage })),
);

export const QUOTE_DETAILS_PATH = '/quote-details/:id';

/** Hands the :id of the details route to the page (keyed by it, so another request starts fresh). */
function QuoteDetailsRoute() {
  const { pathname } = useLocation();
  const id = matchPath(QUOTE_DETAILS_PATH, pathname)?.params.id ?? '';
  return <QuoteDetailsPage key={id} id={id} />;
}

/** Following quotes: /history (My Quotes) and /quote-details/:id (details with the live price comparison). */
export const trackingRoutes: RouteObject[] = [
  { path: '/history', element: <HistoryPage /> },
  { path: QUOTE_DETAILS_PATH, element: <QuoteDetailsRoute /> },
];
