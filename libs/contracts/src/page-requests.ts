import { FboPortalPages } from './fbo-members';
import { Routes } from './routes';

/** A page (a react-router pattern; `:name` is one path segment) and the API requests it makes as it opens. */
export interface PageRequests {
  page: string;
  /** The requests, with the page's path parameters (decoded) by name. */
  requests: (params: Readonly<Record<string, string>>) => string[];
}

/**
 * The API requests a signed-in user's page makes as soon as it shows, exactly as it makes them (same URL, no query
 * the page does not add): the gateway preloads them with the page's HTML, so the answers arrive with the scripts
 * instead of one after the other (session, then memberships, then the page's data). A request listed here that the
 * page stops making is fetched for nothing; the end-to-end suite checks each page takes its preloaded answers.
 */
export const SignedInPageRequests = {
  /** The header of every page asks for the user's FBO memberships (the portal's menu items). */
  everyPage: [Routes.fboTeam.memberships],
  pages: [
    { page: '/history', requests: () => [Routes.quoteRequests.root] },
    {
      page: '/quote-details/:id',
      requests: ({ id }) => [Routes.quoteRequests.byId(id), Routes.quoteRequests.responses(id)],
    },
    { page: '/rfi-form', requests: () => [Routes.user.profile, Routes.user.aircraft] },
    { page: FboPortalPages.inbox, requests: () => [Routes.fboPortal.inbox] },
  ] satisfies PageRequests[],
} as const;
