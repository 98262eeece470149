/**
 * Accounts beyond login and registration (issue 3; spec sections 1-8 of accounts-aircraft-billing):
 * beta invitations, password recovery, the profile and the events svc-identity publishes for them.
 */
import { EMAIL_PATTERN } from './password-rules';
import type { UserDto, UserRole } from './users';

// ---------------------------------------------------------------------------------------------------------
// Beta invitations: GET/POST /api/admin/invites, DELETE /api/admin/invites/:id (admin only).

export type InviteKind = 'email' | 'domain';

export interface InviteDto {
  id: string;
  kind: InviteKind;
  /** Lowercase e-mail address, or a domain without '@'. */
  value: string;
  createdAt: string;
}

export interface InviteListResponse {
  invites: InviteDto[];
}

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

// ---------------------------------------------------------------------------------------------------------
// Password recovery: POST /api/auth/forgot-password {email}, POST /api/reset-password {token, password}.

export interface ForgotPasswordRequest {
  email: string;
}

export interface ResetPasswordRequest {
  token: string;
  password: string;
}

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

/** svc-identity's calls that only the gateway makes (next to InternalRoutes). */
export const AccountInternalRoutes = {
  /** The gateway forwards POST /api/reset-password here; 200 `{ userId }`, then it ends that user's sessions. */
  resetPassword: '/internal/password-reset',
} as const;

export interface InternalResetPasswordResponse {
  userId: string;
}

// ---------------------------------------------------------------------------------------------------------
// Profile: GET, PATCH and PUT /api/user/profile (spec section 3).

export const CERTIFICATION_LEVELS = ['Airline Transport Pilot', 'Commercial', 'Private', 'Recreational', 'Student'] as const;
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
export const PROFILE_TEXT_FIELDS = ['companyName', 'phoneNumber', 'pilotCertificateNumber', 'jobTitle', 'homeAirportCode'] as const;
/** Optional YYYY-MM-DD fields. */
export const PROFILE_DATE_FIELDS = ['dateOfBirth', 'medicalDate'] as const;
/** Optional fields limited to an enumeration. */
export const PROFILE_ENUM_FIELDS = {
  pilotCertificationLevel: [...CERTIFICATION_LEVELS, 'ATP'],
  medicalClass: [...MEDICAL_CLASSES, ...CLIENT_MEDICAL_CLASSES],
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
  Optional<(typeof PROFILE_TEXT_FIELDS)[number] | (typeof PROFILE_DATE_FIELDS)[number] | Exclude<ProfileEnumField, 'preferredUnits'> | LoyaltyField> & {
    role: UserRole;
    /** Default 'Standard'. */
    preferredUnits: (typeof PREFERRED_UNITS)[number];
    /** Owned by billing (later issue); false / null until then. */
    hasActiveSubscription: boolean;
    subscriptionPlanName: string | null;
    subscriptionCurrentPeriodEnd: string | null;
  };

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
  invalidRequest: 'Invalid request data',
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
  tooLong: 'Must be at most 200 characters',
  /** Success toast of the profile forms. */
  updatedTitle: 'Profile updated',
  updatedDescription: 'Your profile has been saved.',
} as const;

export interface ProfileFieldError {
  field: string;
  message: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isRealDate = (s: string) => DATE.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);

/**
 * PATCH body: every editable field optional; text trimmed ('' and null clear a field, names cannot be cleared);
 * dates YYYY-MM-DD; enumerations checked. Unknown and read-only keys are dropped.
 */
