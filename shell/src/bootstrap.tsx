import { BrowserRouter, createAppStore } from '@rampquote/web-kit';
import { startTransition, StrictMode } from 'react';
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
const root = createRoot(container);
// The first screen is rendered as a transition: React builds it in slices and gives the browser the main thread
// between them, instead of one task of about a second on a slow phone that blocks every tap (Total Blocking Time).
startTransition(() =>
  root.render(
    <StrictMode>
      <App store={store} registry={registry}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </App>
    </StrictMode>,
  ),
);
