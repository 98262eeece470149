import { createAppStore, matchPath } from '@rampquote/web-kit';
import { nextTask } from '@rampquote/web-kit/start-up';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { preloadEstimatePage } from './routes';
import { ESTIMATE_LINK_PATH } from './shared/paths';
import { StandaloneApp } from './standalone/StandaloneApp';

// Standalone (an FBO link opened on the portal's own host or the site's): this bundle's own store, providers and
// router, without any shell code.
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
const app = <StandaloneApp store={createAppStore()} />;

if (container.hasChildNodes() && matchPath(ESTIMATE_LINK_PATH, window.location.pathname)) {
  // The link page arrives with its first view prerendered (link.html). With the estimate page's code in before the
  // first render, that render is the same markup, taken over as it is (no 'Loading...' in between, nothing shifts).
  // The estimate page's code is evaluated in a task of its own, after the one that evaluated this bundle's, and
  // rendered in another.
  nextTask()
    .then(() => preloadEstimatePage())
    .then(nextTask)
    .then(
      () => hydrateRoot(container, app),
      () => createRoot(container).render(app),
    );
} else {
  createRoot(container).render(app);
}
