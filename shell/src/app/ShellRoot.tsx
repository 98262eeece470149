import { BrowserRouter, type AppStore } from '@rampquote/web-kit';
import { StrictMode } from 'react';
import type { RemoteRegistry } from '../remotes/remote-registry';
import { App } from './App';
import { AppRoutes } from './routes';

/**
 * The whole page as the browser renders it, and as the landing page is prerendered at build time (`routerWindow`:
 * where the router reads the location there). One element for both, so the prerendered markup hydrates as it is.
 */
export function ShellRoot({
  store,
  registry,
  routerWindow,
}: {
  store: AppStore;
  registry: RemoteRegistry;
  routerWindow?: Window;
}) {
  return (
    <StrictMode>
      <App store={store} registry={registry}>
        <BrowserRouter window={routerWindow}>
          <AppRoutes />
        </BrowserRouter>
      </App>
    </StrictMode>
  );
}
