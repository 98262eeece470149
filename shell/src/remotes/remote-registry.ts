import { REMOTES_ELEMENT_ID, REMOTES_PATH, type RemoteDefinition, type RemotesConfig } from '@rampquote/contracts';
import { matchPath, type RouteObject } from '@rampquote/web-kit';

/**
 * What the shell needs from the micro-frontends: the configuration read from /remotes.json, the route list a
 * remote exposes as `./routes`, and a way to try a failed remote again. The browser implementation is in
 * federation.ts; tests pass a fake.
 */
export interface RemoteRegistry {
  /** Resolves once /remotes.json has been read and the remotes registered; rejects when it could not be read. */
  config(): Promise<RemotesConfig>;
  /** The remote's `./routes` (cached: the same promise until `retry`). */
  routes(name: string): Promise<RouteObject[]>;
  /** Forgets a failed remote (or a failed /remotes.json) so the next call loads it again. */
  retry(name?: string): void;
}

/** Paths shown without the header and footer (spec section 2). */
export const OUTSIDE_CHROME_PATHS = ['/forgot-password', '/reset-password', '/quote/:fboId/:quoteId'];

export function isOutsideChrome(pathname: string): boolean {
  return OUTSIDE_CHROME_PATHS.some((pattern) => matchPath({ path: pattern, end: true }, pathname) !== null);
}

/** The remote that serves a path according to /remotes.json, if any. */
export function remoteForPath(config: RemotesConfig, pathname: string): RemoteDefinition | undefined {
  return config.remotes.find((remote) =>
    remote.routes.some((pattern) => matchPath({ path: pattern, end: true }, pathname) !== null),
  );
}

/** The remote list the gateway inlined in the page (saves the request for /remotes.json), if it did. */
export function inlinedRemotesConfig(doc: Document = document): RemotesConfig | undefined {
  const text = doc.getElementById(REMOTES_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const body = JSON.parse(text) as RemotesConfig;
    return body && Array.isArray(body.remotes) ? body : undefined;
  } catch {
    return undefined;
  }
}

/** Reads /remotes.json. */
export async function fetchRemotesConfig(fetchFn: typeof fetch = fetch): Promise<RemotesConfig> {
  const response = await fetchFn(REMOTES_PATH, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`${REMOTES_PATH} answered ${response.status}`);
  const body = (await response.json()) as RemotesConfig;
  if (!body || !Array.isArray(body.remotes)) throw new Error(`${REMOTES_PATH} has no "remotes" list`);
  return body;
}

/**
 * Whether a remote failed because it was built against a shared library or contract version the site does not
 * run (a singleton's requiredVersion with strictVersion, checked by the federation runtime while loading it).
 */
export function isVersionMismatch(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /of shared singleton module .+ does not satisfy the requirement of/.test(message);
}

/** The route list of a loaded `./routes` module (named export `routes`, or the default export). */
export function routesOf(name: string, module: unknown): RouteObject[] {
  const candidate =
    module && typeof module === 'object'
      ? ((module as { routes?: unknown }).routes ?? (module as { default?: unknown }).default)
      : undefined;
  if (!Array.isArray(candidate)) throw new Error(`Remote "${name}" exposes no route list in ./routes`);
  return candidate as RouteObject[];
}
