import {
  Routes,
  type AirportFbosResponse,
  type AirportSearchResult,
  type FboClaimConfirmResponse,
  type FboClaimResponse,
} from '@rampquote/contracts';
import { api } from '@rampquote/web-kit';

/** "Claim your FBO": find the airport and its FBOs, ask for the link, confirm it. */
export const claimApi = api.injectEndpoints({
  endpoints: (build) => ({
    fboClaimAirportSearch: build.query<AirportSearchResult[], string>({
      query: (q) => ({ url: Routes.airports.search, params: { q } }),
    }),
    fboClaimAirportFbos: build.query<AirportFbosResponse, string>({
      query: (code) => Routes.airports.fbos(code),
    }),
    fboClaimRequest: build.mutation<FboClaimResponse, { fboId: string }>({
      query: (body) => ({ url: Routes.fboClaims.root, method: 'POST', body }),
    }),
    fboClaimConfirm: build.mutation<FboClaimConfirmResponse, string>({
      query: (token) => ({ url: Routes.fboClaims.confirm(token), method: 'POST' }),
      invalidatesTags: ['FboMembership', 'FboQuote'],
    }),
  }),
});

export const {
  useFboClaimAirportSearchQuery,
  useFboClaimAirportFbosQuery,
  useFboClaimRequestMutation,
  useFboClaimConfirmMutation,
} = claimApi;
