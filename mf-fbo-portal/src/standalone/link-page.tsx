import { createAppStore } from '@rampquote/web-kit';
import { insertPrerendered, prerenderWindow } from '@rampquote/web-kit/prerender/prerendered-page';
import { renderToString } from 'react-dom/server';
import { preloadEstimatePage } from '../routes';
import { StandaloneApp } from './StandaloneApp';

/** Where the first view is prerendered: every link shows the same one (its estimate request still loading). */
export const PRERENDERED_LINK_PATH = '/quote/fbo/token';

/**
 * The first view of an FBO's e-mailed link as the page renders it before the estimate request has arrived (the
 * portal's frame, the request loading), with the styles emotion writes inline beside the elements that use them.
 * The same element as the browser's (bootstrap.tsx), the estimate page's code loaded first there too.
 */
export async function renderLinkPage(): Promise<string> {
  await preloadEstimatePage();
  return renderToString(
    <StandaloneApp store={createAppStore()} routerWindow={prerenderWindow(PRERENDERED_LINK_PATH)} />,
  );
}

/**
 * link.html with the first view inside. Its preloaded scripts become deferred ones: fetched at once and in parallel,
 * the view painted without waiting for them; each only registers its modules, which the entry runs after that paint.
 */
export function withPrerenderedRoot(pageHtml: string, markup: string): string {
  return insertPrerendered(pageHtml, markup, 'defer');
}
