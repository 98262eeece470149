/**
 * Accounts beyond login and registration (spec sections 1-8 of accounts-aircraft-billing):
 * beta invitations, password recovery, the profile and the events svc-identity publishes for them.
 */
import { z } from 'zod';
import { EMAIL_PATTERN, newPasswordSchema, ValidationMessages } from './password-rules';
import { userDtoSchema, type UserDto, type UserRole } from './users';
import { emailSchema, isIsoDate, localToday, RequestMessages } from './validation';

// ---------------------------------------------------------------------------------------------------------
// Beta invitations: GET/POST /api/admin/invites, DELETE /api/admin/invites/:id (admin only).

export const INVITE_KINDS = ['email', 'domain'] as const;
export type InviteKind = (typeof INVITE_KINDS)[number];

/** 201 of POST /api/admin/invites, and a row of the list. */
export const inviteDtoSchema = z.object({
  id: z.string(),
  kind: z.enum(INVITE_KINDS),
  /** Lowercase e-mail address, or a domain without '@'. */
  value: z.string(),
  createdAt: z.string(),
});
export type InviteDto = z.output<typeof inviteDtoSchema>;

/** GET /api/admin/invites. */
export const inviteListResponseSchema = z.object({ invites: z.array(inviteDtoSchema) });
export type InviteListResponse = z.output<typeof inviteListResponseSchema>;

export interface CreateInviteRequest {
  /** An e-mail address, or a domain such as `example.com` / `@example.com`. */
  value: string;
}

export const InviteMessages = {
  invalidValue: 'Enter an e-mail address or a domain such as example.com',
  alreadyInvited: 'Already invited',
  notFound: 'Invite not found',
  /** Subject of the mail a registered user receives when their e-mail (or domain) is invited. */
  accessOpenSubject: 'Your RampQuote access is open',
} as const;

const DOMAIN_PATTERN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** Reads an invite value: an e-mail address, or a domain (a leading '@' is dropped). Lowercased; null when neither. */
export function parseInviteValue(raw: unknown): { kind: InviteKind; value: string } | null {
  if (typeof raw !== 'string') return null;
  const text = raw.trim().toLowerCase();
  if (text.length > 254) return null;
  if (!text.startsWith('@') && text.includes('@')) {
    const domain = text.slice(text.lastIndexOf('@') + 1);
    return EMAIL_PATTERN.test(text) && DOMAIN_PATTERN.test(domain) ? { kind: 'email', value: text } : null;
  }
  const domain = text.startsWith('@') ? text.slice(1) : text;
  return DOMAIN_PATTERN.test(domain) ? { kind: 'domain', value: domain } : null;
}

/** Body of POST /api/admin/invites. Parsed into the invitation's kind and lowercase value. */
export const createInviteSchema = z
  .object({
    value: z.string({ error: InviteMessages.invalidValue }).transform((raw, ctx) => {
      const parsed = parseInviteValue(raw);
      if (!parsed) ctx.addIssue({ code: 'custom', message: InviteMessages.invalidValue });
      return parsed ?? z.NEVER;
    }),
  })
  .transform((body) => body.value);

export type CreateInviteInput = z.output<typeof createInviteSchema>;

// ---------------------------------------------------------------------------------------------------------
// Password recovery: POST /api/auth/forgot-password {email}, POST /api/reset-password {token, password}.

export interface ForgotPasswordRequest {
  email: string;
}

export interface ResetPasswordRequest {
  token: string;
  password: string;
}

/** Body of POST /api/auth/forgot-password (and the forgot-password form): a valid e-mail, lowercased. */
export const forgotPasswordSchema = z.object({ email: emailSchema });

/**
 * Body of POST /api/reset-password: the password rules, each failed one a detail (the 400's `error` is
 * PasswordResetMessages.requirementsNotMet). The token is not judged here: a missing, empty or unknown one answers
 * "invalid or expired" from the service.
 */
export const resetPasswordSchema = z.object({
  token: z.string().catch(''),
  password: newPasswordSchema,
});

export type ResetPasswordInput = z.output<typeof resetPasswordSchema>;

/** The reset form: the new password and its confirmation ("Passwords don't match"); the token comes from the link. */
export const resetPasswordFormSchema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, {
    path: ['confirmPassword'],
    message: ValidationMessages.passwordsDontMatch,
  });

