import { createAppStore } from '@rampquote/web-kit';
import { insertPrerendered, prerenderWindow } from '@rampquote/web-kit/prerender/prerendered-page';
import { renderToString } from 'react-dom/server';
import { ShellRoot } from '../src/app/ShellRoot';
import type { RemoteRegistry } from '../src/remotes/remote-registry';

/** The landing page needs no remote; the prerender never loads one. */
const noRemotes: RemoteRegistry = {
  config: () => new Promise(() => undefined),
  routes: () => new Promise(() => undefined),
  retry: () => undefined,
};

/**
 * The first view of `/` as the shell renders it before the session is known (the header's and the calls to action's
 * loading state), with the styles emotion writes inline beside the elements that use them. The same element as the
 * browser's (src/bootstrap.tsx), so the markup hydrates.
 */
export function renderHomePage(): string {
  return renderToString(
    <ShellRoot store={createAppStore()} registry={noRemotes} routerWindow={prerenderWindow('/')} />,
  );
}

/** The shell's index.html with the landing page inside: the entry script fetches the other scripts once it has painted. */
export function withPrerenderedRoot(indexHtml: string, markup: string): string {
  return insertPrerendered(indexHtml, markup, 'drop');
}
