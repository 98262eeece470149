/**
 * For tests only: the page harness every front end's specs share. `fakeApi` replaces fetch at the network edge
 * (the real RTK Query api, store and pages run), `renderRoutes` renders a remote's routes as the shell would.
 */
import { act, render } from '@testing-library/react';
import { Suspense } from 'react';
import { useLocation, type RouteObject } from 'react-router';
import { createAppStore } from '../store/create-app-store';
import { WebKitProvider } from '../theme/WebKitProvider';
import { AppToaster } from '../toast/AppToaster';
import { toaster } from '../toast/toaster';
import { createMemoryRouter, RouterProvider } from './data-router';

export interface FakeResponse {
  status: number;
  body?: unknown;
  /** Answer headers besides `content-type: application/json`. */
  headers?: Record<string, string>;
}

type Answer = FakeResponse | 'network-error';

/**
 * A route's answer: a response, a network failure (fetch rejects, no response), or a function of the request's
 * URL (with its query) and body giving one (it may wait, see `heldResponse`).
 */
export type FakeRoute = Answer | ((url: URL, body: unknown) => Answer | Promise<Answer>);

/** One request the fake received. `body` is the parsed JSON (or the text when it is not JSON), `text` the raw text. */
export interface FakeCall {
  key: string;
  url: URL;
  body: unknown;
  text: string;
  headers: Headers;
  contentType: string | null;
}

const NOT_FOUND: FakeResponse = { status: 404, body: { error: 'Not found' } };

function parse(text: string, contentType: string | null): unknown {
  if (!text) return undefined;
  if (!contentType?.includes('json')) return text;
  return JSON.parse(text);
}

/**
 * A fake fetch answering by "METHOD /path" (the query string is not part of the key; a function route sees the whole
 * URL); records every call. Unknown calls get a 404. Routes may be changed later, with `set` or in the object given
 * (it is read at each call).
 */
export function fakeApi(routes: Record<string, FakeRoute>) {
  const table = routes;
  const calls: FakeCall[] = [];
  const fetchMock = jest.fn(async (input: Request) => {
    const url = new URL(input.url);
    const key = `${input.method} ${url.pathname}`;
    const text = await input.text();
    const contentType = input.headers.get('content-type');
    const body = parse(text, contentType);
    calls.push({ key, url, body, text, headers: input.headers, contentType });
    const route = table[key] ?? NOT_FOUND;
    const answer = typeof route === 'function' ? await route(url, body) : route;
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json', ...answer.headers },
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

/** A response held back until `release` is called (to see a "sending" or "loading" state). */
export function heldResponse(answer: Answer) {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  return { handler: async () => (await gate, answer), release: () => act(() => release()) };
}

function WhereAmI() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

/**
 * Renders a remote's routes as the shell would: providers, Suspense, a router and the toast region. Any other path
 * renders `data-testid="location"` with where the page went.
 */
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

/** Removes every toast (between tests, so one test's toast does not show in the next). */
export function clearToasts() {
  act(() => toaster.remove());
}