/** A reset link is valid this long. */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

export const PasswordResetMessages = {
  /** The same 200 answer for known and unknown e-mail addresses (no account enumeration). */
  forgotAccepted: 'If an account exists for this e-mail address, we have sent a link to reset the password.',
  /** 400 `error` of an unknown, used or expired token (the page maps "invalid or expired"). */
  invalidOrExpired: 'This password reset link is invalid or expired',
  /** 400 `error` of a password failing the rules (the page maps "password requirements"); details list each rule. */
  requirementsNotMet: 'Password does not meet the password requirements',
  /** 200 answer of a successful reset. */
  done: 'Your password has been reset. You can now log in.',
  mailSubject: 'Reset your RampQuote password',
} as const;

export const internalResetPasswordResponseSchema = z.object({ userId: z.string() });
export type InternalResetPasswordResponse = z.output<typeof internalResetPasswordResponseSchema>;

// ---------------------------------------------------------------------------------------------------------
// Profile: GET, PATCH and PUT /api/user/profile (spec section 3).

export const CERTIFICATION_LEVELS = [
  'Airline Transport Pilot',
  'Commercial',
  'Private',
  'Recreational',
  'Student',
] as const;
export const CLIENT_CERTIFICATION_LEVELS = ['Student', 'Recreational', 'Private', 'Commercial', 'ATP'] as const;
export const MEDICAL_CLASSES = ['1st Class', '2nd Class', '3rd Class', 'BasicMed'] as const;
export const CLIENT_MEDICAL_CLASSES = ['1st', '2nd', '3rd', 'BasicMed'] as const;
export const PRIMARY_USES = ['Professional/Business', 'Government', 'Personal'] as const;
export const PREFERRED_UNITS = ['Metric', 'Standard'] as const;
export const FLIGHT_HOURS_PER_YEAR = ['0-75', '76-150', '151-225', '226-300', '>300'] as const;
export const YES_NO = ['Yes', 'No'] as const;

/** Loyalty programs of the account profile (field `<program>AccountNumber`). */
export const LOYALTY_PROGRAMS = [
  'signatureTailwins',
  'atlanticRewards',
  'avfuel',
  'caa',
  'worldFuel',
  'phillips66',
  'aeg',
  'titan',
  'evo',
  'paragon',
] as const;
/** The client profile form has these two more. */
export const CLIENT_LOYALTY_PROGRAMS = [...LOYALTY_PROGRAMS, 'jetAviation', 'jetFuelX'] as const;
export type LoyaltyProgram = (typeof CLIENT_LOYALTY_PROGRAMS)[number];
export type LoyaltyField = `${LoyaltyProgram}AccountNumber`;
export const LOYALTY_FIELDS = CLIENT_LOYALTY_PROGRAMS.map((p) => `${p}AccountNumber` as LoyaltyField);

/** Display names of the loyalty programs. */
export const LOYALTY_PROGRAM_NAMES: Record<LoyaltyProgram, string> = {
  signatureTailwins: 'Signature TailWins',
  atlanticRewards: 'Atlantic Rewards',
  avfuel: 'AVFUEL',
  caa: 'CAA',
  worldFuel: 'World Fuel',
  phillips66: 'Phillips 66',
  aeg: 'AEG',
  titan: 'Titan',
  evo: 'EVO',
  paragon: 'Paragon',
  jetAviation: 'Jet Aviation',
  jetFuelX: 'JetFuelX',
};

/** Optional free-text fields of the profile (besides names and loyalty numbers). */
export const PROFILE_TEXT_FIELDS = [
  'companyName',
  'phoneNumber',
  'pilotCertificateNumber',
  'jobTitle',
  'homeAirportCode',
] as const;
/** Optional YYYY-MM-DD fields. */
export const PROFILE_DATE_FIELDS = ['dateOfBirth', 'medicalDate'] as const;
/** Optional fields limited to an enumeration. */
export const PROFILE_ENUM_FIELDS = {
  pilotCertificationLevel: [...CERTIFICATION_LEVELS, 'ATP'],
  medicalClass: [...new Set([...MEDICAL_CLASSES, ...CLIENT_MEDICAL_CLASSES])],
  primaryUse: PRIMARY_USES,
  preferredUnits: PREFERRED_UNITS,
  hasInstrumentRating: YES_NO,
  isFlightInstructor: YES_NO,
  flightHoursPerYear: FLIGHT_HOURS_PER_YEAR,
} as const satisfies Record<string, readonly string[]>;
export type ProfileEnumField = keyof typeof PROFILE_ENUM_FIELDS;

