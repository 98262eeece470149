import type { ClientProfileInput, clientProfileRequestSchema, ProfileDto } from '@rampquote/contracts';
import type { z } from 'zod';

/**
 * The client profile form's values: text for every field ('' when empty). The rules are the PUT body's schema,
 * libs/contracts `clientProfileRequestSchema`, used through the form's resolver.
 */
export interface ClientProfileValues {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  email: string;
  phoneNumber: string;
  pilotCertificateNumber: string;
  pilotCertificationLevel: string;
  medicalClass: string;
  hasInstrumentRating: string;
  isFlightInstructor: string;
  flightHoursPerYear: string;
  homeAirportCode: string;
  jetAviationAccountNumber: string;
  jetFuelXAccountNumber: string;
}

/** What the schema accepts (the form's values fit it). */
export type ClientProfileSchemaInput = z.input<typeof clientProfileRequestSchema>;

/** The account profile's values in the client form's vocabulary ("Airline Transport Pilot" → "ATP", "1st Class" → "1st"). */
const CERTIFICATION_FROM_PROFILE: Record<string, string> = { 'Airline Transport Pilot': 'ATP' };
const MEDICAL_FROM_PROFILE: Record<string, string> = { '1st Class': '1st', '2nd Class': '2nd', '3rd Class': '3rd' };

export function clientProfileDefaults(profile: ProfileDto): ClientProfileValues {
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

/** The form's fields, which a 400's `details[].field` may name. */
export const CLIENT_PROFILE_FIELDS = Object.keys(
  clientProfileDefaults({} as ProfileDto),
) as (keyof ClientProfileValues)[];

/** The PUT body: the schema's output (trimmed; empty optional fields null, which clears them), airport code uppercased. */
export function clientProfileRequest(parsed: ClientProfileInput): ClientProfileInput {
  return { ...parsed, homeAirportCode: parsed.homeAirportCode ? parsed.homeAirportCode.toUpperCase() : null };
}
