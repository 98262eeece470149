import type { ProfileDto } from '@rampquote/contracts';

/** Test data: a pilot's profile as GET /api/user/profile answers it (used by the account screen's tests). */
export function profileFixture(overrides: Partial<ProfileDto> = {}): ProfileDto {
  return {
    id: 'u1',
    username: 'pat',
    email: 'pat@example.com',
    role: 'pilot',
    firstName: 'Pat',
    lastName: 'Pilot',
    companyName: null,
    phoneNumber: null,
    dateOfBirth: null,
    pilotCertificateNumber: null,
    pilotCertificationLevel: null,
    medicalClass: null,
    medicalDate: null,
    primaryUse: null,
    preferredUnits: 'Standard',
    jobTitle: null,
    homeAirportCode: null,
    hasInstrumentRating: null,
    isFlightInstructor: null,
    flightHoursPerYear: null,
    signatureTailwinsAccountNumber: null,
    atlanticRewardsAccountNumber: null,
    avfuelAccountNumber: null,
    caaAccountNumber: null,
    worldFuelAccountNumber: null,
    phillips66AccountNumber: null,
    aegAccountNumber: null,
    titanAccountNumber: null,
    evoAccountNumber: null,
    paragonAccountNumber: null,
    jetAviationAccountNumber: null,
    jetFuelXAccountNumber: null,
    hasActiveSubscription: false,
    subscriptionPlanName: null,
    subscriptionCurrentPeriodEnd: null,
    ...overrides,
  };
}

/** The session user part of a profile (GET /api/auth/me). */
export const sessionUserOf = (p: ProfileDto) => ({
  id: p.id,
  username: p.username,
  email: p.email,
  role: p.role,
  firstName: p.firstName,
  lastName: p.lastName,
  companyName: p.companyName,
});
