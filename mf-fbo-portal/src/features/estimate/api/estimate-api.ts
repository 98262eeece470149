import {
  Routes,
  type BookingDecision,
  type BookingResponse,
  type DeclineEstimate,
  type EstimateAnswerResponse,
  type EstimatePageDataDto,
  type FboServiceDto,
  type SubmitEstimate,
} from '@rampquote/contracts';
import { api } from '@rampquote/web-kit';
import { INBOX_TAG } from '../../../shared/inbox-tag';

/** How the page reaches an invitation: the e-mailed link (no login), or a signed-in FBO account's inbox. */
export type EstimateSource = { kind: 'link'; fboId: string; token: string } | { kind: 'inbox'; invitationId: string };

const pageUrl = (s: EstimateSource) =>
  s.kind === 'link' ? Routes.fboQuote.byLink(s.fboId, s.token) : Routes.fboPortal.request(s.invitationId);
const submitUrl = (s: EstimateSource) =>
  s.kind === 'link' ? Routes.fboQuote.submit(s.fboId, s.token) : Routes.fboPortal.submit(s.invitationId);
const declineUrl = (s: EstimateSource) =>
  s.kind === 'link' ? Routes.fboQuote.decline(s.fboId, s.token) : Routes.fboPortal.decline(s.invitationId);
const bookingUrl = (s: EstimateSource) =>
  s.kind === 'link' ? Routes.fboQuote.booking(s.fboId, s.token) : Routes.fboPortal.booking(s.invitationId);
const sourceKey = (s: EstimateSource) => (s.kind === 'link' ? `link:${s.fboId}:${s.token}` : `inbox:${s.invitationId}`);

/** The catalogue changes rarely (svc-airports caches it an hour too). */
const CATALOGUE_KEEP_S = 3600;

/** The estimate page's calls (spec section 7, with the decline and inbox variants). Names prefixed `fboPortal`. */
export const estimateApi = api.injectEndpoints({
  endpoints: (build) => ({
    fboPortalEstimatePage: build.query<EstimatePageDataDto, EstimateSource>({
      query: pageUrl,
      providesTags: (_result, _error, source) => [{ type: 'FboQuote', id: sourceKey(source) }],
    }),
    fboPortalServiceCatalogue: build.query<FboServiceDto[], void>({
      query: () => Routes.airports.fboServices,
      providesTags: ['FboService'],
      keepUnusedDataFor: CATALOGUE_KEEP_S,
    }),
    fboPortalSubmitEstimate: build.mutation<EstimateAnswerResponse, { source: EstimateSource; body: SubmitEstimate }>({
      query: ({ source, body }) => ({ url: submitUrl(source), method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [INBOX_TAG]),
      async onQueryStarted({ source }, { dispatch, queryFulfilled }) {
        const answered = await queryFulfilled.then(
          () => true,
          () => false,
        );
        if (answered)
          dispatch(
            estimateApi.util.updateQueryData(
              'fboPortalEstimatePage',
              source,
              (page) => void (page.state = 'submitted'),
            ),
          );
      },
    }),
    fboPortalDeclineEstimate: build.mutation<EstimateAnswerResponse, { source: EstimateSource; body: DeclineEstimate }>(
      {
        query: ({ source, body }) => ({ url: declineUrl(source), method: 'POST', body }),
        invalidatesTags: (_result, error) => (error ? [] : [INBOX_TAG]),
        async onQueryStarted({ source }, { dispatch, queryFulfilled }) {
          const answered = await queryFulfilled.then(
            () => true,
            () => false,
          );
          if (answered)
            dispatch(
              estimateApi.util.updateQueryData(
                'fboPortalEstimatePage',
                source,
                (page) => void (page.state = 'declined'),
              ),
            );
        },
      },
    ),
    /** POST .../booking: the chosen FBO confirms or declines the pilot's booking (by link or from the inbox). */
    fboPortalBookingDecision: build.mutation<BookingResponse, { source: EstimateSource; body: BookingDecision }>({
      query: ({ source, body }) => ({ url: bookingUrl(source), method: 'POST', body }),
      invalidatesTags: (_result, error, { source }) =>
        error ? [] : [{ type: 'FboQuote', id: sourceKey(source) }, INBOX_TAG],
    }),
  }),
});

export const {
  useFboPortalBookingDecisionMutation,
  useFboPortalEstimatePageQuery,
  useFboPortalServiceCatalogueQuery,
  useFboPortalSubmitEstimateMutation,
  useFboPortalDeclineEstimateMutation,
} = estimateApi;
