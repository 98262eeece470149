import {
  AIRPORT_UPLOAD_FIELD,
  AirportRoutes,
  type ImportAirportsResponse,
  type ImportStatusResponse,
} from '@rampquote/contracts';
import { api } from '@rampquote/web-kit';

export const airportImportApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminImportStatus: build.query<ImportStatusResponse, void>({
      query: () => AirportRoutes.importStatus,
      providesTags: ['AdminImport'],
      keepUnusedDataFor: 0,
    }),
    /** No file: the built-in US airports file. A file: that CSV, in field airportFile. */
    adminImportAirports: build.mutation<ImportAirportsResponse, File | null>({
      query: (file) => {
        if (!file) return { url: AirportRoutes.importAirports, method: 'POST' };
        const body = new FormData();
        body.append(AIRPORT_UPLOAD_FIELD, file);
        return { url: AirportRoutes.importAirports, method: 'POST', body };
      },
      invalidatesTags: ['AdminImport', 'Airport'],
    }),
  }),
});

export const { useAdminImportStatusQuery, useAdminImportAirportsMutation } = airportImportApi;
