/**
 * The support contact form (quote-workflow spec sections 3, 5, 7 and 8): `POST /api/support/contact`.
 * One set of rules and messages, used by the shell's form and by svc-identity's endpoint.
 */
import { z } from 'zod';
import { ValidationMessages } from './password-rules';
import type { MessageResponse } from './users';
import { emailSchema, RequestMessages, toFieldErrors, withoutNul } from './validation';

/** Body of `POST /api/support/contact`. */
export interface SupportContactRequest {
  name: string;
  email: string;
  subject: string;
  message: string;
}

export type SupportContactField = keyof SupportContactRequest;

/** 201 answer (messageResponseSchema). */
export type SupportContactResponse = MessageResponse;

/** Minimum lengths of spec section 5 (counted after trimming surrounding spaces). */
export const SUPPORT_NAME_MIN_LENGTH = 2;
export const SUPPORT_SUBJECT_MIN_LENGTH = 5;
export const SUPPORT_MESSAGE_MIN_LENGTH = 10;
/** Upper bounds (not in the spec; they keep a message to a reasonable size). */
export const SUPPORT_NAME_MAX_LENGTH = 100;
export const SUPPORT_SUBJECT_MAX_LENGTH = 200;
export const SUPPORT_MESSAGE_MAX_LENGTH = 5000;

/** Exact texts users see. */
export const SupportMessages = {
  nameTooShort: 'Name must be at least 2 characters',
  email: ValidationMessages.email,
  subjectTooShort: 'Subject must be at least 5 characters',
  messageTooShort: 'Message must be at least 10 characters',
  nameTooLong: `Name must be at most ${SUPPORT_NAME_MAX_LENGTH} characters`,
  subjectTooLong: `Subject must be at most ${SUPPORT_SUBJECT_MAX_LENGTH} characters`,
  messageTooLong: `Message must be at most ${SUPPORT_MESSAGE_MAX_LENGTH} characters`,
  /** 201 body `message`. */
  sent: 'Message sent',
  /** 400 body `error`; `details` lists `{ field, message }` per failed rule. */
  invalidRequest: RequestMessages.invalidRequest,
  /** Toasts of the form (spec section 8). */
  successTitle: 'Message sent successfully!',
  successDescription: "We'll respond as soon as possible.",
  failureTitle: 'Failed to send message',
  failureFallback: 'Please try again later.',
  /** Submit button while the request is in flight. */
  sending: 'Sending...',
} as const;

export interface SupportFieldError {
  field: SupportContactField;
  message: string;
}

const text = (min: number, max: number, tooShort: string, tooLong: string) =>
  withoutNul(z.string({ error: tooShort }).trim().min(min, tooShort).max(max, tooLong));

/**
 * Body of POST /api/support/contact (spec section 5), the same for the shell's form and svc-identity. Parsed: texts
 * trimmed (lengths count without surrounding spaces), e-mail lowercased. A missing or non-text field fails like an
 * empty one.
 */
export const supportMessageSchema = z.object({
  name: text(
    SUPPORT_NAME_MIN_LENGTH,
    SUPPORT_NAME_MAX_LENGTH,
    SupportMessages.nameTooShort,
    SupportMessages.nameTooLong,
  ),
  email: emailSchema,
  subject: text(
    SUPPORT_SUBJECT_MIN_LENGTH,
    SUPPORT_SUBJECT_MAX_LENGTH,
    SupportMessages.subjectTooShort,
    SupportMessages.subjectTooLong,
  ),
  message: text(
    SUPPORT_MESSAGE_MIN_LENGTH,
    SUPPORT_MESSAGE_MAX_LENGTH,
    SupportMessages.messageTooShort,
    SupportMessages.messageTooLong,
  ),
});

export type SupportMessageInput = z.output<typeof supportMessageSchema>;

export const SUPPORT_CONTACT_FIELDS: readonly SupportContactField[] = ['name', 'email', 'subject', 'message'];

/** The first failed rule of one field, or null (for a form that checks a field as it changes). */
export function supportFieldError(field: SupportContactField, value: unknown): string | null {
  const result = supportMessageSchema.shape[field].safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

/** Every failed rule of a support message, in form order (empty when valid). Accepts any JSON body. */
export function validateSupportContact(input: unknown): SupportFieldError[] {
  const body = typeof input === 'object' && input !== null ? input : {};
  const result = supportMessageSchema.safeParse(body);
  return result.success ? [] : (toFieldErrors(result.error) as SupportFieldError[]);
}
