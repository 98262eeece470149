import { AppToaster, createAppStore, toaster, useLocation, WebKitProvider, type RouteObject } from '@rampquote/web-kit';
import { createMemoryRouter, RouterProvider } from '@rampquote/web-kit/testing/data-router';
import { act, render } from '@testing-library/react';
import { Suspense } from 'react';

export interface FakeResponse {
  status: number;
  body?: unknown;
}

/** An answer: a response, a function of the request body (may wait), or a network failure (no response). */
export type FakeAnswer =
  | FakeResponse
  | 'network-error'
  | ((body: unknown) => FakeResponse | 'network-error' | Promise<FakeResponse | 'network-error'>);

/** A fake fetch answering by "METHOD /path"; records the JSON bodies it received. Unknown calls get a 404. */
export function fakeApi(routes: Record<string, FakeAnswer>) {
  const calls: { key: string; body: unknown; headers: Headers }[] = [];
  const fetchMock = jest.fn(async (input: Request) => {
    const url = new URL(input.url);
    const key = `${input.method} ${url.pathname}`;
    const text = await input.text();
    const body = text ? JSON.parse(text) : undefined;
    calls.push({ key, body, headers: input.headers });
    const route = routes[key];
    const answer =
      typeof route === 'function' ? await route(body) : (route ?? { status: 404, body: { error: 'Not found' } });
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return { fetchMock, calls, callsTo: (key: string) => calls.filter((c) => c.key === key) };
}

/** A response held back until `release` is called (to see the "sending" state). */
export function heldResponse(answer: FakeResponse | 'network-error') {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  return { handler: async () => (await gate, answer), release: () => act(() => release()) };
}

function WhereAmI() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

/** Renders the remote's routes as the shell would: providers, Suspense, a router and the toast region. */
export function renderRoutes(routes: RouteObject[], url: string) {
  const router = createMemoryRouter([...routes, { path: '*', element: <WhereAmI /> }], { initialEntries: [url] });
  const store = createAppStore();
  const utils = render(
    <WebKitProvider store={store}>
      <Suspense fallback={<p>Loading page...</p>}>
        <RouterProvider router={router} />
      </Suspense>
      <AppToaster />
    </WebKitProvider>,
  );
  return { ...utils, router, store };
}

export function clearToasts() {
  act(() => toaster.remove());
}
