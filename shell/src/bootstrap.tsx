import { createAppStore } from '@rampquote/web-kit';
import { ShellRoot } from './app/ShellRoot';
import { startPage } from './app/start-page';
import { createFederationRegistry } from './remotes/federation';

const registry = createFederationRegistry();
// Start reading /remotes.json at once; the home page does not wait for it.
registry.config().catch(() => undefined);

const store = createAppStore();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
startPage(container, <ShellRoot store={store} registry={registry} />);
