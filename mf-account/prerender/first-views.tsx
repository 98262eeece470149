import type { FirstViews } from '@rampquote/contracts';
import { BrowserRouter, createAppStore, WebKitProvider } from '@rampquote/web-kit';
import { hoistStyles, prerenderWindow } from '@rampquote/web-kit/prerender/prerendered-page';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { LoginPage } from '../src/features/login/LoginPage';

/** The account pages whose first view is the same for everyone: as a visitor sees them before the session is known. */
const PAGES: Record<string, ReactElement> = {
  '/login': <LoginPage />,
};

/**
 * Each page's area as this remote renders it in the shell (with web-kit's providers, at the page's path), and the
 * styles emotion wrote for it; the global ones are the shell's frame's already.
 */
export function renderFirstViews(): FirstViews {
  const pages: FirstViews['pages'] = {};
  for (const [path, page] of Object.entries(PAGES)) {
    const markup = renderToString(
      <WebKitProvider store={createAppStore()}>
        <BrowserRouter window={prerenderWindow(path)}>{page}</BrowserRouter>
      </WebKitProvider>,
    );
    const { componentStyles, body } = hoistStyles(markup);
    pages[path] = { styles: componentStyles, markup: body };
  }
  return { pages };
}
