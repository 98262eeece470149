import { EMAIL_PATTERN, ValidationMessages } from '@rampquote/contracts';

export interface FieldError {
  field: string;
  message: string;
}

export interface VerifyCredentialsInput {
  email: string;
  password: string;
}

/** The gateway's credential check body: a valid e-mail and a non-empty password (spec section 5, login). */
export function validateVerifyCredentials(body: unknown): { ok: true; value: VerifyCredentialsInput } | { ok: false; details: FieldError[] } {
  const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const details: FieldError[] = [];
  const email = typeof input.email === 'string' ? input.email.trim().toLowerCase() : '';
  if (!EMAIL_PATTERN.test(email)) details.push({ field: 'email', message: ValidationMessages.email });
  const password = typeof input.password === 'string' ? input.password : '';
  if (!password) details.push({ field: 'password', message: ValidationMessages.passwordRequired });
  return details.length ? { ok: false, details } : { ok: true, value: { email, password } };
}
