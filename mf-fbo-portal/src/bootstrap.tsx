import {
  AppToaster,
  Box,
  BrowserRouter,
  Button,
  createAppStore,
  Outlet,
  PageErrorBoundary,
  useLocation,
  useRoutes,
  WebKitProvider,
  type RouteObject,
} from '@rampquote/web-kit';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { standaloneRoutes } from './routes';
import { LoadingScreen, MessageScreen, PortalPage } from './shared/PortalPage';
import { StandaloneNotFound } from './StandaloneNotFound';

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

// Standalone (an FBO link opened on the portal's own host): this bundle's own store, providers and router,
// without any shell code. The same routes as in the shell, plus the inbox at `/`.
const routes: RouteObject[] = [
  { element: <StandaloneLayout />, children: [...standaloneRoutes, { path: '*', element: <StandaloneNotFound /> }] },
];
function StandaloneRoutes() {
  return useRoutes(routes);
}

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(
  <StrictMode>
    <WebKitProvider store={createAppStore()}>
      <BrowserRouter>
        <StandaloneRoutes />
      </BrowserRouter>
      <AppToaster />
    </WebKitProvider>
  </StrictMode>,
);