type Optional<K extends string> = { [P in K]: string | null };

/** The profile as GET/PATCH/PUT /api/user/profile answer it. */
export type ProfileDto = UserDto &
  Optional<
    | (typeof PROFILE_TEXT_FIELDS)[number]
    | (typeof PROFILE_DATE_FIELDS)[number]
    | Exclude<ProfileEnumField, 'preferredUnits'>
    | LoyaltyField
  > & {
    role: UserRole;
    /** Default 'Standard'. */
    preferredUnits: (typeof PREFERRED_UNITS)[number];
    /** Owned by billing (later issue); false / null until then. */
    hasActiveSubscription: boolean;
    subscriptionPlanName: string | null;
    subscriptionCurrentPeriodEnd: string | null;
  };

const nullableText = z.string().nullable();
const PROFILE_NULLABLE_FIELDS = [
  ...PROFILE_TEXT_FIELDS,
  ...PROFILE_DATE_FIELDS,
  ...(Object.keys(PROFILE_ENUM_FIELDS) as ProfileEnumField[]).filter((f) => f !== 'preferredUnits'),
  ...LOYALTY_FIELDS,
];

/** The profile as GET/PATCH/PUT /api/user/profile answer it (the field lists above make the ProfileDto type). */
export const profileDtoSchema = userDtoSchema.extend({
  ...Object.fromEntries(PROFILE_NULLABLE_FIELDS.map((field) => [field, nullableText])),
  preferredUnits: z.enum(PREFERRED_UNITS),
  hasActiveSubscription: z.boolean(),
  subscriptionPlanName: z.string().nullable(),
  subscriptionCurrentPeriodEnd: z.string().nullable(),
}) as unknown as z.ZodType<ProfileDto>;

/** Fields a PATCH may change (every other key, e-mail and role included, is ignored). */
export const PROFILE_EDITABLE_FIELDS = [
  'firstName',
  'lastName',
  ...PROFILE_TEXT_FIELDS,
  ...PROFILE_DATE_FIELDS,
  ...(Object.keys(PROFILE_ENUM_FIELDS) as ProfileEnumField[]),
  ...LOYALTY_FIELDS,
] as const;
export type ProfileEditableField = (typeof PROFILE_EDITABLE_FIELDS)[number];
export type ProfilePatch = Partial<Record<ProfileEditableField, string | null>>;

export const ProfileMessages = {
  invalidRequest: RequestMessages.invalidRequest,
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  firstNameMin: 'First name must be at least 2 characters',
  lastNameMin: 'Last name must be at least 2 characters',
  dateFormat: 'Enter a date as YYYY-MM-DD',
  dateOfBirthRequired: 'Date of birth is required',
  dateOfBirthFuture: 'Date of birth cannot be in the future',
  dateOfBirthTooOld: 'Date of birth cannot be before 1900-01-01',
  phone: 'Please enter a valid phone number',
  certificateRequired: 'Pilot Certificate Number is required',
  certificationLevelRequired: 'Certification level is required',
  instrumentRatingRequired: 'Instrument rating is required',
  flightHoursRequired: 'Flight hours per year is required',
  oneOf: (values: readonly string[]) => `Must be one of: ${values.join(', ')}`,
  mustBeText: 'Must be text',
  tooLong: 'Must be at most 200 characters',
  /** Success toast of the profile forms. */
  updatedTitle: 'Profile updated',
  updatedDescription: 'Your profile has been saved.',
} as const;

/** Longest text of any profile field. */
export const PROFILE_TEXT_MAX_LENGTH = 200;
export const EARLIEST_DATE_OF_BIRTH = '1900-01-01';

