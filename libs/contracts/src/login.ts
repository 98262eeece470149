/** The login body (spec section 5): the gateway's POST /api/auth/login and svc-identity's credential check. */
import { z } from 'zod';
import { EMAIL_PATTERN, ValidationMessages } from './password-rules';

export const LoginMessages = {
  remember: 'remember must be true or false',
} as const;

/** Body of POST /api/auth/login (and of the gateway's POST /internal/credentials/verify, without `remember`). E-mail trimmed. */
export const loginRequestSchema = z.object({
  email: z.string({ error: ValidationMessages.email }).trim().regex(EMAIL_PATTERN, ValidationMessages.email),
  password: z.string({ error: ValidationMessages.passwordRequired }).min(1, ValidationMessages.passwordRequired),
  remember: z.boolean({ error: LoginMessages.remember }).optional(),
});

export type LoginInput = z.output<typeof loginRequestSchema>;
