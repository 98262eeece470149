import { Routes, type FboInboxResponse } from '@rampquote/contracts';
import { api } from '@rampquote/web-kit';
import { INBOX_TAG } from '../../../shared/inbox-tag';

/** GET /api/fbo-portal/inbox: the requests of the member's FBOs (or of one, `fboId`), newest first. */
export const inboxApi = api.injectEndpoints({
  endpoints: (build) => ({
    fboPortalInbox: build.query<FboInboxResponse, string | undefined>({
      query: (fboId) => (fboId ? { url: Routes.fboPortal.inbox, params: { fboId } } : Routes.fboPortal.inbox),
      providesTags: [INBOX_TAG],
    }),
  }),
});

export const { useFboPortalInboxQuery } = inboxApi;
