import { Routes, type ForgotPasswordRequest, type ResetPasswordRequest } from '@rampquote/contracts';
import { api } from '@rampquote/web-kit';

/** POST /api/auth/forgot-password and POST /api/reset-password (spec section 7). */
export const passwordRecoveryApi = api.injectEndpoints({
  endpoints: (build) => ({
    passwordRecoveryForgot: build.mutation<unknown, ForgotPasswordRequest>({
      query: (body) => ({ url: Routes.auth.forgotPassword, method: 'POST', body }),
    }),
    passwordRecoveryReset: build.mutation<unknown, ResetPasswordRequest>({
      query: (body) => ({ url: Routes.auth.resetPassword, method: 'POST', body }),
    }),
  }),
});

export const { usePasswordRecoveryForgotMutation, usePasswordRecoveryResetMutation } = passwordRecoveryApi;
