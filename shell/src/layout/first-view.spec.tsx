import { FIRST_VIEW_SLOT } from '@rampquote/contracts';
import { createAppStore, type RouteObject } from '@rampquote/web-kit';
import { act, screen, within } from '@testing-library/react';
import { createRoot, type Root } from 'react-dom/client';
import { ShellRoot } from '../app/ShellRoot';
import type { RemoteRegistry } from '../remotes/remote-registry';
import { ANONYMOUS, clearToasts, fakeApi, REMOTES_JSON } from '../test/render-app';
import { takeFirstView } from './first-view';

/** A registry whose remotes' routes arrive when the test releases them. */
function heldRegistry(routes: Record<string, RouteObject[]>) {
  const releases = new Map<string, () => void>();
  const held = new Map<string, Promise<RouteObject[]>>();
  const registry: RemoteRegistry = {
    config: () => Promise.resolve(REMOTES_JSON),
    routes(name) {
      let promise = held.get(name);
      if (!promise) {
        promise = new Promise((resolve) => releases.set(name, () => resolve(routes[name] ?? [])));
        held.set(name, promise);
      }
      return promise;
    },
    retry: () => undefined,
  };
  const release = (name: string) => act(async () => releases.get(name)?.());
  return { registry, release };
}

const FIRST_VIEW =
  '<h1>Welcome Back</h1><p>Log in to request and compare FBO quotes.</p><form><input aria-label="Email"></form>';

/** The page as the gateway sends it: a frame whose page area holds the first view. */
function framedPage(): HTMLElement {
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = `<header>RampQuote</header><main>${FIRST_VIEW_SLOT.replace('></div>', `>${FIRST_VIEW}</div>`)}</main>`;
  document.body.appendChild(container);
  return container;
}

afterEach(() => clearToasts());

describe('a page that arrives with its first view', () => {
  let root: Root | undefined;
  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    document.body.innerHTML = '';
    window.history.replaceState(null, '', '/');
  });

  it('keeps showing the view, inert, where the loading spinner would be, until the page has rendered', async () => {
    fakeApi(ANONYMOUS);
    window.history.replaceState(null, '', '/login');
    const { registry, release } = heldRegistry({
      account: [{ path: '/login', element: <h1>The login page</h1> }],
      quotes: [{ path: '/history', element: <h1>My Quotes</h1> }],
    });
    const container = framedPage();
    expect(takeFirstView(container, '/login')).toBe(true);
    await act(async () => {
      root = createRoot(container);
      root.render(<ShellRoot store={createAppStore()} registry={registry} />);
    });

    // The shell's own header around it, one page area, no spinner; nothing in the view can be focused or typed into.
    const main = screen.getByRole('main');
    const view = main.querySelector('[data-first-view]');
    expect(view).toHaveAttribute('inert');
    expect(view).toHaveAttribute('aria-hidden', 'true');
    expect(within(main).getByText('Log in to request and compare FBO quotes.')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getAllByRole('banner')).toHaveLength(1);

    await release('account');
    expect(await within(main).findByRole('heading', { name: 'The login page' })).toBeInTheDocument();
    expect(main.querySelector('[data-first-view]')).toBeNull();
    expect(within(main).queryByText('Log in to request and compare FBO quotes.')).toBeNull();
  });

  it('is not shown again once the page has rendered: the page loading again at its path shows the spinner', async () => {
    fakeApi(ANONYMOUS);
    window.history.replaceState(null, '', '/login');
    const page = [{ path: '/login', element: <h1>The login page</h1> }];
    const first = heldRegistry({ account: page });
    const container = framedPage();
    takeFirstView(container, '/login');
    const store = createAppStore();
    await act(async () => {
      root = createRoot(container);
      root.render(<ShellRoot store={store} registry={first.registry} />);
    });
    await first.release('account');
    expect(await screen.findByRole('heading', { name: 'The login page' })).toBeInTheDocument();

    // The remote's code read again (as after a retry): loading, at the same path.
    const again = heldRegistry({ account: page });
    await act(async () => root?.render(<ShellRoot store={store} registry={again.registry} />));
    expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
    expect(document.querySelector('[data-first-view]')).toBeNull();
    await again.release('account');
    expect(await screen.findByRole('heading', { name: 'The login page' })).toBeInTheDocument();
  });

  it('is not taken from a page without one (the landing page is hydrated instead)', () => {
    const container = document.createElement('div');
    container.innerHTML = '<main><h1 id="hero-heading">Never overpay</h1></main>';
    expect(takeFirstView(container, '/')).toBe(false);
  });
});
