import { EMAIL_PATTERN, type CreateFboRequest, type UpdateFboRequest } from '@rampquote/contracts';

export interface FieldError {
  field: string;
  message: string;
}

const MAX_NAME = 200;
const MAX_PHONE = 40;
const MAX_LOGO = 2000;

export const FboMessages = {
  airportRequired: 'Airport is required',
  nameRequired: 'Name is required',
  email: 'Please enter a valid email address',
  phone: 'Please enter a valid phone number',
  logo: 'Logo must be an http(s) URL',
  active: 'Active must be true or false',
} as const;

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

function checkName(value: unknown, details: FieldError[]): string {
  const name = text(value);
  if (!name) details.push({ field: 'name', message: FboMessages.nameRequired });
  else if (name.length > MAX_NAME) details.push({ field: 'name', message: `Name must be at most ${MAX_NAME} characters` });
  return name;
}

function checkEmail(value: unknown, details: FieldError[]): string {
  const email = text(value).toLowerCase();
  if (!EMAIL_PATTERN.test(email) || email.length > 254) details.push({ field: 'email', message: FboMessages.email });
  return email;
}

function checkPhone(value: unknown, details: FieldError[]): string | null {
  const phone = text(value);
  if (!phone) return null;
  if (phone.length > MAX_PHONE || !/^[+0-9 ().-]{7,}$/.test(phone)) details.push({ field: 'phone', message: FboMessages.phone });
  return phone;
}

function checkLogo(value: unknown, details: FieldError[]): string | null {
  const logo = text(value);
  if (!logo) return null;
  if (logo.length > MAX_LOGO || !/^https?:\/\/\S+$/i.test(logo)) details.push({ field: 'logo', message: FboMessages.logo });
  return logo;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; details: FieldError[] };

export function validateCreateFbo(body: unknown): Checked<Required<CreateFboRequest>> {
  const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const details: FieldError[] = [];
  const airport = text(input.airport).toUpperCase();
  if (!airport) details.push({ field: 'airport', message: FboMessages.airportRequired });
  const name = checkName(input.name, details);
  const email = checkEmail(input.email, details);
  const phone = checkPhone(input.phone, details);
  const logo = checkLogo(input.logo, details);
  return details.length ? { ok: false, details } : { ok: true, value: { airport, name, email, phone, logo } };
}

export function validateUpdateFbo(body: unknown): Checked<UpdateFboRequest> {
  const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const details: FieldError[] = [];
  const value: UpdateFboRequest = {};
  if ('name' in input) value.name = checkName(input.name, details);
  if ('email' in input) value.email = checkEmail(input.email, details);
  if ('phone' in input) value.phone = checkPhone(input.phone, details);
  if ('logo' in input) value.logo = checkLogo(input.logo, details);
  if ('active' in input) {
    if (typeof input.active !== 'boolean') details.push({ field: 'active', message: FboMessages.active });
    else value.active = input.active;
  }
  return details.length ? { ok: false, details } : { ok: true, value };
}

/** Validates one FBO CSV line; returns its reasons when bad. */
export function checkFboLine(airport: string, name: string, email: string, phone: string): { reasons: string[]; phone: string | null } {
  const details: FieldError[] = [];
  if (!airport) details.push({ field: 'airport', message: 'Missing airport' });
  if (!name) details.push({ field: 'name', message: 'Missing name' });
  else checkName(name, details);
  if (!EMAIL_PATTERN.test(email.toLowerCase())) details.push({ field: 'email', message: `Invalid e-mail "${email}"` });
  const checkedPhone = checkPhone(phone, details);
  return { reasons: details.map((d) => d.message), phone: checkedPhone };
}
