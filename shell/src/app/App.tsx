import { AppToaster, RouterProvider, WebKitProvider, type AppStore, type createBrowserRouter } from '@rampquote/web-kit';
import type { RemoteRegistry } from '../remotes/remote-registry';
import { RemoteRegistryContext } from '../remotes/RemoteRegistryContext';

export interface AppProps {
  store: AppStore;
  router: ReturnType<typeof createBrowserRouter>;
  registry: RemoteRegistry;
}

/** Providers, the router and the one notification region (present on every screen). */
export function App({ store, router, registry }: AppProps) {
  return (
    <WebKitProvider store={store}>
      <RemoteRegistryContext.Provider value={registry}>
        <RouterProvider router={router} />
        <AppToaster />
      </RemoteRegistryContext.Provider>
    </WebKitProvider>
  );
}
