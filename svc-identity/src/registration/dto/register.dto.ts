import {
  EMAIL_PATTERN,
  failedPasswordRules,
  REGISTRABLE_ROLES,
  RegistrationMessages,
  ValidationMessages,
  type RegistrableRole,
} from '@rampquote/contracts';

/** A registration request after validation (spec section 5); confirmPassword is the form's business. */
export interface RegisterInput {
  firstName: string;
  lastName: string;
  /** Lowercase. */
  email: string;
  password: string;
  role: RegistrableRole;
  companyName: string | null;
  aircraftProfileName: string | null;
}

export interface FieldError {
  field: string;
  message: string;
}

export type RegisterValidation = { ok: true; value: RegisterInput } | { ok: false; details: FieldError[] };

const NAME_MAX = 100;
const EMAIL_MAX = 254;
const PASSWORD_MAX = 256;
const OPTIONAL_MAX = 200;

/** Checks every field and lists one detail per failed rule (all failed password rules, in the spec's order). */
export function validateRegisterRequest(body: unknown): RegisterValidation {
  const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const details: FieldError[] = [];

  const firstName = text(input.firstName);
  if (!firstName) details.push({ field: 'firstName', message: ValidationMessages.firstNameRequired });
  else if (firstName.length > NAME_MAX) details.push({ field: 'firstName', message: `First name must be at most ${NAME_MAX} characters` });

  const lastName = text(input.lastName);
  if (!lastName) details.push({ field: 'lastName', message: ValidationMessages.lastNameRequired });
  else if (lastName.length > NAME_MAX) details.push({ field: 'lastName', message: `Last name must be at most ${NAME_MAX} characters` });

  const email = text(input.email).toLowerCase();
  if (!EMAIL_PATTERN.test(email) || email.length > EMAIL_MAX) details.push({ field: 'email', message: ValidationMessages.email });

  const password = typeof input.password === 'string' ? input.password : undefined;
  if (password === undefined) {
    details.push({ field: 'password', message: ValidationMessages.passwordRequired });
  } else {
    for (const rule of failedPasswordRules(password)) details.push({ field: 'password', message: rule.message });
    if (password.length > PASSWORD_MAX) details.push({ field: 'password', message: `Password must be at most ${PASSWORD_MAX} characters` });
  }

  let role: RegistrableRole = 'pilot';
  if (input.role !== undefined && input.role !== null && input.role !== '') {
    if ((REGISTRABLE_ROLES as readonly unknown[]).includes(input.role)) role = input.role as RegistrableRole;
    else details.push({ field: 'role', message: RegistrationMessages.roleInvalid });
  }

  const companyName = optionalText(input.companyName, 'companyName', 'Company name', details);
  const aircraftProfileName = optionalText(input.aircraftProfileName, 'aircraftProfileName', 'Aircraft profile name', details);

  if (details.length) return { ok: false, details };
  return { ok: true, value: { firstName, lastName, email, password: password!, role, companyName, aircraftProfileName } };
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

function optionalText(value: unknown, field: string, label: string, details: FieldError[]): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') {
    details.push({ field, message: `${label} must be text` });
    return null;
  }
  const trimmed = value.trim();
  if (trimmed.length > OPTIONAL_MAX) details.push({ field, message: `${label} must be at most ${OPTIONAL_MAX} characters` });
  return trimmed || null;
}
