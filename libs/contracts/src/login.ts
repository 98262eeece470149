/** The login body (spec section 5): the gateway's POST /api/auth/login and svc-identity's credential check. */
import { z } from 'zod';
import { EMAIL_PATTERN, PASSWORD_MAX_LENGTH, ValidationMessages } from './password-rules';
import { EMAIL_MAX_LENGTH } from './validation';

export const LoginMessages = {
  remember: 'remember must be true or false',
} as const;

/**
 * Body of POST /api/auth/login (and of svc-identity's POST /internal/credentials/verify). E-mail trimmed. Lengths
 * are capped before the pattern runs (`abort`), so an oversized field costs no more than a normal one.
 */
export const loginRequestSchema = z.object({
  email: z
    .string({ error: ValidationMessages.email })
    .max(EMAIL_MAX_LENGTH * 2, { message: ValidationMessages.email, abort: true })
    .trim()
    .max(EMAIL_MAX_LENGTH, { message: ValidationMessages.email, abort: true })
    .regex(EMAIL_PATTERN, ValidationMessages.email),
  password: z
    .string({ error: ValidationMessages.passwordRequired })
    .min(1, ValidationMessages.passwordRequired)
    .max(PASSWORD_MAX_LENGTH, ValidationMessages.passwordTooLong),
  remember: z.boolean({ error: LoginMessages.remember }).optional(),
});

export type LoginInput = z.output<typeof loginRequestSchema>;