/** The PATCH rule of one field on its trimmed text ('' clears it, names cannot be cleared): the failed rule's message. */
function patchRule(field: ProfileEditableField, text: string): string | null {
  if (text.length > PROFILE_TEXT_MAX_LENGTH) return ProfileMessages.tooLong;
  if (field === 'firstName') return text ? null : ProfileMessages.firstNameRequired;
  if (field === 'lastName') return text ? null : ProfileMessages.lastNameRequired;
  if (!text) return null;
  if ((PROFILE_DATE_FIELDS as readonly string[]).includes(field) && !isIsoDate(text)) return ProfileMessages.dateFormat;
  const allowed = (PROFILE_ENUM_FIELDS as Record<string, readonly string[]>)[field];
  return allowed && !allowed.includes(text) ? ProfileMessages.oneOf(allowed) : null;
}

/**
 * One editable profile field: text or null, trimmed; '' and null clear it (preferredUnits back to 'Standard').
 * `required` is a form rule checked first (on '' when the field is absent, null or not text); then the PATCH rule.
 */
function profileField(field: ProfileEditableField, required?: (text: string) => string | null) {
  return z
    .string({ error: required?.('') ?? ProfileMessages.mustBeText })
    .nullish()
    .transform((raw, ctx): string | null | undefined => {
      if (raw === undefined && !required) return undefined;
      const text = (raw ?? '').trim();
      const message = required?.(text) ?? patchRule(field, text);
      if (message) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return text || (field === 'preferredUnits' ? 'Standard' : null);
    });
}

type ProfileFieldSchema = ReturnType<typeof profileField>;
const patchShape = Object.fromEntries(PROFILE_EDITABLE_FIELDS.map((field) => [field, profileField(field)])) as {
  [K in ProfileEditableField]: ProfileFieldSchema;
};

/**
 * Body of PATCH /api/user/profile: every editable field optional, text or null; names cannot be cleared; dates
 * YYYY-MM-DD; enumerations checked. Unknown and read-only keys (e-mail, role) are dropped.
 */
export const profilePatchSchema = z.object(patchShape);

const filled = (message: string) => (text: string) => (text ? null : message);
const atLeast = (min: number, message: string) => (text: string) => (text.length < min ? message : null);

/** The client profile form's required fields (spec section 5), in form order. */
const clientShape = {
  firstName: profileField('firstName', atLeast(2, ProfileMessages.firstNameMin)),
  lastName: profileField('lastName', atLeast(2, ProfileMessages.lastNameMin)),
  dateOfBirth: profileField('dateOfBirth', (text) => {
    if (!text) return ProfileMessages.dateOfBirthRequired;
    if (!isIsoDate(text)) return ProfileMessages.dateFormat;
    if (text > localToday()) return ProfileMessages.dateOfBirthFuture;
    return text < EARLIEST_DATE_OF_BIRTH ? ProfileMessages.dateOfBirthTooOld : null;
  }),
  /** Checked, never changed by this form. */
  email: emailSchema,
  phoneNumber: profileField('phoneNumber', atLeast(10, ProfileMessages.phone)),
  pilotCertificateNumber: profileField('pilotCertificateNumber', filled(ProfileMessages.certificateRequired)),
  pilotCertificationLevel: profileField('pilotCertificationLevel', filled(ProfileMessages.certificationLevelRequired)),
  medicalClass: patchShape.medicalClass,
  hasInstrumentRating: profileField('hasInstrumentRating', filled(ProfileMessages.instrumentRatingRequired)),
  isFlightInstructor: patchShape.isFlightInstructor,
  flightHoursPerYear: profileField('flightHoursPerYear', filled(ProfileMessages.flightHoursRequired)),
  homeAirportCode: patchShape.homeAirportCode,
  jetAviationAccountNumber: patchShape.jetAviationAccountNumber,
  jetFuelXAccountNumber: patchShape.jetFuelXAccountNumber,
};
const otherPatchFields = Object.fromEntries(
  Object.entries(patchShape).filter(([field]) => !(field in clientShape)),
) as Omit<typeof patchShape, keyof typeof clientShape>;

/**
 * Body of PUT /api/user/profile (the client profile form): its required fields with the spec's messages (one per
 * field, the form rule before the PATCH rule), then any other editable field as in PATCH. The e-mail is checked but
 * not changed; blank optional fields clear them.
 */
export const clientProfileRequestSchema = z.object({ ...clientShape, ...otherPatchFields });

/** The profile changes after parsing (PATCH and PUT). */
export type ProfilePatchInput = z.output<typeof profilePatchSchema>;
export type ClientProfileInput = z.output<typeof clientProfileRequestSchema>;
