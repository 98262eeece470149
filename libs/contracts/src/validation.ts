/**
 * What every request-body schema shares (ARCHITECTURE section 1, CONVENTIONS "Request bodies"): the 400 answer's
 * texts, the `{ field, message }` detail, and small zod building blocks. The schemas themselves live next to their
 * DTOs (registration.ts, accounts.ts, support.ts, aircraft.ts, airports.ts); a form uses one through
 * `zodResolver(schema)`, a service through service-kit's `ZodValidationPipe`.
 */
import { z } from 'zod';
import { hasNoNul, NUL_CHARACTER_MESSAGE } from './nul-text';
import { EMAIL_PATTERN, ValidationMessages } from './password-rules';

export const RequestMessages = {
  /** 400 `error` of a body that fails its schema; `details` lists `{ field, message }` per failed rule. */
  invalidRequest: 'Invalid request data',
  /** Detail of any text holding a NUL character (PostgreSQL cannot store one). */
  nulCharacter: NUL_CHARACTER_MESSAGE,
} as const;

/** One failed rule of a request body: the field (dotted path; '' for the body itself) and the message. */
export interface FieldError {
  field: string;
  message: string;
}

/** The details of a failed parse, in the schema's field order; every failed rule is one detail. */
export function toFieldErrors(error: {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}): FieldError[] {
  return error.issues.map((issue) => ({ field: issue.path.map(String).join('.'), message: issue.message }));
}

/** Free text a person typed, refused at its field when it holds a NUL (invisible, and PostgreSQL cannot store it). */
export const withoutNul = <T extends z.ZodString>(text: T) => text.refine(hasNoNul, NUL_CHARACTER_MESSAGE);

/** The longest e-mail address accepted anywhere. */
export const EMAIL_MAX_LENGTH = 254;

/** An e-mail address: trimmed and lowercased; any other value gets the spec's "Please enter a valid email address". */
export const emailSchema = z
  .string({ error: ValidationMessages.email })
  .trim()
  .toLowerCase()
  .refine((email) => email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email), ValidationMessages.email);

/** A blank string (only spaces) or null. */
export const isBlank = (value: unknown): value is null | string =>
  value === null || (typeof value === 'string' && value.trim() === '');

/** Today as YYYY-MM-DD in the local time zone (the browser's for a form, the process's on a server). */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar date written YYYY-MM-DD (2024-02-29 yes, 2023-02-29 no). */
export function isIsoDate(text: string): boolean {
  if (!DATE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}
