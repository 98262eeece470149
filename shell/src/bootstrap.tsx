import { BrowserRouter, createAppStore } from '@rampquote/web-kit';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { AppRoutes } from './app/routes';
import { createFederationRegistry } from './remotes/federation';

const registry = createFederationRegistry();
// Start reading /remotes.json at once; the home page does not wait for it.
registry.config().catch(() => undefined);

const store = createAppStore();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(
  <StrictMode>
    <App store={store} registry={registry}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </App>
  </StrictMode>,
);
