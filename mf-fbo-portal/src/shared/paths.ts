/**
 * The portal's page paths. The estimate page by link keeps the spec's route shape (`:quoteId` is the invitation
 * token, ARCHITECTURE section 8); the FBO inbox lives under /fbo-portal in the shell and at / in the standalone
 * page, and opens each request at /fbo-portal/requests/:invitationId in both.
 */
export const ESTIMATE_LINK_PATH = '/quote/:fboId/:quoteId';
export const INBOX_PATH = '/fbo-portal';
export const INBOX_REQUEST_PATH = '/fbo-portal/requests/:invitationId';
export const TEAM_PATH = '/fbo-portal/team';
export const CLAIM_PATH = '/fbo-portal/claim';
export const CLAIM_CONFIRM_PATH = '/fbo-portal/claim/:token';

export const inboxRequestPath = (invitationId: string) => `/fbo-portal/requests/${encodeURIComponent(invitationId)}`;

/** The login page of the site, coming back to `returnPath` afterwards. */
export const loginPath = (returnPath: string) => `/login?returnPath=${encodeURIComponent(returnPath)}`;
