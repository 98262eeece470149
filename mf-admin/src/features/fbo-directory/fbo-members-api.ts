import {
  Routes,
  type AddFboMemberRequest,
  type AddFboMemberResponse,
  type FboMemberListResponse,
} from '@rampquote/contracts';
import { api } from '@rampquote/web-kit';

/** An FBO's members on the Admin Dashboard: list, add by e-mail, remove. */
export const fboMembersApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminFboMembers: build.query<FboMemberListResponse, string>({
      query: (fboId) => Routes.admin.fboMembers(fboId),
      providesTags: ['FboMembership'],
    }),
    adminFboMemberAdd: build.mutation<AddFboMemberResponse, { fboId: string; body: AddFboMemberRequest }>({
      query: ({ fboId, body }) => ({ url: Routes.admin.fboMembers(fboId), method: 'POST', body }),
      invalidatesTags: ['FboMembership'],
    }),
    adminFboMemberRemove: build.mutation<void, { fboId: string; userId: string }>({
      query: ({ fboId, userId }) => ({ url: Routes.admin.fboMember(fboId, userId), method: 'DELETE' }),
      invalidatesTags: ['FboMembership'],
    }),
  }),
});

export const { useAdminFboMembersQuery, useAdminFboMemberAddMutation, useAdminFboMemberRemoveMutation } = fboMembersApi;
