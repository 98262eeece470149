import { EMAIL_PATTERN, failedPasswordRules, REGISTRABLE_ROLES, ValidationMessages } from '@rampquote/contracts';
import { z } from 'zod';

/** Registration validation of spec section 5, with the contracts' exact messages. */
export const registerSchema = z
  .object({
    firstName: z.string().trim().min(1, ValidationMessages.firstNameRequired),
    lastName: z.string().trim().min(1, ValidationMessages.lastNameRequired),
    email: z.string().trim().regex(EMAIL_PATTERN, ValidationMessages.email),
    password: z.string().superRefine((password, ctx) => {
      for (const rule of failedPasswordRules(password)) ctx.addIssue({ code: 'custom', message: rule.message });
    }),
    confirmPassword: z.string(),
    companyName: z.string().trim(),
    role: z.enum(REGISTRABLE_ROLES),
  })
  .refine((form) => form.password === form.confirmPassword, {
    path: ['confirmPassword'],
    message: ValidationMessages.passwordsDoNotMatch,
  });

export type RegisterForm = z.infer<typeof registerSchema>;
