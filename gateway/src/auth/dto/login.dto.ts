import { z } from 'zod';
import { EMAIL_PATTERN, ValidationMessages, type LoginRequest } from '@rampquote/contracts';

/** POST /api/auth/login body, with the spec's field messages (section 5). */
export const loginBodySchema = z.object({
  email: z.string({ error: ValidationMessages.email }).trim().regex(EMAIL_PATTERN, ValidationMessages.email),
  password: z.string({ error: ValidationMessages.passwordRequired }).min(1, ValidationMessages.passwordRequired),
  remember: z.boolean({ error: 'remember must be true or false' }).optional(),
}) satisfies z.ZodType<LoginRequest>;

export type LoginBody = z.infer<typeof loginBodySchema>;
