import {
  Routes,
  type AircraftDto,
  type AirportFbosResponse,
  type AirportSearchResult,
  type CreateQuoteRequestInput,
  type CreateQuoteRequestResponse,
  type LegacyQuoteRequestInput,
  type ProfileDto,
} from '@rampquote/contracts';
import { api, useSession } from '@rampquote/web-kit';

/**
 * The calls of spec section 7 that asking for quotes needs (request form, review, legacy wizard, diagnostics).
 * Endpoint names are prefixed `quoteForm` / `quoteRequest` (the api is one for every remote).
 */
export const quoteRequestApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/user/aircraft: the user's saved aircraft; refetched every time the form opens (spec section 7). */
    quoteFormAircraft: build.query<AircraftDto[], void>({
      query: () => Routes.user.aircraft,
      transformResponse: (list: AircraftDto[] | null) => list ?? [],
      providesTags: [{ type: 'Aircraft', id: 'LIST' }],
    }),
    /** GET /api/user/profile: preferredUnits and the rewards account numbers. */
    quoteFormProfile: build.query<ProfileDto, void>({
      query: () => Routes.user.profile,
      providesTags: ['Profile'],
    }),
    /** GET /api/airports/search?q=: lookup errors are only logged and give an empty list (spec section 7). */
    quoteFormAirportSearch: build.query<AirportSearchResult[], string>({
      async queryFn(term, _api, _extra, baseQuery) {
        const result = await baseQuery(`${Routes.airports.search}?q=${encodeURIComponent(term)}`);
        if (result.error) {
          console.error('Airport search failed', result.error);
          return { data: [] };
        }
        return { data: (result.data as AirportSearchResult[] | null) ?? [] };
      },
      providesTags: ['Airport'],
    }),
    /** GET /api/airports/{code}/fbos: the FBOs and where their discovery stands. */
    quoteFormAirportFbos: build.query<AirportFbosResponse, string>({
      query: (code) => Routes.airports.fbos(code),
      // Polled while a discovery runs: never kept from an earlier visit.
      keepUnusedDataFor: 0,
      providesTags: (_r, _e, code) => [{ type: 'Airport', id: `FBOS:${code}` }],
    }),
    /** POST /api/quote-requests (the form's payload or the legacy wizard's): {id, uniqueId}. */
    quoteRequestCreate: build.mutation<CreateQuoteRequestResponse, CreateQuoteRequestInput | LegacyQuoteRequestInput>({
      query: (body) => ({ url: Routes.quoteRequests.root, method: 'POST', body }),
      invalidatesTags: ['QuoteRequest'],
    }),
  }),
});

export const { useQuoteFormAirportSearchQuery, useQuoteFormAirportFbosQuery, useQuoteRequestCreateMutation } =
  quoteRequestApi;

/** The saved aircraft, only when signed in; refetched on every mount. */
export function useQuoteFormAircraft() {
  const { status } = useSession();
  return quoteRequestApi.useQuoteFormAircraftQuery(undefined, {
    skip: status !== 'authenticated',
    refetchOnMountOrArgChange: true,
  });
}

/** The profile, only when signed in. */
export function useQuoteFormProfile() {
  const { status } = useSession();
  return quoteRequestApi.useQuoteFormProfileQuery(undefined, { skip: status !== 'authenticated' });
}
