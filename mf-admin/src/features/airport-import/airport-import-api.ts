import {
  Routes,
  AIRPORT_UPLOAD_FIELD,
  type ImportAirportsResponse,
  type ImportStatusResponse,
} from '@rampquote/contracts';
import { api } from '@rampquote/web-kit';

export const airportImportApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminImportStatus: build.query<ImportStatusResponse, void>({
      query: () => Routes.admin.importStatus,
      providesTags: ['AdminImport'],
      keepUnusedDataFor: 0,
    }),
    /** No file: the built-in US airports file. A file: that CSV, in field airportFile. */
    adminImportAirports: build.mutation<ImportAirportsResponse, File | null>({
      query: (file) => {
        if (!file) return { url: Routes.admin.importAirports, method: 'POST' };
        const body = new FormData();
        body.append(AIRPORT_UPLOAD_FIELD, file);
        return { url: Routes.admin.importAirports, method: 'POST', body };
      },
      invalidatesTags: ['AdminImport', 'Airport'],
    }),
  }),
});

export const { useAdminImportStatusQuery, useAdminImportAirportsMutation } = airportImportApi;
