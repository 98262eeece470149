/** `GET /remotes.json`: the micro-frontends the shell registers at run time (served by the gateway from configuration). */
export const REMOTES_PATH = '/remotes.json';
/** The id of the element in which the gateway inlines /remotes.json in the shell's page (saves a round trip). */
export const REMOTES_ELEMENT_ID = 'rq-remotes';
/**
 * The file, beside a remote's `remoteEntry.js`, of the chunk its `./routes` expose is in: a fixed name (revalidated,
 * not content-hashed), so the gateway's page can preload it with the entry instead of after it.
 */
export const EXPOSED_ROUTES_FILE = '__federation_expose_routes.js';

export interface RemoteDefinition {
  /** Module Federation name of the remote (e.g. `account`, `fbo_portal`). */
  name: string;
  /** URL of the remote's `mf-manifest.json` (same origin, e.g. `/mf/account/mf-manifest.json`). */
  entry: string;
  /** Browser paths the remote's `./routes` serve (react-router patterns). */
  routes: string[];
}

export interface RemotesConfig {
  remotes: RemoteDefinition[];
}
