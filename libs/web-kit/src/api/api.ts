import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs } from '@reduxjs/toolkit/query/react';
import type { ApiErrorBody } from '@rampquote/contracts';
import { buildErrorMessage } from './error-message';

/** RTK Query's retry, for an endpoint's own base query (bundles reach Redux Toolkit only through web-kit). */
export { retry } from '@reduxjs/toolkit/query/react';

/**
 * The error every endpoint of the one api rejects with. `message` follows the shared request helper rule of
 * spec section 8 (see buildErrorMessage). `status` is the HTTP status, or RTK Query's marker when no response
 * arrived ('FETCH_ERROR' for a network failure, 'TIMEOUT_ERROR', 'PARSING_ERROR').
 */
export interface ApiError {
  status: number | 'FETCH_ERROR' | 'PARSING_ERROR' | 'TIMEOUT_ERROR' | 'CUSTOM_ERROR';
  message: string;
  /** The parsed JSON error body when the server sent one (`{ error, details }`). */
  body?: ApiErrorBody;
}

export function isApiError(value: unknown): value is ApiError {
  return (
    value !== null &&
    typeof value === 'object' &&
    'status' in value &&
    'message' in value &&
    typeof (value as { message: unknown }).message === 'string'
  );
}

/** The message to show for anything a call rejected with. */
export function errorMessage(value: unknown): string {
  if (isApiError(value)) return value.message;
  if (value instanceof Error) return value.message;
  return typeof value === 'string' ? value : '';
}

interface RawErrorData {
  rawBody: string;
  statusText: string;
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '',
  credentials: 'include',
  prepareHeaders: (headers) => {
    if (!headers.has('accept')) headers.set('accept', 'application/json');
    return headers;
  },
  // Read the body once as text: successes are parsed as JSON (or kept as text), failures keep the raw text and
  // the status text so the message can be built by the spec's rule.
  responseHandler: async (response): Promise<unknown> => {
    const text = await response.text();
    if (!response.ok) return { rawBody: text, statusText: response.statusText } satisfies RawErrorData;
    if (text === '') return null;
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  },
});

function parseErrorBody(rawBody: string): ApiErrorBody | undefined {
  try {
    const parsed: unknown = JSON.parse(rawBody);
    if (parsed !== null && typeof parsed === 'object' && 'error' in parsed) return parsed as ApiErrorBody;
  } catch {
    // not JSON
  }
  return undefined;
}

/** fetchBaseQuery with cookies, whose errors carry the spec's message. No automatic retry. */
export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError> = async (args, api, extraOptions) => {
  const result = await rawBaseQuery(args, api, extraOptions);
  if (!result.error) return { data: result.data, meta: result.meta };
  const { error } = result;
  if (typeof error.status === 'number') {
    const data = error.data as RawErrorData;
    return {
      error: {
        status: error.status,
        message: buildErrorMessage(data.rawBody, data.statusText),
        body: parseErrorBody(data.rawBody),
      },
      meta: result.meta,
    };
  }
  if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR') {
    // No response at all (network down, gateway unreachable): keep the browser's reason, without its class name.
    return { error: { status: error.status, message: error.error.replace(/^\w*Error:\s*/, '') }, meta: result.meta };
  }
  return { error: { status: error.status, message: 'error' in error ? String(error.error) : '' }, meta: result.meta };
};

/** Tags for refetching after mutations; later issues' endpoints use them (CONVENTIONS: tags drive refetching). */
export const TAG_TYPES = [
  'Session',
  'Profile',
  'Aircraft',
  'AircraftCatalog',
  'Billing',
  'PaymentMethod',
  'Subscription',
  'Plan',
  'QuoteRequest',
  'FboQuote',
  'Airport',
  'FboService',
  'AdminImport',
  'Invite',
  'FboMembership',
] as const;
export type TagType = (typeof TAG_TYPES)[number];

/** Tags whose data belongs to the signed-in user: dropped when the session changes. */
export const USER_SCOPED_TAGS: readonly TagType[] = TAG_TYPES.filter(
  (t) => t !== 'Session' && t !== 'AircraftCatalog' && t !== 'Airport' && t !== 'FboService',
);

/**
 * Unused data is kept 5 minutes after its last subscriber leaves (per endpoint the spec sets other numbers,
 * e.g. saved aircraft kept 10 minutes: those endpoints pass their own keepUnusedDataFor).
 */
export const DEFAULT_KEEP_UNUSED_DATA_FOR_S = 300;

/**
 * The ONE RTK Query api of RampQuote (ARCHITECTURE section 5). Remotes add endpoints with `api.injectEndpoints`,
 * prefixing endpoint names by feature. Query defaults of spec section 7: no automatic retry, no refetch on window
 * focus or reconnect, no polling, and cached data never becomes stale by itself (no refetch on mount while an
 * entry is cached; only tags invalidated by mutations refetch).
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: TAG_TYPES,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  refetchOnMountOrArgChange: false,
  keepUnusedDataFor: DEFAULT_KEEP_UNUSED_DATA_FOR_S,
  endpoints: () => ({}),
});
