import { createAppStore } from '@rampquote/web-kit';
import { insertPrerendered, prerenderWindow } from '@rampquote/web-kit/prerender/prerendered-page';
import { renderToString } from 'react-dom/server';
import { ShellRoot } from '../src/app/ShellRoot';
import { renderingFrame } from '../src/layout/first-view';
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

/** Where the frame is rendered: a path in the chrome that a remote serves (the shell's own pages are not framed). */
const FRAME_PATH = '/first-view';

/**
 * The frame a remote's page with a first view arrives in (the gateway puts the view into its page area,
 * FIRST_VIEW_SLOT): the header, as the shell renders it before the session is known, the empty page area and the
 * footer. The browser builds the page anew in its place (src/bootstrap.tsx), so the suspended page's boundary markers
 * are left as they are and the template React adds for them is dropped.
 */
export function renderPageFrame(): string {
  renderingFrame(FRAME_PATH);
  const markup = renderToString(
    <ShellRoot store={createAppStore()} registry={noRemotes} routerWindow={prerenderWindow(FRAME_PATH)} />,
  );
  return markup.replace(/<template\b[^>]*>[\s\S]*?<\/template>/g, '');
}

/**
 * The shell's index.html with the landing page (or the frame) inside: the entry script fetches the other scripts once
 * it has painted.
 */
export function withPrerenderedRoot(indexHtml: string, markup: string): string {
  return insertPrerendered(indexHtml, markup, 'drop');
}
