import { matchPath, useLocation, type RouteObject } from '@rampquote/web-kit';
import { lazy, useState, type ComponentProps, type ComponentType } from 'react';
import {
  CLAIM_CONFIRM_PATH,
  CLAIM_PATH,
  ESTIMATE_LINK_PATH,
  INBOX_PATH,
  INBOX_REQUEST_PATH,
  TEAM_PATH,
} from './shared/paths';

// The pages load on demand: an FBO link's first load carries only this list and the estimate page's chunk.
const loadEstimatePage = () => import('./features/estimate/components/EstimatePage');
const EstimatePage = lazy(() => loadEstimatePage().then((m) => ({ default: m.EstimatePage })));
type EstimatePageComponent = ComponentType<ComponentProps<typeof EstimatePage>>;
let preloadedEstimatePage: EstimatePageComponent | undefined;

/**
 * Fetches the estimate page's code. A link route mounted after it resolves renders the page at once, without the
 * Suspense fallback in between (the standalone link page takes over its prerendered first view that way).
 */
export function preloadEstimatePage(): Promise<void> {
  return loadEstimatePage().then((m) => void (preloadedEstimatePage = m.EstimatePage));
}
const InboxPage = lazy(() => import('./features/inbox/components/InboxPage').then((m) => ({ default: m.InboxPage })));
const InboxRequestPage = lazy(() => import('./app/InboxRequestPage').then((m) => ({ default: m.InboxRequestPage })));
const TeamPage = lazy(() => import('./features/team/components/TeamPage').then((m) => ({ default: m.TeamPage })));
const ClaimFboPage = lazy(() =>
  import('./features/claim/components/ClaimFboPage').then((m) => ({ default: m.ClaimFboPage })),
);
const ClaimConfirmPage = lazy(() =>
  import('./features/claim/components/ClaimConfirmPage').then((m) => ({ default: m.ClaimConfirmPage })),
);

/** /fbo-portal/claim/:token — the claim link mailed to the FBO's listed address. */
function ClaimConfirmRoute() {
  const { pathname } = useLocation();
  const token = matchPath(CLAIM_CONFIRM_PATH, pathname)?.params.token ?? '';
  return <ClaimConfirmPage key={token} token={token} />;
}

/** /quote/:fboId/:quoteId — the e-mailed link (`:quoteId` is the invitation token); no login. */
function EstimateLinkRoute() {
  const { pathname } = useLocation();
  const params = matchPath(ESTIMATE_LINK_PATH, pathname)?.params;
  const fboId = params?.fboId ?? '';
  const token = params?.quoteId ?? '';
  // Chosen once per mount: switching from the lazy component to the loaded one would mount the page again.
  const [Page] = useState<EstimatePageComponent>(() => preloadedEstimatePage ?? EstimatePage);
  return <Page key={`${fboId}/${token}`} source={{ kind: 'link', fboId, token }} />;
}

/** /fbo-portal/requests/:invitationId — a request opened from the inbox by a signed-in FBO account. */
function InboxRequestRoute() {
  const { pathname } = useLocation();
  const invitationId = matchPath(INBOX_REQUEST_PATH, pathname)?.params.invitationId ?? '';
  return <InboxRequestPage key={invitationId} invitationId={invitationId} />;
}

/**
 * This remote's routes (exposed as `./routes`; the shell renders them behind this remote's error boundary and
 * Suspense, the estimate page outside the site's header and footer). The standalone page (StandaloneApp.tsx) mounts the
 * same list and adds the inbox at `/`.
 */
export const routes: RouteObject[] = [
  { path: ESTIMATE_LINK_PATH, element: <EstimateLinkRoute /> },
  { path: INBOX_PATH, element: <InboxPage /> },
  { path: INBOX_REQUEST_PATH, element: <InboxRequestRoute /> },
  { path: TEAM_PATH, element: <TeamPage /> },
  { path: CLAIM_PATH, element: <ClaimFboPage /> },
  { path: CLAIM_CONFIRM_PATH, element: <ClaimConfirmRoute /> },
];

/** The standalone page's extra route: the inbox at its root. */
export const standaloneRoutes: RouteObject[] = [{ path: '/', element: <InboxPage /> }, ...routes];

export default routes;
