import { AppToaster, WebKitProvider, type AppStore } from '@rampquote/web-kit';
import type { ReactNode } from 'react';
import type { RemoteRegistry } from '../remotes/remote-registry';
import { RemoteRegistryContext } from '../remotes/RemoteRegistryContext';

export interface AppProps {
  store: AppStore;
  registry: RemoteRegistry;
  /** The router with the app's routes: `<BrowserRouter><AppRoutes /></BrowserRouter>` (tests: a memory router). */
  children: ReactNode;
}

/** Providers, the router and the one notification region (present on every screen). */
export function App({ store, registry, children }: AppProps) {
  return (
    <WebKitProvider store={store}>
      <RemoteRegistryContext.Provider value={registry}>
        {children}
        <AppToaster />
      </RemoteRegistryContext.Provider>
    </WebKitProvider>
  );
}
