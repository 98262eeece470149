/** Password rules of spec section 5, with their exact messages; used by the register and reset forms and the server. */
import { z } from 'zod';

export const PASSWORD_MIN_LENGTH = 8;
/** Upper bound (not in the spec; it bounds the hashing work). */
export const PASSWORD_MAX_LENGTH = 256;

export interface PasswordRule {
  id: 'length' | 'uppercase' | 'lowercase' | 'number' | 'special';
  /** Short label for live checklists. */
  label: string;
  message: string;
  test: (password: string) => boolean;
}

export const PASSWORD_RULES: readonly PasswordRule[] = [
  {
    id: 'length',
    label: 'At least 8 characters',
    message: 'Password must be at least 8 characters',
    test: (p) => p.length >= PASSWORD_MIN_LENGTH,
  },
  {
    id: 'uppercase',
    label: 'One uppercase letter',
    message: 'Password must contain at least one uppercase letter',
    test: (p) => /[A-Z]/.test(p),
  },
  {
    id: 'lowercase',
    label: 'One lowercase letter',
    message: 'Password must contain at least one lowercase letter',
    test: (p) => /[a-z]/.test(p),
  },
  {
    id: 'number',
    label: 'One number',
    message: 'Password must contain at least one number',
    test: (p) => /[0-9]/.test(p),
  },
  {
    id: 'special',
    label: 'One special character',
    message: 'Password must contain at least one special character',
    test: (p) => /[^A-Za-z0-9]/.test(p),
  },
];

/** The rules a password fails, in the spec's order. */
export function failedPasswordRules(password: string): PasswordRule[] {
  return PASSWORD_RULES.filter((r) => !r.test(password));
}

/** Field messages of spec section 5. */
export const ValidationMessages = {
  email: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  passwordsDoNotMatch: 'Passwords do not match',
  /** The reset form's wording of the same rule (spec section 5). */
  passwordsDontMatch: "Passwords don't match",
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
} as const;

/**
 * A new password (registration, reset): one detail per failed rule, in the spec's order; a missing or non-text
 * password is "Password is required".
 */
export const newPasswordSchema = z
  .string({ error: ValidationMessages.passwordRequired })
  .superRefine((password, ctx) => {
    for (const rule of failedPasswordRules(password)) ctx.addIssue({ code: 'custom', message: rule.message });
    if (password.length > PASSWORD_MAX_LENGTH)
      ctx.addIssue({ code: 'custom', message: ValidationMessages.passwordTooLong });
  });

/**
 * A pragmatic e-mail check shared by the forms and the server: a local part, then dot-separated domain labels.
 * Linear in the input's length; callers cap the length first (EMAIL_MAX_LENGTH).
 */
export const EMAIL_PATTERN = /^[^\s@]+@(?:[^\s@.]+\.)+[^\s@.]+$/;
