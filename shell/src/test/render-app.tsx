import type { RemotesConfig } from '@rampquote/contracts';
import { createAppStore, type RouteObject } from '@rampquote/web-kit';
import { createMemoryRouter, RouterProvider } from '@rampquote/web-kit/testing/data-router';
import { render } from '@testing-library/react';
import { App } from '../app/App';
import { appRoutes } from '../app/routes';
import type { RemoteRegistry } from '../remotes/remote-registry';

export { clearToasts, fakeApi } from '@rampquote/web-kit/testing/render-page';

/** /remotes.json as the gateway serves it. */
export const REMOTES_JSON: RemotesConfig = {
  remotes: [
    {
      name: 'account',
      entry: 'http://localhost:3101/mf-manifest.json',
      routes: [
        '/login',
        '/register',
        '/forgot-password',
        '/reset-password',
        '/account',
        '/account/*',
        '/aircraftinfo',
        '/new-aircraft',
        '/billing',
        '/subscription',
        '/client-profile',
      ],
    },
    {
      name: 'quotes',
      entry: 'http://localhost:3102/mf-manifest.json',
      routes: [
        '/rfi-form',
        '/quote-review',
        '/history',
        '/quote-details/:id',
        '/request-quote',
        '/rfi-form-test',
        '/clean-form',
        '/clean-services',
      ],
    },
    { name: 'fbo_portal', entry: 'http://localhost:3103/mf-manifest.json', routes: ['/quote/:fboId/:quoteId'] },
    { name: 'admin', entry: 'http://localhost:3104/mf-manifest.json', routes: ['/admin'] },
  ],
};

/** A registry whose remotes answer with the given routes, or fail until retried when `failing` names them. */
export function fakeRegistry(remoteRoutes: Record<string, RouteObject[]>, failing: string[] = []) {
  const down = new Set(failing);
  const cache = new Map<string, Promise<RouteObject[]>>();
  const loads: string[] = [];
  const config = Promise.resolve(REMOTES_JSON);
  const registry: RemoteRegistry = {
    config: () => config,
    routes(name) {
      let promise = cache.get(name);
      if (!promise) {
        loads.push(name);
        promise = down.has(name)
          ? Promise.reject(new Error(`${name} is unreachable`))
          : Promise.resolve(remoteRoutes[name] ?? []);
        cache.set(name, promise);
      }
      return promise;
    },
    retry(name) {
      if (!name) return;
      cache.delete(name);
      down.delete(name);
    },
  };
  return { registry, loads, bringDown: (name: string) => down.add(name) };
}

export const ANONYMOUS = { 'GET /api/auth/me': { status: 401, body: { error: 'Not authenticated' } } };
export const PILOT = {
  id: 'u1',
  username: 'pat',
  email: 'pilot@rampquote.dev',
  role: 'pilot' as const,
  firstName: 'Pat',
  lastName: 'Pilot',
  companyName: null,
};
export const signedIn = (user: { role: string } = PILOT) => ({ 'GET /api/auth/me': { status: 200, body: user } });

export function renderApp(url: string, registry: RemoteRegistry = fakeRegistry({}).registry) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [url] });
  const utils = render(
    <App store={createAppStore()} registry={registry}>
      <RouterProvider router={router} />
    </App>,
  );
  return { ...utils, router };
}
