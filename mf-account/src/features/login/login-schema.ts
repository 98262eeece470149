import { EMAIL_PATTERN, ValidationMessages } from '@rampquote/contracts';
import { z } from 'zod';

/** Login validation of spec section 5. */
export const loginSchema = z.object({
  email: z.string().trim().regex(EMAIL_PATTERN, ValidationMessages.email),
  password: z.string().min(1, ValidationMessages.passwordRequired),
  remember: z.boolean(),
});

export type LoginForm = z.infer<typeof loginSchema>;
