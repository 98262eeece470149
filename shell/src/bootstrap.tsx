import { createAppStore, createBrowserRouter } from '@rampquote/web-kit';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { appRoutes } from './app/routes';
import { createFederationRegistry } from './remotes/federation';

const registry = createFederationRegistry();
// Start reading /remotes.json at once; the home page does not wait for it.
registry.config().catch(() => undefined);

const store = createAppStore();
const router = createBrowserRouter(appRoutes);

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(
  <StrictMode>
    <App store={store} router={router} registry={registry} />
  </StrictMode>,
);
