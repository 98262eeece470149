import {
  CLIENT_CERTIFICATION_LEVELS,
  CLIENT_MEDICAL_CLASSES,
  EMAIL_PATTERN,
  FLIGHT_HOURS_PER_YEAR,
  ProfileMessages,
  ValidationMessages,
  YES_NO,
  type ClientProfileRequest,
  type ProfileDto,
} from '@rampquote/contracts';
import { z } from 'zod';

/** Today as YYYY-MM-DD in the user's time zone. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export const EARLIEST_DATE_OF_BIRTH = '1900-01-01';

/** A choice among `values`, or the `required` message when none is picked. */
const choice = (values: readonly string[], required: string) =>
  z.string().refine((v) => v !== '', required).refine((v) => v === '' || values.includes(v), ProfileMessages.oneOf(values));

const optionalChoice = (values: readonly string[]) => z.string().refine((v) => v === '' || values.includes(v), ProfileMessages.oneOf(values));

/**
 * The client profile form's rules (spec section 5) with the spec's messages; the same rules svc-identity applies
 * to PUT /api/user/profile (libs/contracts clientProfileErrors). `today` is read when the form is checked.
 */
export const clientProfileSchema = z.object({
  firstName: z.string().trim().min(2, ProfileMessages.firstNameMin),
  lastName: z.string().trim().min(2, ProfileMessages.lastNameMin),
  dateOfBirth: z
    .string()
    .min(1, ProfileMessages.dateOfBirthRequired)
    .superRefine((value, ctx) => {
      if (!value) return;
      if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) ctx.addIssue({ code: 'custom', message: ProfileMessages.dateFormat });
      else if (value > localToday()) ctx.addIssue({ code: 'custom', message: ProfileMessages.dateOfBirthFuture });
      else if (value < EARLIEST_DATE_OF_BIRTH) ctx.addIssue({ code: 'custom', message: ProfileMessages.dateOfBirthTooOld });
    }),
  email: z.string().trim().regex(EMAIL_PATTERN, ValidationMessages.email),
  phoneNumber: z.string().trim().min(10, ProfileMessages.phone),
  pilotCertificateNumber: z.string().trim().min(1, ProfileMessages.certificateRequired),
  pilotCertificationLevel: choice(CLIENT_CERTIFICATION_LEVELS, ProfileMessages.certificationLevelRequired),
  medicalClass: optionalChoice(CLIENT_MEDICAL_CLASSES),
  hasInstrumentRating: choice(YES_NO, ProfileMessages.instrumentRatingRequired),
  isFlightInstructor: optionalChoice(YES_NO),
  flightHoursPerYear: choice(FLIGHT_HOURS_PER_YEAR, ProfileMessages.flightHoursRequired),
  homeAirportCode: z.string().trim(),
  jetAviationAccountNumber: z.string().trim(),
  jetFuelXAccountNumber: z.string().trim(),
});

export type ClientProfileForm = z.infer<typeof clientProfileSchema>;
export const CLIENT_PROFILE_FIELDS = Object.keys(clientProfileSchema.shape) as (keyof ClientProfileForm)[];

/** The account profile's values in the client form's vocabulary ("Airline Transport Pilot" → "ATP", "1st Class" → "1st"). */
const CERTIFICATION_FROM_PROFILE: Record<string, string> = { 'Airline Transport Pilot': 'ATP' };
const MEDICAL_FROM_PROFILE: Record<string, string> = { '1st Class': '1st', '2nd Class': '2nd', '3rd Class': '3rd' };

export function clientProfileDefaults(profile: ProfileDto): ClientProfileForm {
  const text = (value: string | null | undefined) => value ?? '';
  const level = text(profile.pilotCertificationLevel);
  const medical = text(profile.medicalClass);
  return {
    firstName: text(profile.firstName),
    lastName: text(profile.lastName),
    dateOfBirth: text(profile.dateOfBirth),
    email: text(profile.email),
    phoneNumber: text(profile.phoneNumber),
    pilotCertificateNumber: text(profile.pilotCertificateNumber),
    pilotCertificationLevel: CERTIFICATION_FROM_PROFILE[level] ?? level,
    medicalClass: MEDICAL_FROM_PROFILE[medical] ?? medical,
    hasInstrumentRating: text(profile.hasInstrumentRating),
    isFlightInstructor: text(profile.isFlightInstructor),
    flightHoursPerYear: text(profile.flightHoursPerYear),
    homeAirportCode: text(profile.homeAirportCode),
    jetAviationAccountNumber: text(profile.jetAviationAccountNumber),
    jetFuelXAccountNumber: text(profile.jetFuelXAccountNumber),
  };
}

/** The PUT body: every field of the form (empty optional ones sent as null, which clears them). */
export function clientProfileRequest(form: ClientProfileForm): ClientProfileRequest {
  const optional = (value: string) => (value === '' ? null : value);
  return {
    ...form,
    medicalClass: optional(form.medicalClass),
    isFlightInstructor: optional(form.isFlightInstructor),
    homeAirportCode: optional(form.homeAirportCode.toUpperCase()),
    jetAviationAccountNumber: optional(form.jetAviationAccountNumber),
    jetFuelXAccountNumber: optional(form.jetFuelXAccountNumber),
  };
}
