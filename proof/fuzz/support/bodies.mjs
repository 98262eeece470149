// What each documented route takes as a body: the zod schema from libs/contracts that the owning service validates it
// with, and one valid example the fuzzer mutates. A route of the policy that is not listed here is still fuzzed
// (generic bodies); the suite's first test names any state-changing route missing from this table.
import * as contracts from '@rampquote/contracts';
import { toJSONSchema } from 'zod';

const futureIso = (days) => new Date(Date.now() + days * 86_400_000).toISOString();

/**
 * `schema`: the export of @rampquote/contracts validating the body (null: the route reads no JSON body);
 * `example(ctx)`: a body the schema accepts (ctx holds real ids of the fuzz users, for bodies that point at them);
 * `kind`: 'json' (default), 'none' (no body), 'multipart' (a CSV upload), 'raw' (a signed webhook).
 */
export const BODIES = {
  'POST /api/auth/login': {
    schema: 'loginRequestSchema',
    example: () => ({ email: 'nobody@example.com', password: 'Wrong#Pass1' }),
  },
  'POST /api/auth/logout': { schema: null, kind: 'none' },
  'POST /api/auth/register': {
    schema: 'registerRequestSchema',
    example: () => ({
      firstName: 'Fuzz',
      lastName: 'Pilot',
      email: 'fuzz.register@example.com',
      password: 'Str0ng#Pass',
      role: 'pilot',
    }),
  },
  'POST /api/auth/forgot-password': {
    schema: 'forgotPasswordSchema',
    example: () => ({ email: 'nobody@example.com' }),
  },
  'POST /api/reset-password': {
    schema: 'resetPasswordSchema',
    example: () => ({ token: 'f'.repeat(64), password: 'Str0ng#Pass' }),
  },
  'PATCH /api/user/profile': {
    schema: 'profilePatchSchema',
    example: () => ({ firstName: 'Fuzz', pilotCertificationLevel: 'ATP', medicalClass: '1st Class' }),
  },
  'PUT /api/user/profile': {
    schema: 'clientProfileRequestSchema',
    example: (ctx) => ({
      firstName: 'Fuzz',
      lastName: 'Pilot',
      email: ctx.pilotEmail ?? 'fuzz.pilot@example.com',
      phoneNumber: '555-010-1234',
      dateOfBirth: '1975-05-05',
      pilotCertificateNumber: 'C-9',
      pilotCertificationLevel: 'ATP',
      hasInstrumentRating: 'Yes',
      flightHoursPerYear: '151-225',
      homeAirportCode: 'KBFI',
    }),
  },
  'POST /api/support/contact': {
    schema: 'supportMessageSchema',
    example: () => ({ name: 'Al', email: 'al@example.com', subject: 'Fuel prices', message: 'A question about fuel.' }),
  },
  'POST /api/admin/invites': { schema: 'createInviteSchema', example: () => ({ value: 'fuzz-invite.example.com' }) },
  'POST /api/aircraft': {
    schema: 'simpleAircraftSchema',
    example: () => ({ make: 'Cessna', model: '172S Skyhawk', tailNumber: 'N123AB' }),
  },
  'POST /create-aircraft': {
    schema: 'createAircraftSchema',
    example: () => ({
      make: 'Cessna',
      model: '172S Skyhawk',
      type: 'Piston',
      tailNumber: 'N124AB',
      wingspan: 36.1,
      length: 27.2,
      height: 8.9,
      basicEmptyWeight: 1663,
      minRunwayLength: 2000,
    }),
  },
  'POST /api/aircraft/:id/set-default': { schema: null, kind: 'none' },
  'PATCH /api/aircraft/:id': {
    schema: 'updateAircraftSchema',
    example: () => ({ model: '182T Skylane', wingspan: 36 }),
  },
  'PUT /api/aircraft/:id': {
    schema: 'simpleAircraftSchema',
    example: () => ({ make: 'Cessna', model: '172S Skyhawk', tailNumber: 'N125AB' }),
  },
  'POST /api/admin/import-airports': { schema: null, kind: 'multipart', field: 'airportFile' },
  'POST /api/admin/fbos': {
    schema: 'fboInputSchema',
    example: () => ({ airport: 'KBFI', name: 'Fuzz Jet Center', email: 'ops@example.com', phone: null, logo: null }),
  },
  'PATCH /api/admin/fbos/:id': {
    schema: 'fboUpdateSchema',
    example: () => ({ name: 'Fuzz FBO renamed', active: false }),
  },
  'POST /api/admin/import-fbos': { schema: null, kind: 'multipart', field: 'fboFile' },
  'POST /api/admin/fbos/:id/members': {
    schema: 'addFboMemberSchema',
    example: () => ({ email: 'nobody@example.com', role: 'staff' }),
  },
  'POST /api/fbo/:id/members': {
    schema: 'addFboMemberSchema',
    example: () => ({ email: 'nobody@example.com', role: 'staff' }),
  },
  // An FBO id nobody has: a valid body never mails an FBO.
  'POST /api/fbo-claims': {
    schema: 'fboClaimSchema',
    example: () => ({ fboId: '00000000-0000-4000-8000-0000000000f0' }),
  },
  'POST /api/fbo-claims/:token/confirm': { schema: null, kind: 'none' },
  'POST /api/quote-requests': {
    schema: 'createQuoteRequestSchema',
    example: (ctx) => ({
      aircraftId: ctx.aircraftId ?? 'a1',
      departureAirportCode: 'KSEA',
      airportCode: 'KBFI',
      arrival: futureIso(30),
      departure: futureIso(32),
      services: { fuelJetA: true, fuelEstimatedAmount: 300, gpu: true, gpuDuration: '30' },
      notes: 'Two passengers',
      selectedFbos: ['f1', 'f2'],
    }),
  },
  'POST /api/quote-requests/:id/cancel': { schema: null, kind: 'none' },
  // An amendment of the fuzz request: later dates, more fuel, the same services, new notes.
  'PATCH /api/quote-requests/:id': {
    schema: 'amendQuoteRequestSchema',
    example: () => ({
      arrival: futureIso(31),
      departure: futureIso(34),
      services: { fuelJetA: true, fuelEstimatedAmount: 400, gpu: true, gpuDuration: '30' },
      notes: 'Two passengers, a day later',
    }),
  },
  // One of the fuzz request's FBOs: a booking is accepted only after that FBO sent an estimate.
  'POST /api/quote-requests/:id/booking': {
    schema: 'createBookingSchema',
    example: (ctx) => ({ fboId: ctx.realIds?.fboId?.[0] ?? '00000000-0000-4000-8000-0000000000f0' }),
  },
  'PUT /api/quote-requests/:id/notifications': {
    schema: 'notificationPreferencesSchema',
    example: () => ({ emailEachResponse: true, emailAllResponded: false }),
  },
  'PATCH /api/quote-requests/:id/notifications': {
    schema: 'updateNotificationPreferencesSchema',
    example: () => ({ emailAllResponded: true }),
  },
  'POST /api/fbo-quote/:fboId/:token/submit': {
    schema: 'submitEstimateSchema',
    example: () => ({ servicesQuoted: { gpu: { price: 10 } }, totalPrice: 10 }),
  },
  'POST /api/fbo-quote/:fboId/:token/decline': {
    schema: 'declineEstimateSchema',
    example: () => ({ reason: 'other', text: 'No slots' }),
  },
  'POST /api/fbo-quote/:fboId/:token/booking': {
    schema: 'bookingDecisionSchema',
    example: () => ({ decision: 'decline', reason: 'No slots' }),
  },
  'POST /api/fbo-portal/requests/:invitationId/submit': {
    schema: 'submitEstimateSchema',
    example: () => ({ servicesQuoted: { gpu: { price: 10 } }, totalPrice: 10 }),
  },
  'POST /api/fbo-portal/requests/:invitationId/decline': {
    schema: 'declineEstimateSchema',
    example: () => ({ reason: 'other', text: 'No slots' }),
  },
  'POST /api/fbo-portal/requests/:invitationId/booking': {
    schema: 'bookingDecisionSchema',
    example: () => ({ decision: 'decline', reason: 'No slots' }),
  },
  'POST /api/billing/payment-method': {
    schema: 'addPaymentMethodSchema',
    example: () => ({ paymentMethodId: 'pm_fuzz_unknown', setAsDefault: false }),
  },
  'POST /api/billing/default-payment-method': {
    schema: 'defaultPaymentMethodSchema',
    example: () => ({ paymentMethodId: 'pm_fuzz_unknown' }),
  },
  'POST /api/billing/setup-intent': { schema: null, kind: 'none' },
  'POST /api/billing/subscription': { schema: 'subscriptionPlanSchema', example: () => ({ planId: 'entry-level' }) },
  'PUT /api/billing/subscription/:subscriptionId': {
    schema: 'subscriptionPlanSchema',
    example: () => ({ planId: 'pro' }),
  },
  'POST /api/billing/local/card-token': {
    schema: 'localCardSchema',
    example: () => ({ number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', name: 'Amelia Earhart' }),
  },
  'POST /api/billing/webhook': { schema: null, kind: 'raw' },
};

/** The body spec of a route (`METHOD /path` of the policy), or undefined. */
export const bodySpecOf = (policy) => BODIES[`${policy.method} ${policy.path}`];

/** The zod schema of a body spec (from the built contracts). */
export const schemaOf = (spec) => (spec?.schema ? contracts[spec.schema] : undefined);

/**
 * The JSON Schema (input side) of a body spec: field names and types the mutations use. Zod refinements and
 * transforms are not representable; they stay in the service's own check. zod's own function, not a method: the FBO
 * estimate's schemas use the mini API, whose schemas have no `toJSONSchema` method.
 */
export function jsonSchemaOf(spec) {
  const schema = schemaOf(spec);
  if (!schema) return undefined;
  return toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
}
