import { createAppStore } from '@rampquote/web-kit';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { ShellRoot } from './app/ShellRoot';
import { takeFirstView } from './layout/first-view';
import { createFederationRegistry } from './remotes/federation';

const registry = createFederationRegistry();
// Start reading /remotes.json at once; the home page does not wait for it.
registry.config().catch(() => undefined);

const store = createAppStore();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
const page = <ShellRoot store={store} registry={registry} />;
// The first screen is rendered as a transition: React builds it in slices and gives the browser the main thread
// between them, instead of one task of about a second on a slow phone that blocks every tap (Total Blocking Time).
// The landing page arrives prerendered (home.html): React takes over its markup instead of building it again. A page
// that arrives as the frame with its first view in it is built anew, the first view standing in until it has been.
if (container.hasChildNodes() && !takeFirstView(container, window.location.pathname))
  startTransition(() => void hydrateRoot(container, page));
else {
  const root = createRoot(container);
  startTransition(() => root.render(page));
}
