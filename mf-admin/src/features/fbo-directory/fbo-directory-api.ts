import {
  Routes,
  FBO_UPLOAD_FIELD,
  type AdminFboDto,
  type AdminFboListResponse,
  type CreateFboRequest,
  type ImportResult,
  type UpdateFboRequest,
} from '@rampquote/contracts';
import { api } from '@rampquote/web-kit';

export const fboDirectoryApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminFbosList: build.query<AdminFboListResponse, string>({
      query: (airport) => ({ url: Routes.admin.fbos, params: airport ? { airport } : undefined }),
      providesTags: ['Airport'],
    }),
    adminFbosCreate: build.mutation<AdminFboDto, CreateFboRequest>({
      query: (body) => ({ url: Routes.admin.fbos, method: 'POST', body }),
      invalidatesTags: ['Airport'],
    }),
    adminFbosUpdate: build.mutation<AdminFboDto, { id: string; changes: UpdateFboRequest }>({
      query: ({ id, changes }) => ({ url: Routes.admin.fbo(id), method: 'PATCH', body: changes }),
      invalidatesTags: ['Airport'],
    }),
    adminFbosImport: build.mutation<ImportResult, File>({
      query: (file) => {
        const body = new FormData();
        body.append(FBO_UPLOAD_FIELD, file);
        return { url: Routes.admin.importFbos, method: 'POST', body };
      },
      invalidatesTags: ['Airport'],
    }),
  }),
});

export const {
  useAdminFbosListQuery,
  useAdminFbosCreateMutation,
  useAdminFbosUpdateMutation,
  useAdminFbosImportMutation,
} = fboDirectoryApi;
