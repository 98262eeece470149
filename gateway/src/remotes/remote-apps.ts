import { REMOTE_HOST_PORTS, type RemoteDefinition, type RemotesConfig } from '@rampquote/contracts';

/**
 * The micro-frontends of RampQuote: each is a static bundle on a host of its own (a container, a static host or a
 * CDN prefix). The gateway only says where each lives: `variable` holds the base URL of its host (where its
 * mf-manifest.json is), and `routes` are the browser paths its `./routes` serve (react-router patterns).
 * `devPort` is the port of the static host `npm start` runs for it (libs/contracts ports.json).
 */
export const REMOTE_APPS = [
  {
    variable: 'REMOTE_URL_MF_ACCOUNT',
    name: 'account',
    devPort: REMOTE_HOST_PORTS['mf-account'],
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
    variable: 'REMOTE_URL_MF_QUOTES',
    name: 'quotes',
    devPort: REMOTE_HOST_PORTS['mf-quotes'],
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
  {
    variable: 'REMOTE_URL_MF_FBO_PORTAL',
    name: 'fbo_portal',
    devPort: REMOTE_HOST_PORTS['mf-fbo-portal'],
    routes: ['/quote/:fboId/:quoteId', '/fbo-portal', '/fbo-portal/*'],
  },
  {
    variable: 'REMOTE_URL_MF_ADMIN',
    name: 'admin',
    devPort: REMOTE_HOST_PORTS['mf-admin'],
    routes: ['/admin'],
  },
] as const;

export type RemoteUrlVariable = (typeof REMOTE_APPS)[number]['variable'];

/** The file every remote host serves at its base URL and the shell registers the remote by. */
export const MANIFEST_FILE = 'mf-manifest.json';

/** A base URL with exactly one trailing slash, so `base + MANIFEST_FILE` is the manifest. */
export function withTrailingSlash(base: string): string {
  return base.endsWith('/') ? base : `${base}/`;
}

/** /remotes.json from the base URL of each remote's host. */
export function remotesFromBaseUrls(baseUrls: Record<RemoteUrlVariable, string>): RemotesConfig {
  return {
    remotes: REMOTE_APPS.map((app): RemoteDefinition => ({
      name: app.name,
      entry: withTrailingSlash(baseUrls[app.variable]) + MANIFEST_FILE,
      routes: [...app.routes],
    })),
  };
}

/**
 * The origins other than the site's that the shell loads remote code from (absolute entries only; an entry that
 * is a path lives on the site's own origin, e.g. behind an Ingress path). The shell's CSP must allow them.
 */
export function remoteOriginsOf(remotes: RemotesConfig, siteOrigin: string): string[] {
  const origins = new Set<string>();
  for (const remote of remotes.remotes) {
    if (!/^https?:\/\//i.test(remote.entry)) continue;
    const origin = new URL(remote.entry).origin;
    if (origin !== siteOrigin) origins.add(origin);
  }
  return [...origins];
}
