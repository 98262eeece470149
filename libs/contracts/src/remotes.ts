import { z } from 'zod';

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

/**
 * The file, beside a remote's `remoteEntry.js`, with the first views of its pages that show the same to everyone they
 * are for (prerendered at the remote's build): the gateway puts a page's view into the shell's prerendered frame
 * (FIRST_VIEW_SLOT), so the page paints before any script; the shell shows it until the page itself has rendered.
 */
export const FIRST_VIEWS_FILE = 'first-views.json';

/**
 * `first-views.json`: by exact path (`/login`), the markup of the page's area, the styles it needs (`<style>`) and
 * whom it is for: a `visitor` (no session cookie), or someone `signed-in` (a validly signed one; the view shows
 * nothing of the user's own, only what the page shows every user before their data has arrived).
 */
export const firstViewsSchema = z.object({
  pages: z.record(
    z.string().startsWith('/'),
    z.object({ styles: z.string(), markup: z.string(), audience: z.enum(['visitor', 'signed-in']) }),
  ),
});
export type FirstViews = z.infer<typeof firstViewsSchema>;
export type FirstView = FirstViews['pages'][string];

/**
 * The file, beside a remote's `remoteEntry.js`, naming for some of its pages (react-router patterns, as in its
 * `routes`) the scripts the page's own code is in: the chunks its route loads lazily, which the browser would learn of
 * only once the shell and the remote's routes have run. The gateway preloads them in that page's HTML.
 */
export const PAGE_SCRIPTS_FILE = 'page-scripts.json';

/** `page-scripts.json`: by route pattern, the page's chunk files (relative to the remote's entry). */
export const pageScriptsSchema = z.object({
  pages: z.record(z.string().startsWith('/'), z.array(z.string().regex(/^[\w.-]+\.js$/))),
});
export type PageScripts = z.infer<typeof pageScriptsSchema>;

/**
 * The shell's page area while a first view stands in for the page: inert (nothing typed there could be kept) and
 * hidden from assistive technology and the tests' role queries (the page itself follows).
 */
export const FIRST_VIEW_ATTRIBUTE = 'data-first-view';
/** The empty page area of the shell's prerendered frame, which the gateway fills with a first view's markup. */
export const FIRST_VIEW_SLOT = `<div ${FIRST_VIEW_ATTRIBUTE}="" inert="" aria-hidden="true"></div>`;
