/**
 * The support contact form (quote-workflow spec sections 3, 5, 7 and 8): `POST /api/support/contact`.
 * One set of rules and messages, used by the shell's form and by svc-identity's endpoint.
 */
import { EMAIL_PATTERN, ValidationMessages } from './password-rules';

/** Body of `POST /api/support/contact`. */
export interface SupportContactRequest {
  name: string;
  email: string;
  subject: string;
  message: string;
}

export type SupportContactField = keyof SupportContactRequest;

/** 201 answer. */
export interface SupportContactResponse {
  message: string;
}

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
  invalidRequest: 'Invalid request data',
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

function lengthRule(value: unknown, min: number, max: number, tooShort: string, tooLong: string): string | null {
  const text = typeof value === 'string' ? value.trim() : '';
  if (text.length < min) return tooShort;
  if (text.length > max) return tooLong;
  return null;
}

/** The first failed rule of one field, or null. */
export function supportFieldError(field: SupportContactField, value: unknown): string | null {
  switch (field) {
    case 'name':
      return lengthRule(value, SUPPORT_NAME_MIN_LENGTH, SUPPORT_NAME_MAX_LENGTH, SupportMessages.nameTooShort, SupportMessages.nameTooLong);
    case 'email':
      return typeof value === 'string' && value.trim().length <= 254 && EMAIL_PATTERN.test(value.trim()) ? null : SupportMessages.email;
    case 'subject':
      return lengthRule(value, SUPPORT_SUBJECT_MIN_LENGTH, SUPPORT_SUBJECT_MAX_LENGTH, SupportMessages.subjectTooShort, SupportMessages.subjectTooLong);
    case 'message':
      return lengthRule(value, SUPPORT_MESSAGE_MIN_LENGTH, SUPPORT_MESSAGE_MAX_LENGTH, SupportMessages.messageTooShort, SupportMessages.messageTooLong);
  }
}

export const SUPPORT_CONTACT_FIELDS: readonly SupportContactField[] = ['name', 'email', 'subject', 'message'];

/** Every failed rule of a support message, in form order (empty when valid). Accepts any JSON body. */
export function validateSupportContact(input: unknown): SupportFieldError[] {
  const body = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const errors: SupportFieldError[] = [];
  for (const field of SUPPORT_CONTACT_FIELDS) {
    const message = supportFieldError(field, body[field]);
    if (message) errors.push({ field, message });
  }
  return errors;
}
