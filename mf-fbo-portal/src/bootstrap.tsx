import { AppToaster, Box, BrowserRouter, createAppStore, Outlet, useRoutes, WebKitProvider, type RouteObject } from '@rampquote/web-kit';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { standaloneRoutes } from './routes';
import { LoadingScreen } from './shared/PortalPage';
import { StandaloneNotFound } from './StandaloneNotFound';

/** The standalone page's frame: the main landmark and the Suspense the shell would otherwise provide. */
function StandaloneLayout() {
  return (
    <Box as="main" id="main-content" minH="100vh">
      <Suspense fallback={<LoadingScreen label="Loading..." />}>
        <Outlet />
      </Suspense>
    </Box>
  );
}

// Standalone (an FBO link opened on the portal's own host): this bundle's own store, providers and router,
// without any shell code. The same routes as in the shell, plus the inbox at `/`.
const routes: RouteObject[] = [{ element: <StandaloneLayout />, children: [...standaloneRoutes, { path: '*', element: <StandaloneNotFound /> }] }];
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
