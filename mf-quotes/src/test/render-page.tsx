import { AppToaster, createAppStore, toaster, useLocation, WebKitProvider, type RouteObject } from '@rampquote/web-kit';
import { createMemoryRouter, RouterProvider } from '@rampquote/web-kit/testing/data-router';
import { act, configure, render } from '@testing-library/react';

// The request form is a large Chakra page: on a busy machine a first render takes seconds. Queries wait longer than
// Testing Library's 1 s default, and a test may take up to two minutes, so a slow machine does not fail a test.
configure({ asyncUtilTimeout: 15_000 });
jest.setTimeout(120_000);

export interface FakeResponse {
  status: number;
  body?: unknown;
}

/** An answer, or a function of the request's URL (with its query) and JSON body giving one. */
export type FakeRoute = FakeResponse | ((url: URL, body: unknown) => FakeResponse);

/**
 * A fake fetch answering by "METHOD /path" (the query string is not part of the key; a function route sees the
 * whole URL); records the URL and JSON body of every call. Routes may be changed later with `set`.
 */
export function fakeApi(routes: Record<string, FakeRoute>) {
  const table: Record<string, FakeRoute> = { ...routes };
  const calls: { key: string; url: URL; body: unknown }[] = [];
  const fetchMock = jest.fn(async (input: Request) => {
    const url = new URL(input.url);
    const key = `${input.method} ${url.pathname}`;
    const text = await input.text();
    const body: unknown = text ? JSON.parse(text) : undefined;
    calls.push({ key, url, body });
    const route = table[key];
    const answer =
      route === undefined
        ? { status: 404, body: { error: 'Not found' } }
        : typeof route === 'function'
          ? route(url, body)
          : route;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return {
    fetchMock,
    calls,
    callsTo: (key: string) => calls.filter((c) => c.key === key),
    set: (key: string, route: FakeRoute) => {
      table[key] = route;
    },
  };
}

function WhereAmI() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

/** Renders the remote's routes as the shell would: providers, a router and the toast region. */
export function renderRoutes(routes: RouteObject[], url: string) {
  const router = createMemoryRouter([...routes, { path: '*', element: <WhereAmI /> }], { initialEntries: [url] });
  const store = createAppStore();
  const utils = render(
    <WebKitProvider store={store}>
      <RouterProvider router={router} />
      <AppToaster />
    </WebKitProvider>,
  );
  return { ...utils, router, store };
}

export function clearToasts() {
  act(() => toaster.remove());
}