export function validateProfilePatch(input: unknown): { ok: true; value: ProfilePatch } | { ok: false; details: ProfileFieldError[] } {
  const body = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const value: ProfilePatch = {};
  const details: ProfileFieldError[] = [];
  for (const field of PROFILE_EDITABLE_FIELDS) {
    if (!(field in body) || body[field] === undefined) continue;
    const raw = body[field];
    if (raw !== null && typeof raw !== 'string') {
      details.push({ field, message: 'Must be text' });
      continue;
    }
    const text = (raw ?? '').trim();
    if (text.length > 200) {
      details.push({ field, message: ProfileMessages.tooLong });
      continue;
    }
    if (field === 'firstName' || field === 'lastName') {
      if (!text) details.push({ field, message: field === 'firstName' ? ProfileMessages.firstNameRequired : ProfileMessages.lastNameRequired });
      else value[field] = text;
      continue;
    }
    if (!text) {
      value[field] = field === 'preferredUnits' ? 'Standard' : null;
      continue;
    }
    if ((PROFILE_DATE_FIELDS as readonly string[]).includes(field) && !isRealDate(text)) {
      details.push({ field, message: ProfileMessages.dateFormat });
      continue;
    }
    const allowed = (PROFILE_ENUM_FIELDS as Record<string, readonly string[]>)[field];
    if (allowed && !allowed.includes(text)) {
      details.push({ field, message: ProfileMessages.oneOf(allowed) });
      continue;
    }
    value[field] = text;
  }
  return details.length ? { ok: false, details } : { ok: true, value };
}

/** Body of PUT /api/user/profile (the client profile form). */
export type ClientProfileRequest = ProfilePatch & {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  dateOfBirth: string;
  pilotCertificateNumber: string;
  pilotCertificationLevel: string;
  hasInstrumentRating: string;
  flightHoursPerYear: string;
};

/** The client profile form's rules (spec section 5), checked on top of validateProfilePatch. `today` is YYYY-MM-DD. */
export function clientProfileErrors(input: unknown, today: string): ProfileFieldError[] {
  const body = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const text = (k: string) => (typeof body[k] === 'string' ? (body[k] as string).trim() : '');
  const details: ProfileFieldError[] = [];
  if (text('firstName').length < 2) details.push({ field: 'firstName', message: ProfileMessages.firstNameMin });
  if (text('lastName').length < 2) details.push({ field: 'lastName', message: ProfileMessages.lastNameMin });
  const dob = text('dateOfBirth');
  if (!dob) details.push({ field: 'dateOfBirth', message: ProfileMessages.dateOfBirthRequired });
  else if (!isRealDate(dob)) details.push({ field: 'dateOfBirth', message: ProfileMessages.dateFormat });
  else if (dob > today) details.push({ field: 'dateOfBirth', message: ProfileMessages.dateOfBirthFuture });
  else if (dob < '1900-01-01') details.push({ field: 'dateOfBirth', message: ProfileMessages.dateOfBirthTooOld });
  if (!EMAIL_PATTERN.test(text('email'))) details.push({ field: 'email', message: 'Please enter a valid email address' });
  if (text('phoneNumber').length < 10) details.push({ field: 'phoneNumber', message: ProfileMessages.phone });
  if (!text('pilotCertificateNumber')) details.push({ field: 'pilotCertificateNumber', message: ProfileMessages.certificateRequired });
  if (!text('pilotCertificationLevel')) details.push({ field: 'pilotCertificationLevel', message: ProfileMessages.certificationLevelRequired });
  if (!text('hasInstrumentRating')) details.push({ field: 'hasInstrumentRating', message: ProfileMessages.instrumentRatingRequired });
  if (!text('flightHoursPerYear')) details.push({ field: 'flightHoursPerYear', message: ProfileMessages.flightHoursRequired });
  return details;
}

// ---------------------------------------------------------------------------------------------------------
// Events svc-identity publishes (routing keys on `rampquote.events`) besides `user-registered`.

export const AccountEventTypes = {
  /** A registered user's e-mail (or domain) was invited: svc-identity mails them that access is open. */
  betaAccessGranted: 'beta-access-granted',
  /** A support message was stored: svc-identity mails it to SUPPORT_EMAIL. */
  supportMessageReceived: 'support-message-received',
  /** A user's password was reset (their sessions are ended by the gateway synchronously). */
  passwordReset: 'password-reset',
} as const;

export interface BetaAccessGrantedData {
  userId: string;
  email: string;
  firstName: string;
}

export interface SupportMessageReceivedData {
  supportMessageId: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  /** The signed-in user who sent it, if any. */
  userId: string | null;
}

export interface PasswordResetData {
  userId: string;
}
