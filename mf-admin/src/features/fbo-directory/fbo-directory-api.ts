import {
  AirportRoutes,
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
      query: (airport) => ({ url: AirportRoutes.adminFbos, params: airport ? { airport } : undefined }),
      providesTags: ['Airport'],
    }),
    adminFbosCreate: build.mutation<AdminFboDto, CreateFboRequest>({
      query: (body) => ({ url: AirportRoutes.adminFbos, method: 'POST', body }),
      invalidatesTags: ['Airport'],
    }),
    adminFbosUpdate: build.mutation<AdminFboDto, { id: string; changes: UpdateFboRequest }>({
      query: ({ id, changes }) => ({ url: AirportRoutes.adminFbo(id), method: 'PATCH', body: changes }),
      invalidatesTags: ['Airport'],
    }),
    adminFbosImport: build.mutation<ImportResult, File>({
      query: (file) => {
        const body = new FormData();
        body.append(FBO_UPLOAD_FIELD, file);
        return { url: AirportRoutes.importFbos, method: 'POST', body };
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
