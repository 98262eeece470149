import { Routes, type QuoteRequestDetailsDto, type QuoteResponseResultDto } from '@rampquote/contracts';
import { api } from '@rampquote/web-kit';

/** The results view's calls (spec section 7). Names prefixed `legacyWizard`. */
export const legacyWizardApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/quote-requests/{id}: the status ends the polling once responses_received. */
    legacyWizardRequest: build.query<QuoteRequestDetailsDto, string>({
      query: (id) => Routes.quoteRequests.byId(id),
      keepUnusedDataFor: 0,
      providesTags: (_r, _e, id) => [{ type: 'QuoteRequest', id }],
    }),
    /** GET /api/quote-requests/{id}/responses?view=results: the results view's reading (totals in cents). */
    legacyWizardResponses: build.query<QuoteResponseResultDto[], string>({
      query: (id) => Routes.quoteRequests.responses(id, 'results'),
      transformResponse: (list: QuoteResponseResultDto[] | null) => list ?? [],
      keepUnusedDataFor: 0,
      providesTags: (_r, _e, id) => [{ type: 'QuoteRequest', id: `RESPONSES:${id}` }],
    }),
  }),
});

export const { useLegacyWizardRequestQuery, useLegacyWizardResponsesQuery } = legacyWizardApi;
