import {
  Routes,
  QuoteStreamEvents,
  type AmendQuoteRequestResponse,
  type BookingResponse,
  type CreateQuoteRequest,
  type CancelQuoteRequestResponse,
  type DeleteQuoteRequestResponse,
  type NotificationPreferencesResponse,
  type QuoteComparison,
  type QuoteRequestDetailsDto,
  type QuoteRequestListItemDto,
  type QuoteResponseDetailsDto,
  type QuoteStreamEventName,
  type QuoteStreamPayloads,
  type UpdateNotificationPreferences,
} from '@rampquote/contracts';
import { api, type AppDispatch } from '@rampquote/web-kit';

/** Rows asked for per My Quotes page after the first (the most the service answers). */
const MY_QUOTES_PAGE = 200;

/** The My Quotes list's tag; a new, deleted or cancelled request invalidates it. */
/** What an amendment sends: the request form's dates, services and notes. */
export type AmendQuoteRequestInput = Partial<Pick<CreateQuoteRequest, 'arrival' | 'departure' | 'services' | 'notes'>>;

export const QUOTE_LIST_TAG = { type: 'QuoteRequest' as const, id: 'LIST' };
const requestTag = (id: string) => ({ type: 'QuoteRequest' as const, id });
const responsesTag = (id: string) => ({ type: 'QuoteRequest' as const, id: `RESPONSES:${id}` });
const comparisonTag = (id: string) => ({ type: 'QuoteRequest' as const, id: `COMPARISON:${id}` });

/**
 * Following quote requests (spec section 7): My Quotes rows, a request's summary and responses, delete,
 * cancel and the saved notification preferences. Endpoint names are prefixed `tracking`.
 */
export const quoteTrackingApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET /api/quote-requests: My Quotes rows, newest first. The service answers a page at a time (at most 200
     * rows); the pages its `X-Next-Cursor` names are read after it, so the list and its search hold every request.
     */
    trackingList: build.query<QuoteRequestListItemDto[], void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const rows: QuoteRequestListItemDto[] = [];
        let url: string | undefined = Routes.quoteRequests.root;
        while (url) {
          const result = await baseQuery(url);
          if (result.error) return { error: result.error };
          rows.push(...((result.data as QuoteRequestListItemDto[] | null) ?? []));
          const next = (result.meta as { response?: Response } | undefined)?.response?.headers.get('X-Next-Cursor');
          url = next
            ? `${Routes.quoteRequests.root}?limit=${MY_QUOTES_PAGE}&cursor=${encodeURIComponent(next)}`
            : undefined;
        }
        return { data: rows };
      },
      providesTags: (rows) => [QUOTE_LIST_TAG, ...(rows ?? []).map((r) => requestTag(r.id))],
    }),
    /** GET /api/quote-requests/{id}: the summary of the details page. */
    trackingRequest: build.query<QuoteRequestDetailsDto, string>({
      query: (id) => Routes.quoteRequests.byId(id),
      providesTags: (_r, _e, id) => [requestTag(id)],
    }),
    /** GET /api/quote-requests/{id}/responses: the details page's reading (USD, plus cents for the ranking). */
    trackingResponses: build.query<QuoteResponseDetailsDto[], string>({
      query: (id) => Routes.quoteRequests.responses(id),
      transformResponse: (rows: QuoteResponseDetailsDto[] | null) => rows ?? [],
      providesTags: (_r, _e, id) => [responsesTag(id)],
    }),
    /** GET /api/quote-requests/{id}/comparison: the answers like for like (ranking, fees, landed totals). */
    trackingComparison: build.query<QuoteComparison, string>({
      query: (id) => Routes.quoteRequests.comparison(id),
      providesTags: (_r, _e, id) => [comparisonTag(id)],
    }),
    /** POST /api/quote-requests/{id}/booking: book with an FBO that sent an estimate; it is asked to confirm. */
    trackingBook: build.mutation<BookingResponse, { id: string; fboId: string }>({
      query: ({ id, fboId }) => ({ url: Routes.quoteRequests.booking(id), method: 'POST', body: { fboId } }),
      invalidatesTags: (_r, error, { id }) => (error ? [] : [QUOTE_LIST_TAG, requestTag(id), comparisonTag(id)]),
    }),
    /** PATCH /api/quote-requests/{id}: amend an open request (a new version; the FBOs are told what changed). */
    trackingAmend: build.mutation<AmendQuoteRequestResponse, { id: string; changes: AmendQuoteRequestInput }>({
      query: ({ id, changes }) => ({ url: Routes.quoteRequests.byId(id), method: 'PATCH', body: changes }),
      invalidatesTags: (_r, error, { id }) =>
        error ? [] : [QUOTE_LIST_TAG, requestTag(id), responsesTag(id), comparisonTag(id)],
    }),
    /** DELETE /api/quote-requests/{id}: only a complete (or cancelled) request; 409 otherwise. */
    trackingDelete: build.mutation<DeleteQuoteRequestResponse, string>({
      query: (id) => ({ url: Routes.quoteRequests.byId(id), method: 'DELETE' }),
      invalidatesTags: [QUOTE_LIST_TAG],
    }),
    /** POST /api/quote-requests/{id}/cancel: the FBOs that have not answered are told by e-mail. */
    trackingCancel: build.mutation<CancelQuoteRequestResponse, string>({
      query: (id) => ({ url: Routes.quoteRequests.cancel(id), method: 'POST' }),
      invalidatesTags: (_r, error, id) => (error ? [] : [QUOTE_LIST_TAG, requestTag(id)]),
    }),
    /** PUT /api/quote-requests/{id}/notifications: answers the saved preferences, written into the summary. */
    trackingNotifications: build.mutation<
      NotificationPreferencesResponse,
      { id: string; changes: UpdateNotificationPreferences }
    >({
      query: ({ id, changes }) => ({ url: Routes.quoteRequests.notifications(id), method: 'PUT', body: changes }),
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            quoteTrackingApi.util.updateQueryData('trackingRequest', id, (draft) => {
              draft.notifications = data;
            }),
          );
        } catch {
          // the caller shows the error; the checkbox keeps the saved value
        }
      },
    }),
  }),
});

