import { FboPortalPages } from './fbo-members';
import { Routes } from './routes';

/** A page (a react-router pattern; `:name` is one path segment) and the API requests its first view waits for. */
export interface PageRequests {
  page: string;
  /** The requests, with the page's path parameters (decoded) by name. */
  requests: (params: Readonly<Record<string, string>>) => string[];
}

/**
 * The API requests a signed-in user's page waits for before its first view, exactly as it makes them (same URL, no
 * query the page does not add): the gateway preloads them with the page's HTML, so the answers arrive with the
 * scripts instead of after them (and after the session, and for the portal after the memberships). Only what the
 * first view waits for: each preload takes one of the browser's few connections to the site while the scripts load
 * (HTTP/1.1), so a page that shows without its data (the request form) loses more than it gains. A request listed
 * here that the page stops making is fetched for nothing; the end-to-end suite checks each page takes its answers.
 */
export const SignedInPageRequests: readonly PageRequests[] = [
  { page: '/history', requests: () => [Routes.quoteRequests.root] },
  {
    page: '/quote-details/:id',
    requests: ({ id }) => [Routes.quoteRequests.byId(id), Routes.quoteRequests.responses(id)],
  },
  // The portal's gate waits for the user's FBO memberships, then the inbox.
  { page: FboPortalPages.inbox, requests: () => [Routes.fboTeam.memberships, Routes.fboPortal.inbox] },
];
