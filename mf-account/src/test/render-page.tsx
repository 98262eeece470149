import { AppToaster, createAppStore, toaster, useLocation, WebKitProvider, type RouteObject } from '@rampquote/web-kit';
import { createMemoryRouter, RouterProvider } from '@rampquote/web-kit/testing/data-router';
import { act, render } from '@testing-library/react';

export interface FakeResponse {
  status: number;
  body?: unknown;
}

/** A fake fetch answering by "METHOD /path"; records the JSON bodies it received. */
export function fakeApi(routes: Record<string, FakeResponse>) {
  const calls: { key: string; body: unknown }[] = [];
  const fetchMock = jest.fn(async (input: Request) => {
    const url = new URL(input.url);
    const key = `${input.method} ${url.pathname}`;
    const text = await input.text();
    calls.push({ key, body: text ? JSON.parse(text) : undefined });
    const answer = routes[key] ?? { status: 404, body: { error: 'Not found' } };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return { fetchMock, calls, callsTo: (key: string) => calls.filter((c) => c.key === key) };
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
