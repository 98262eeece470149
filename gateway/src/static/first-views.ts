import {
  FIRST_VIEWS_FILE,
  firstViewsSchema,
  PAGE_SCRIPTS_FILE,
  pageScriptsSchema,
  type FirstView,
  type FirstViews,
  type PageScripts,
  type RemoteDefinition,
  type RemotesConfig,
} from '@rampquote/contracts';
import { RemoteFiles, REMOTE_FILES_FRESH_MS } from './remote-files';

/** How long a remote's first views are used before they are read again (a redeployed remote shows within this). */
export const FIRST_VIEWS_FRESH_MS = REMOTE_FILES_FRESH_MS;

/** The first views the remotes' builds wrote beside their entries (contracts' FIRST_VIEWS_FILE): see RemoteFiles. */
export class FirstViewsSource extends RemoteFiles<FirstViews> {
  constructor(remotes: RemotesConfig | undefined, siteOrigin: string, now?: () => number) {
    super(remotes, siteOrigin, FIRST_VIEWS_FILE, firstViewsSchema, now);
  }

  /** The first view of exactly `path` from `remote`, if known; a stale list is read again for the next page. */
  viewFor(remote: RemoteDefinition, path: string): FirstView | undefined {
    return this.of(remote)?.pages[path];
  }
}

/**
 * The scripts of the remotes' pages (contracts' PAGE_SCRIPTS_FILE, written by their builds): see RemoteFiles. `matches`
 * tells whether a route pattern matches a path (as the shell's router matches it).
 */
export class PageScriptsSource extends RemoteFiles<PageScripts> {
  constructor(remotes: RemotesConfig | undefined, siteOrigin: string, now?: () => number) {
    super(remotes, siteOrigin, PAGE_SCRIPTS_FILE, pageScriptsSchema, now);
  }

  /** The chunk files (relative to the remote's entry) of the first of `remote`'s pages whose pattern matches, if known. */
  scriptsFor(remote: RemoteDefinition, matches: (pattern: string) => boolean): readonly string[] {
    const pages = this.of(remote)?.pages ?? {};
    const pattern = Object.keys(pages).find(matches);
    return pattern ? pages[pattern] : [];
  }
}
