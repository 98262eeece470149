import type { FirstViews, UserDto } from '@rampquote/contracts';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { BrowserRouter } from 'react-router';
import { sessionApi } from '../session/session-api';
import { createAppStore } from '../store/create-app-store';
import { WebKitProvider } from '../theme/WebKitProvider';
import { hoistStyles, prerenderWindow } from './prerendered-page';

/** A page a remote prerenders for the gateway (contracts' FIRST_VIEWS_FILE), and whom its view is for. */
export interface FirstViewPage {
  element: ReactElement;
  audience: FirstViews['pages'][string]['audience'];
}

/**
 * Who the pages for someone signed in are rendered for: a user whose name and e-mail no page's first view may show
 * (the remotes' prerender tests check it), so the view is every user's.
 */
export const FIRST_VIEW_USER: UserDto = {
  id: 'first-view',
  username: 'first-view-user',
  email: 'first-view-user@rampquote.invalid',
  role: 'pilot',
  firstName: 'Firstview',
  lastName: 'Nobody',
  companyName: null,
};

/**
 * Each page's area as its remote renders it in the shell (web-kit's providers, the page's path, the session known:
 * none for a visitor, FIRST_VIEW_USER for someone signed in; nothing else loaded), and the styles emotion wrote for
 * it; the global ones are the shell's frame's already.
 */
export async function renderFirstViews(pages: Record<string, FirstViewPage>): Promise<FirstViews> {
  const views: FirstViews['pages'] = {};
  for (const [path, { element, audience }] of Object.entries(pages)) {
    const store = createAppStore();
    const user = audience === 'signed-in' ? FIRST_VIEW_USER : null;
    await store.dispatch(sessionApi.util.upsertQueryData('me', undefined, user));
    const markup = renderToString(
      <WebKitProvider store={store}>
        <BrowserRouter window={prerenderWindow(path)}>{element}</BrowserRouter>
      </WebKitProvider>,
    );
    // The api's cache timers would keep the build's process alive for minutes.
    store.dispatch(sessionApi.util.resetApiState());
    const { componentStyles, body } = hoistStyles(markup);
    views[path] = { styles: componentStyles, markup: body, audience };
  }
  return { pages: views };
}
