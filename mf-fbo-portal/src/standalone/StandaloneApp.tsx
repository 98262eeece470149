import {
  AppToaster,
  Box,
  BrowserRouter,
  Button,
  Outlet,
  PageErrorBoundary,
  useLocation,
  useRoutes,
  WebKitProvider,
  type AppStore,
  type RouteObject,
} from '@rampquote/web-kit';
import { StrictMode, Suspense } from 'react';
import { standaloneRoutes } from '../routes';
import { LoadingScreen, MessageScreen, PortalPage } from '../shared/PortalPage';
import { StandaloneNotFound } from '../StandaloneNotFound';

const PAGE_NOT_LOADED_TITLE = 'This page could not be loaded';
const PAGE_NOT_LOADED_TEXT = 'Check your connection and try again. An estimate you were typing is kept on this device.';

/**
 * The standalone page's frame: the main landmark, and the Suspense and error boundary the shell would otherwise
 * provide (a screen whose code could not be fetched on a bad connection shows a notice with Retry, not a blank page).
 */
function StandaloneLayout() {
  const { pathname } = useLocation();
  return (
    <Box as="main" id="main-content" minH="100vh">
      <PageErrorBoundary
        resetKey={pathname}
        fallback={(retry) => (
          <PortalPage brand>
            <MessageScreen title={PAGE_NOT_LOADED_TITLE} text={PAGE_NOT_LOADED_TEXT} tone="warning">
              <Button colorPalette="brand" size="lg" alignSelf="flex-start" onClick={retry}>
                Retry
              </Button>
            </MessageScreen>
          </PortalPage>
        )}
      >
        <Suspense fallback={<LoadingScreen label="Loading..." />}>
          <Outlet />
        </Suspense>
      </PageErrorBoundary>
    </Box>
  );
}

// The same routes as in the shell, plus the inbox at `/`.
const routes: RouteObject[] = [
  { element: <StandaloneLayout />, children: [...standaloneRoutes, { path: '*', element: <StandaloneNotFound /> }] },
];
function StandaloneRoutes() {
  return useRoutes(routes);
}

/**
 * The whole standalone page (an FBO link opened without the shell): this bundle's own store, providers and router.
 * The browser renders it (bootstrap.tsx), and the link page's first view is prerendered from it at build time
 * (`routerWindow`: where the router reads the location there), so that markup is taken over as it is.
 */
export function StandaloneApp({ store, routerWindow }: { store: AppStore; routerWindow?: Window }) {
  return (
    <StrictMode>
      <WebKitProvider store={store}>
        <BrowserRouter window={routerWindow}>
          <StandaloneRoutes />
        </BrowserRouter>
        <AppToaster />
      </WebKitProvider>
    </StrictMode>
  );
}
