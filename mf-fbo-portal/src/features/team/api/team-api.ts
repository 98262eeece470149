import {
  Routes,
  type AddFboMemberRequest,
  type AddFboMemberResponse,
  type FboMemberListResponse,
} from '@rampquote/contracts';
import { api } from '@rampquote/web-kit';

/** An FBO's team: its members, a manager's additions and removals. */
export const teamApi = api.injectEndpoints({
  endpoints: (build) => ({
    fboTeamMembers: build.query<FboMemberListResponse, string>({
      query: (fboId) => Routes.fboTeam.members(fboId),
      providesTags: ['FboMembership'],
    }),
    fboTeamAdd: build.mutation<AddFboMemberResponse, { fboId: string; body: AddFboMemberRequest }>({
      query: ({ fboId, body }) => ({ url: Routes.fboTeam.members(fboId), method: 'POST', body }),
      invalidatesTags: ['FboMembership'],
    }),
    fboTeamRemove: build.mutation<void, { fboId: string; userId: string }>({
      query: ({ fboId, userId }) => ({ url: Routes.fboTeam.member(fboId, userId), method: 'DELETE' }),
      invalidatesTags: ['FboMembership'],
    }),
  }),
});

export const { useFboTeamMembersQuery, useFboTeamAddMutation, useFboTeamRemoveMutation } = teamApi;
