/** Registration (spec sections 1, 5 and 8): the texts svc-identity answers with and the request body's schema. */
import { z } from 'zod';
import { newPasswordSchema, ValidationMessages } from './password-rules';
import { REGISTRABLE_ROLES, type RegistrableRole } from './users';
import { emailSchema, RequestMessages } from './validation';

export const RegistrationMessages = {
  /** Registered but not (yet) invited: the invite-only notice. */
  inviteOnly:
    "Thanks for registering! RampQuote is invite-only during the beta; we'll e-mail you as soon as your access is open.",
  /** Registered and invited (or the beta is open): the account can be used at once. */
  accountReady: 'Thanks for registering! Your account is ready and you can log in now.',
  /** Top-level error of a 400 whose details list each failed field rule. */
  invalidRequest: RequestMessages.invalidRequest,
  /** 409 error (and the email field's detail) when the e-mail is taken. */
  emailExists: 'Email already exists',
  /** Detail of an unknown role value. */
  roleInvalid: 'Role must be pilot or fbo',
} as const;

/** Name and optional-text bounds of a registration (not in the spec; they keep rows to a sane size). */
export const REGISTER_NAME_MAX_LENGTH = 100;
export const REGISTER_OPTIONAL_MAX_LENGTH = 200;

const requiredName = (required: string, label: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(REGISTER_NAME_MAX_LENGTH, `${label} must be at most ${REGISTER_NAME_MAX_LENGTH} characters`);

/** Optional text: trimmed; blank, null or absent become null. */
const optionalText = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(REGISTER_OPTIONAL_MAX_LENGTH, `${label} must be at most ${REGISTER_OPTIONAL_MAX_LENGTH} characters`)
    .nullish()
    .transform((text) => text || null);

/**
 * Body of POST /api/auth/register (spec section 5). Parsed: names trimmed, e-mail lowercased, role defaulted to
 * pilot, empty optional texts null. Every failed rule is one detail (each failed password rule, in the spec's order).
 */
export const registerRequestSchema = z.object({
  firstName: requiredName(ValidationMessages.firstNameRequired, 'First name'),
  lastName: requiredName(ValidationMessages.lastNameRequired, 'Last name'),
  email: emailSchema,
  password: newPasswordSchema,
  role: z
    .union([z.enum(REGISTRABLE_ROLES), z.literal(''), z.null()], { error: RegistrationMessages.roleInvalid })
    .optional()
    .transform((role): RegistrableRole => role || 'pilot'),
  companyName: optionalText('Company name'),
  aircraftProfileName: optionalText('Aircraft profile name'),
});

/** A registration after parsing: what svc-identity stores. */
export type RegisterInput = z.output<typeof registerRequestSchema>;

/** The register form: the request plus the password confirmation ("Passwords do not match"). */
export const registerFormSchema = registerRequestSchema
  .extend({ confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, {
    path: ['confirmPassword'],
    message: ValidationMessages.passwordsDoNotMatch,
  });

export type RegisterFormValues = z.input<typeof registerFormSchema>;