export const {
  useTrackingListQuery,
  useTrackingRequestQuery,
  useTrackingResponsesQuery,
  useTrackingComparisonQuery,
  useTrackingDeleteMutation,
  useTrackingCancelMutation,
  useTrackingBookMutation,
  useTrackingAmendMutation,
  useTrackingNotificationsMutation,
} = quoteTrackingApi;

/** Refetches a request's summary and responses (after the stream (re)opens, or when it was cancelled). */
export function refreshQuoteRequest(dispatch: AppDispatch, id: string): void {
  dispatch(quoteTrackingApi.util.invalidateTags([requestTag(id), responsesTag(id), comparisonTag(id)]));
}

/**
 * Applies one live-update event (GET /api/quote-requests/{id}/events) to every cached view of the request: the
 * details summary, its responses and its My Quotes row. Events carry the request's counts and status after the
 * change, so applying them in order leaves the latest state; a response already shown is replaced, not repeated.
 */
export function applyQuoteStreamEvent<K extends QuoteStreamEventName>(
  dispatch: AppDispatch,
  type: K,
  data: QuoteStreamPayloads[K],
): void {
  const id = data.quoteRequestId;
  const counts = { status: data.status, responseCount: data.responseCount, totalFbosCount: data.totalFbosCount };
  dispatch(
    quoteTrackingApi.util.updateQueryData('trackingList', undefined, (rows) => {
      const row = rows.find((r) => r.id === id);
      if (row) Object.assign(row, counts);
    }),
  );
  dispatch(
    quoteTrackingApi.util.updateQueryData('trackingRequest', id, (request) => {
      Object.assign(request, counts);
      if (type === QuoteStreamEvents.cancelled) {
        request.cancelledAt = (data as QuoteStreamPayloads['cancelled']).cancelledAt;
        for (const fbo of request.fbos) if (fbo.status === 'open') fbo.status = 'withdrawn';
      }
      if (type === QuoteStreamEvents.responseReceived) {
        const { response } = data as QuoteStreamPayloads['response-received'];
        const fbo = request.fbos.find((f) => f.id === response.fboId);
        if (fbo) {
          fbo.status = response.status;
          fbo.respondedAt = response.respondedAt;
        }
      }
    }),
  );
  if (type === QuoteStreamEvents.responseReceived) {
    const { response } = data as QuoteStreamPayloads['response-received'];
    dispatch(
      quoteTrackingApi.util.updateQueryData('trackingResponses', id, (responses) => {
        const at = responses.findIndex((r) => r.id === response.id);
        if (at >= 0) responses[at] = response;
        else responses.push(response);
      }),
    );
    // The ranking depends on every answer: read it again.
    dispatch(quoteTrackingApi.util.invalidateTags([comparisonTag(id)]));
  }
}
