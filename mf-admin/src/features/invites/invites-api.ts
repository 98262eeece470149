import { Routes } from '@rampquote/contracts';
import { api } from '@rampquote/web-kit';

/** A beta invitation (svc-identity: GET/POST /api/admin/invites, DELETE /api/admin/invites/{id}). */
export interface AdminInvite {
  id: string;
  kind: 'email' | 'domain';
  value: string;
  createdAt: string;
}

export const invitesApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminInvitesList: build.query<{ invites: AdminInvite[] }, void>({
      query: () => Routes.admin.invites,
      providesTags: ['Invite'],
    }),
    adminInvitesAdd: build.mutation<AdminInvite, string>({
      query: (value) => ({ url: Routes.admin.invites, method: 'POST', body: { value } }),
      invalidatesTags: ['Invite'],
    }),
    adminInvitesRemove: build.mutation<void, string>({
      query: (id) => ({ url: `${Routes.admin.invites}/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['Invite'],
    }),
  }),
});

export const { useAdminInvitesListQuery, useAdminInvitesAddMutation, useAdminInvitesRemoveMutation } = invitesApi;
