import { Routes, type ClientProfileInput, type ProfileDto, type ProfilePatch } from '@rampquote/contracts';
import { api, sessionApi } from '@rampquote/web-kit';

/**
 * GET / PATCH / PUT /api/user/profile. A successful PATCH replaces the session user (spec section 4); a
 * successful PUT (client profile form) refetches the current user (spec section 7). Both keep the profile cache.
 */
export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    profileGet: build.query<ProfileDto, void>({
      query: () => Routes.user.profile,
      providesTags: ['Profile'],
    }),
    profileUpdate: build.mutation<ProfileDto, ProfilePatch>({
      query: (body) => ({ url: Routes.user.profile, method: 'PATCH', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const result = await queryFulfilled.catch(() => undefined);
        if (!result) return;
        const p = result.data;
        dispatch(profileApi.util.upsertQueryData('profileGet', undefined, p));
        await dispatch(
          sessionApi.util.upsertQueryData('me', undefined, {
            id: p.id,
            username: p.username,
            email: p.email,
            role: p.role,
            firstName: p.firstName,
            lastName: p.lastName,
            companyName: p.companyName,
          }),
        );
      },
    }),
    profileReplace: build.mutation<ProfileDto, ClientProfileInput>({
      query: (body) => ({ url: Routes.user.profile, method: 'PUT', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const result = await queryFulfilled.catch(() => undefined);
        if (!result) return;
        dispatch(profileApi.util.upsertQueryData('profileGet', undefined, result.data));
        await dispatch(sessionApi.endpoints.me.initiate(undefined, { forceRefetch: true, subscribe: false }));
      },
    }),
  }),
});

export const { useProfileGetQuery, useProfileUpdateMutation, useProfileReplaceMutation } = profileApi;
