import { Routes, type SupportContactRequest, type SupportContactResponse } from '@rampquote/contracts';
import { api } from '@rampquote/web-kit';

/** POST /api/support/contact (svc-identity): stores the message and e-mails it to the support address. */
export const supportApi = api.injectEndpoints({
  endpoints: (build) => ({
    supportContact: build.mutation<SupportContactResponse, SupportContactRequest>({
      query: (body) => ({ url: Routes.support.contact, method: 'POST', body }),
    }),
  }),
});

export const { useSupportContactMutation } = supportApi;
