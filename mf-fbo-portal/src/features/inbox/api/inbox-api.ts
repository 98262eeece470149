import { Routes, type FboInboxResponse } from '@rampquote/contracts';
import { api } from '@rampquote/web-kit';
import { INBOX_TAG } from '../../../shared/inbox-tag';

/**
 * GET /api/fbo-portal/inbox: the requests of the member's FBOs (or of one, `fboId`), newest first, a page at a time;
 * each page's `nextCursor` is the `before` of the next (older) one. The pages loaded so far are kept together (and
 * read again together when the inbox is refetched).
 */
export const inboxApi = api.injectEndpoints({
  endpoints: (build) => ({
    fboPortalInbox: build.infiniteQuery<FboInboxResponse, string | undefined, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor ?? null,
      },
      query: ({ queryArg: fboId, pageParam: before }) => {
        const params = { ...(fboId ? { fboId } : {}), ...(before ? { before } : {}) };
        return Object.keys(params).length ? { url: Routes.fboPortal.inbox, params } : Routes.fboPortal.inbox;
      },
      providesTags: [INBOX_TAG],
    }),
  }),
});

export const { useFboPortalInboxInfiniteQuery } = inboxApi;
