import {
  Routes,
  type LoginRequest,
  type RegisterRequest,
  type RegisterResponse,
  type UserDto,
} from '@rampquote/contracts';
import { api, USER_SCOPED_TAGS } from '../api/api';

/** Session endpoints (the gateway answers /api/auth/me|login|logout; svc-identity answers /api/auth/register). */
export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The signed-in user, or null. Spec section 7: any failure of GET /api/auth/me means anonymous. */
    me: build.query<UserDto | null, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const result = await baseQuery(Routes.auth.me);
        if (result.error) return { data: null };
        return { data: (result.data as UserDto | null) ?? null };
      },
      providesTags: ['Session'],
    }),
    login: build.mutation<UserDto, LoginRequest>({
      query: (body) => ({ url: Routes.auth.login, method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data: user } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (!user) return;
        await dispatch(sessionApi.util.upsertQueryData('me', undefined, user));
        dispatch(api.util.invalidateTags([...USER_SCOPED_TAGS]));
      },
    }),
    logout: build.mutation<null, void>({
      query: () => ({ url: Routes.auth.logout, method: 'POST' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const ok = await queryFulfilled.then(
          () => true,
          () => false,
        );
        if (!ok) return;
        await dispatch(sessionApi.util.upsertQueryData('me', undefined, null));
        dispatch(api.util.invalidateTags([...USER_SCOPED_TAGS]));
      },
    }),
    /** Registration does not sign the user in (beta: the answer carries the invite-only notice). */
    register: build.mutation<RegisterResponse, RegisterRequest>({
      query: (body) => ({ url: Routes.auth.register, method: 'POST', body }),
    }),
  }),
});

export const { useMeQuery, useLoginMutation, useLogoutMutation, useRegisterMutation } = sessionApi;
