import { Routes, type FboInboxResponse } from '@rampquote/contracts';
import { api } from '@rampquote/web-kit';
import { INBOX_TAG } from '../../../shared/inbox-tag';

/** GET /api/fbo-portal/inbox: a signed-in FBO user's requests, newest first. */
export const inboxApi = api.injectEndpoints({
  endpoints: (build) => ({
    fboPortalInbox: build.query<FboInboxResponse, void>({
      query: () => Routes.fboPortal.inbox,
      providesTags: [INBOX_TAG],
    }),
  }),
});

export const { useFboPortalInboxQuery } = inboxApi;
