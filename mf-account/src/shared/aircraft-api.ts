import {
  Routes,
  type AircraftDto,
  type AircraftSpecsDto,
  type CreateAircraftRequest,
  type DeleteAircraftResponse,
  type SimpleAircraftRequest,
  type UnitSystem,
  type UpdateAircraftRequest,
} from '@rampquote/contracts';
import { api, baseQuery, retry, useSession, type ApiError } from '@rampquote/web-kit';

/** Client caching of spec section 7, in seconds. */
export const SAVED_AIRCRAFT_FRESH_S = 120;
export const SAVED_AIRCRAFT_KEEP_S = 600;
export const CATALOGUE_FRESH_S = 300;
export const CATALOGUE_KEEP_S = 1800;
/** Makes and models: up to 3 retries, never on 401. */
export const CATALOGUE_MAX_RETRIES = 3;

/** The shared base query with retries for the catalogue: a 401 fails at once (retry.fail stops retrying). */
const catalogueBaseQuery = retry(
  async (
    args: Parameters<typeof baseQuery>[0],
    queryApi: Parameters<typeof baseQuery>[1],
    extraOptions: Parameters<typeof baseQuery>[2],
  ) => {
    const result = await baseQuery(args, queryApi, extraOptions);
    if (result.error && result.error.status === 401) retry.fail(result.error, result.meta);
    return result;
  },
  { maxRetries: CATALOGUE_MAX_RETRIES },
);

const LIST_TAG = { type: 'Aircraft' as const, id: 'LIST' };

/** The aircraft calls of spec section 7 (saved aircraft and the catalogue). Names prefixed `aircraft`. */
export const aircraftApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/aircraft: the saved list, default first. A 401 is an empty list (spec section 6); no retry. */
    aircraftList: build.query<AircraftDto[], void>({
      async queryFn(_arg, _api, _extra, base) {
        const result = await base(Routes.aircraft.root);
        if (result.error) {
          const error = result.error as ApiError;
          if (error.status === 401) return { data: [] };
          return { error };
        }
        return { data: (result.data as AircraftDto[] | null) ?? [] };
      },
      keepUnusedDataFor: SAVED_AIRCRAFT_KEEP_S,
      providesTags: (list) => [LIST_TAG, ...(list ?? []).map((a) => ({ type: 'Aircraft' as const, id: a.id }))],
    }),
    aircraftMakes: build.query<string[], void>({
      async queryFn(_arg, queryApi, extraOptions) {
        const result = await catalogueBaseQuery(Routes.aircraft.makes, queryApi, extraOptions as never);
        return result.error ? { error: result.error as ApiError } : { data: (result.data as string[] | null) ?? [] };
      },
      keepUnusedDataFor: CATALOGUE_KEEP_S,
      providesTags: [{ type: 'AircraftCatalog', id: 'MAKES' }],
    }),
    aircraftModels: build.query<string[], string>({
      async queryFn(make, queryApi, extraOptions) {
        const result = await catalogueBaseQuery(Routes.aircraft.models(make), queryApi, extraOptions as never);
        return result.error ? { error: result.error as ApiError } : { data: (result.data as string[] | null) ?? [] };
      },
      keepUnusedDataFor: CATALOGUE_KEEP_S,
      providesTags: (_r, _e, make) => [{ type: 'AircraftCatalog', id: `MODELS:${make}` }],
    }),
    aircraftSpecs: build.query<AircraftSpecsDto, { make: string; model: string; unitSystem: UnitSystem }>({
      query: ({ make, model, unitSystem }) => Routes.aircraft.specs(make, model, unitSystem),
      keepUnusedDataFor: CATALOGUE_KEEP_S,
    }),
    /** POST /create-aircraft: the details step's full fields. */
    aircraftCreateFull: build.mutation<AircraftDto, CreateAircraftRequest>({
      query: (body) => ({ url: Routes.aircraft.createFull, method: 'POST', body }),
      invalidatesTags: [LIST_TAG],
    }),
    /** POST /api/aircraft: {make, model, tailNumber}. */
    aircraftCreate: build.mutation<AircraftDto, SimpleAircraftRequest>({
      query: (body) => ({ url: Routes.aircraft.root, method: 'POST', body }),
      invalidatesTags: [LIST_TAG],
    }),
    aircraftUpdate: build.mutation<AircraftDto, { id: string; patch: UpdateAircraftRequest }>({
      query: ({ id, patch }) => ({ url: Routes.aircraft.byId(id), method: 'PATCH', body: patch }),
      invalidatesTags: (_r, _e, { id }) => [LIST_TAG, { type: 'Aircraft', id }],
    }),
    aircraftDelete: build.mutation<DeleteAircraftResponse, string>({
      query: (id) => ({ url: Routes.aircraft.byId(id), method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [LIST_TAG, { type: 'Aircraft', id }],
    }),
    aircraftSetDefault: build.mutation<AircraftDto, string>({
      query: (id) => ({ url: Routes.aircraft.setDefault(id), method: 'POST' }),
      invalidatesTags: [LIST_TAG],
    }),
  }),
});

export const {
  useAircraftCreateFullMutation,
  useAircraftCreateMutation,
  useAircraftDeleteMutation,
  useAircraftSetDefaultMutation,
  useAircraftUpdateMutation,
  useLazyAircraftSpecsQuery,
} = aircraftApi;

/** The saved list, only when signed in; refetched on mount when older than 2 minutes. */
export function useSavedAircraft() {
  const { status } = useSession();
  return aircraftApi.useAircraftListQuery(undefined, {
    skip: status !== 'authenticated',
    refetchOnMountOrArgChange: SAVED_AIRCRAFT_FRESH_S,
  });
}

/** Makes: fresh 5 minutes, kept 30. */
export function useAircraftMakes() {
  return aircraftApi.useAircraftMakesQuery(undefined, { refetchOnMountOrArgChange: CATALOGUE_FRESH_S });
}

/** Models of a make (nothing until a make is chosen): fresh 5 minutes, kept 30. */
export function useAircraftModels(make: string) {
  return aircraftApi.useAircraftModelsQuery(make, { skip: !make, refetchOnMountOrArgChange: CATALOGUE_FRESH_S });
}
