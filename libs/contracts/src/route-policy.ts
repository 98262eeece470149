import { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';
import { inviteListResponseSchema, inviteDtoSchema, profileDtoSchema } from './accounts';
import {
  aircraftDtoSchema,
  aircraftSpecsDtoSchema,
  catalogueNamesSchema,
  deleteAircraftResponseSchema,
} from './aircraft';
import {
  adminFboDtoSchema,
  adminFboListResponseSchema,
  airportDtoSchema,
  airportFbosResponseSchema,
  airportMapResponseSchema,
  airportSearchResponseSchema,
  fboServicesResponseSchema,
  importAirportsResponseSchema,
  importResultSchema,
  importStatusResponseSchema,
} from './airports';
import {
  billingRecordDtoSchema,
  currentSubscriptionResponseSchema,
  invoiceListSchema,
  localCardTokenResponseSchema,
  paymentMethodDtoSchema,
  paymentMethodListSchema,
  plansResponseSchema,
  setupIntentResponseSchema,
  subscriptionDtoSchema,
  webhookResponseSchema,
} from './billing';
import { estimateAnswerResponseSchema, estimatePageDataDtoSchema, fboInboxResponseSchema } from './fbo-quotes';
import {
  addFboMemberResponseSchema,
  fboClaimConfirmResponseSchema,
  fboClaimResponseSchema,
  fboMemberListResponseSchema,
  fboMembershipsResponseSchema,
} from './fbo-members';
import {
  cancelQuoteRequestResponseSchema,
  createQuoteRequestResponseSchema,
  deleteQuoteRequestResponseSchema,
  notificationPreferencesSchema,
  quoteRequestDetailsDtoSchema,
  quoteRequestListSchema,
  quoteResponsesSchema,
} from './quote-requests';
import { quoteComparisonSchema } from './quote-comparison';
import { bookingResponseSchema } from './booking';
import { amendQuoteRequestResponseSchema } from './amendments';
import { Routes, type ServiceName } from './routes';
import { messageResponseSchema, registerResponseSchema, userDtoSchema, type UserRole } from './users';

/**
 * The route policy (ARCHITECTURE section 1, "One route policy"): every browser-facing method and path the
 * gateway serves, with the service that owns it, whether a session is used, the rate limit and whether the
 * gateway answers it itself. The gateway's proxy, session middleware, access check and rate limits read this
 * table, and so do the OpenAPI document and the authorization-matrix test; nothing else lists routes. A method
 * and path that is not here is a JSON 404 at the gateway.
 */

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** Who answers a route: a service, or the gateway itself (sessions). */
export type RouteOwner = ServiceName | 'gateway';

/**
 * The session a route uses:
 * - `required`: a signed-in user (the gateway answers 401 without one, and 403 when `roles` excludes theirs);
 * - `optional`: the session is read when there is one (the user is signed into the call), nobody is refused;
 * - `none`: no session is read; the service gets an anonymous identity (public data, links that are their own
 *   credential, signed webhooks).
 */
export type SessionPolicy = 'required' | 'optional' | 'none';

/**
 * The rate limits of ARCHITECTURE section 6 (kept in the gateway's database). `login` counts failed logins
 * (checked by the login itself); the others count every attempt before the call is forwarded.
 */
export const RATE_LIMITS = ['login', 'register', 'forgotPassword', 'resetPassword', 'support', 'fboSubmit'] as const;
export type RateLimitName = (typeof RATE_LIMITS)[number];

/**
 * How the gateway handles a route:
 * - `proxy`: streamed to the owning service with a signed identity;
 * - `gateway`: answered by the gateway's own code. With owner `gateway` it answers alone (login, logout, me);
 *   with a service as owner it forwards the call to that service and then acts on the answer (a profile change
 *   replaces the session user; a password reset ends the user's sessions).
 */
export type RouteHandler = 'proxy' | 'gateway';

/** The 2xx statuses a route answers with. */
export type SuccessStatus = 200 | 201 | 202 | 204;

/**
 * What a route answers on success: its status(es), and the zod schema of its JSON body (the OpenAPI document shows
 * it; the services' integration tests parse every answer with it) or the media type of another kind of answer.
 */
export interface RouteAnswer {
  status: readonly SuccessStatus[];
  /** The JSON body's schema (absent for 204 and for `mediaType` answers). */
  body?: $ZodType;
  mediaType?: 'application/pdf' | 'text/event-stream' | 'text/html' | 'text/css' | 'text/javascript';
}

const ok = (body: $ZodType, ...status: SuccessStatus[]): RouteAnswer => ({
  status: status.length ? status : [200],
  body,
});
const created = (body: $ZodType): RouteAnswer => ({ status: [201], body });
const media = (mediaType: NonNullable<RouteAnswer['mediaType']>): RouteAnswer => ({ status: [200], mediaType });
const NO_CONTENT: RouteAnswer = { status: [204] };

export interface RoutePolicy {
  method: HttpMethod;
  /** Express-style pattern: literal segments and `:name` parameters, e.g. `/api/quote-requests/:id`. */
  path: string;
  owner: RouteOwner;
  handler: RouteHandler;
  session: SessionPolicy;
  /** Roles allowed (only with session `required`); absent: any signed-in user. */
  roles?: readonly UserRole[];
  rateLimit?: RateLimitName;
  /** The answer is a long-lived Server-Sent Events stream (never buffered, compressed or timed out). */
  stream?: 'sse';
  /** One line for people and the OpenAPI document. */
  summary: string;
  answer: RouteAnswer;
  /** Error answers of the route's own (besides the 400, 401, 403 and 429 its body, session and limit imply). */
  errors?: Readonly<Partial<Record<401 | 404 | 409 | 410, string>>>;
}

type Entry = Omit<RoutePolicy, 'handler'> & { handler?: RouteHandler };

const ADMIN = ['admin'] as const satisfies readonly UserRole[];
const quoteRequest = `${Routes.quoteRequests.root}/:id`;
const fboLink = `${Routes.fboQuote.root}/:fboId/:token`;

/** The OpenAPI document's top level (its operations are this table's entries). */
const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});

const ENTRIES: readonly Entry[] = [
  // The gateway's own session API.
  {
    method: 'POST',
    path: Routes.auth.login,
    owner: 'gateway',
    handler: 'gateway',
    session: 'optional',
    rateLimit: 'login',
    summary: 'Sign in (starts a session)',
    answer: ok(userDtoSchema),
  },
  {
    method: 'POST',
    path: Routes.auth.logout,
    owner: 'gateway',
    handler: 'gateway',
    session: 'optional',
    summary: 'Sign out (ends the session)',
    answer: ok(messageResponseSchema),
  },
  {
    method: 'GET',
    path: Routes.auth.me,
    owner: 'gateway',
    handler: 'gateway',
    session: 'optional',
    summary: 'The signed-in user (401 when anonymous)',
    answer: ok(userDtoSchema),
    errors: { 401: 'Not signed in' },
  },

  // The gateway's API documentation: Swagger UI and the merged OpenAPI document (no session: the document lists
  // what the route table already says; it holds no data).
  {
    method: 'GET',
    path: Routes.docs.ui,
    owner: 'gateway',
    handler: 'gateway',
    session: 'none',
    summary: 'API documentation (Swagger UI)',
    answer: media('text/html'),
  },
  {
    method: 'GET',
    path: Routes.docs.document,
    owner: 'gateway',
    handler: 'gateway',
    session: 'none',
    summary: 'The OpenAPI document of every route (JSON)',
    answer: ok(openApiDocumentSchema),
  },
  ...Routes.docs.assets.map((path): Entry => ({
    method: 'GET',
    path,
    owner: 'gateway',
    handler: 'gateway',
    session: 'none',
    summary: 'Swagger UI asset',
    answer: media(path.endsWith('.css') ? 'text/css' : 'text/javascript'),
  })),

  // svc-identity
  {
    method: 'POST',
    path: Routes.auth.register,
    owner: 'identity',
    session: 'none',
    rateLimit: 'register',
    summary: 'Register an account',
    answer: created(registerResponseSchema),
  },
  {
    method: 'POST',
    path: Routes.auth.forgotPassword,
    owner: 'identity',
    session: 'none',
    rateLimit: 'forgotPassword',
    summary: 'E-mail a password reset link',
    answer: ok(messageResponseSchema),
  },
  {
    method: 'POST',
    path: Routes.auth.resetPassword,
    owner: 'identity',
    handler: 'gateway',
    session: 'optional',
    rateLimit: 'resetPassword',
    summary: "Set a new password with a reset token (ends the user's sessions)",
    answer: ok(messageResponseSchema),
  },
  {
    method: 'GET',
    path: Routes.user.profile,
    owner: 'identity',
    session: 'required',
    summary: "The signed-in user's profile",
    answer: ok(profileDtoSchema),
  },
  {
    method: 'PATCH',
    path: Routes.user.profile,
    owner: 'identity',
    handler: 'gateway',
    session: 'required',
    summary: 'Change profile fields (refreshes the session user)',
    answer: ok(profileDtoSchema),
  },
  {
    method: 'PUT',
    path: Routes.user.profile,
    owner: 'identity',
    handler: 'gateway',
    session: 'required',
    summary: 'Save the client profile form (refreshes the session user)',
    answer: ok(profileDtoSchema),
  },
  {
    method: 'POST',
    path: Routes.support.contact,
    owner: 'identity',
    session: 'optional',
    rateLimit: 'support',
    summary: 'Send a message to support',
    answer: created(messageResponseSchema),
  },
  {
    method: 'GET',
    path: Routes.admin.invites,
    owner: 'identity',
    session: 'required',
    roles: ADMIN,
    summary: 'List beta invitations',
    answer: ok(inviteListResponseSchema),
  },
  {
    method: 'POST',
    path: Routes.admin.invites,
    owner: 'identity',
    session: 'required',
    roles: ADMIN,
    summary: 'Invite an e-mail address or domain to the beta',
    answer: created(inviteDtoSchema),
  },
  {
    method: 'DELETE',
    path: `${Routes.admin.invites}/:id`,
    owner: 'identity',
    session: 'required',
    roles: ADMIN,
    summary: 'Remove a beta invitation',
    answer: NO_CONTENT,
  },

  // svc-fleet
  {
    method: 'GET',
    path: Routes.aircraft.root,
    owner: 'fleet',
    session: 'required',
    summary: "The signed-in user's saved aircraft",
    answer: ok(z.array(aircraftDtoSchema)),
  },
  {
    method: 'POST',
    path: Routes.aircraft.root,
    owner: 'fleet',
    session: 'required',
    summary: 'Save an aircraft (make, model, tail number)',
    answer: created(aircraftDtoSchema),
  },
  {
    method: 'GET',
    path: Routes.user.aircraft,
    owner: 'fleet',
    session: 'required',
    summary: "The signed-in user's aircraft for the request form",
    answer: ok(z.array(aircraftDtoSchema)),
  },
  {
    method: 'POST',
    path: Routes.aircraft.createFull,
    owner: 'fleet',
    session: 'required',
    summary: 'Save an aircraft with all its details (legacy path)',
    answer: created(aircraftDtoSchema),
  },
  {
    method: 'GET',
    path: Routes.aircraft.makes,
    owner: 'fleet',
    session: 'none',
    summary: 'Aircraft makes of the catalogue',
    answer: ok(catalogueNamesSchema),
  },
  {
    method: 'GET',
    path: `${Routes.aircraft.root}/models/:make`,
    owner: 'fleet',
    session: 'none',
    summary: 'Models of a make',
    answer: ok(catalogueNamesSchema),
  },
  {
    method: 'GET',
    path: `${Routes.aircraft.root}/specs/:make/:model`,
    owner: 'fleet',
    session: 'none',
    summary: 'Specifications of a model',
    answer: ok(aircraftSpecsDtoSchema),
    errors: { 404: 'No such model in the catalogue' },
  },
  {
    method: 'GET',
    path: `${Routes.aircraft.root}/:id`,
    owner: 'fleet',
    session: 'required',
    summary: 'One saved aircraft',
    answer: ok(aircraftDtoSchema),
  },
  {
    method: 'PATCH',
    path: `${Routes.aircraft.root}/:id`,
    owner: 'fleet',
    session: 'required',
    summary: 'Change a saved aircraft',
    answer: ok(aircraftDtoSchema),
  },
  {
    method: 'PUT',
    path: `${Routes.aircraft.root}/:id`,
    owner: 'fleet',
    session: 'required',
    summary: 'Replace a saved aircraft (make, model, tail number)',
    answer: ok(aircraftDtoSchema),
  },
  {
    method: 'DELETE',
    path: `${Routes.aircraft.root}/:id`,
    owner: 'fleet',
    session: 'required',
    summary: 'Delete a saved aircraft',
    answer: ok(deleteAircraftResponseSchema),
  },
  {
    method: 'POST',
    path: `${Routes.aircraft.root}/:id/set-default`,
    owner: 'fleet',
    session: 'required',
    summary: 'Make a saved aircraft the default',
    answer: ok(aircraftDtoSchema),
  },

  // svc-airports
  {
    method: 'GET',
    path: Routes.airports.search,
    owner: 'airports',
    session: 'none',
    summary: 'Search airports',
    answer: ok(airportSearchResponseSchema),
  },
  {
    method: 'GET',
    path: Routes.airports.map,
    owner: 'airports',
    session: 'none',
    summary: 'Airports keyed by code',
    answer: ok(airportMapResponseSchema),
  },
  {
    method: 'GET',
    path: `${Routes.airports.root}/:code`,
    owner: 'airports',
    session: 'none',
    summary: 'One airport',
    answer: ok(airportDtoSchema),
    errors: { 404: 'Airport not found' },
  },
  {
    method: 'GET',
    path: `${Routes.airports.root}/:code/fbos`,
    owner: 'airports',
    session: 'none',
    summary: 'FBOs at an airport (starts discovery when there are none)',
    answer: ok(airportFbosResponseSchema),
    errors: { 404: 'Airport not found' },
  },
  {
    method: 'GET',
    path: Routes.airports.fboServices,
    owner: 'airports',
    session: 'none',
    summary: 'Service catalogue',
    answer: ok(fboServicesResponseSchema),
  },
  {
    method: 'POST',
    path: Routes.admin.importAirports,
    owner: 'airports',
    session: 'required',
    roles: ADMIN,
    summary: 'Import airports (built-in file, or a CSV upload in airportFile)',
    answer: ok(importAirportsResponseSchema, 200, 202),
  },
  {
    method: 'GET',
    path: Routes.admin.importStatus,
    owner: 'airports',
    session: 'required',
    roles: ADMIN,
    summary: 'Airport import status',
    answer: ok(importStatusResponseSchema),
  },
  {
    method: 'GET',
    path: Routes.admin.fbos,
    owner: 'airports',
    session: 'required',
    roles: ADMIN,
    summary: 'FBO directory',
    answer: ok(adminFboListResponseSchema),
  },
  {
    method: 'POST',
    path: Routes.admin.fbos,
    owner: 'airports',
    session: 'required',
    roles: ADMIN,
    summary: 'Add an FBO to the directory',
    answer: created(adminFboDtoSchema),
  },
  {
    method: 'PATCH',
    path: `${Routes.admin.fbos}/:id`,
    owner: 'airports',
    session: 'required',
    roles: ADMIN,
    summary: 'Change an FBO of the directory',
    answer: ok(adminFboDtoSchema),
  },
  {
    method: 'POST',
    path: Routes.admin.importFbos,
    owner: 'airports',
    session: 'required',
    roles: ADMIN,
    summary: 'Import FBOs from a CSV upload',
    answer: ok(importResultSchema),
  },
  {
    method: 'GET',
    path: `${Routes.admin.fbos}/:id/members`,
    owner: 'airports',
    session: 'required',
    roles: ADMIN,
    summary: "An FBO's members",
    answer: ok(fboMemberListResponseSchema),
    errors: { 404: 'FBO not found' },
  },
  {
    method: 'POST',
    path: `${Routes.admin.fbos}/:id/members`,
    owner: 'airports',
    session: 'required',
    roles: ADMIN,
    summary: 'Add a member to an FBO by e-mail (an unknown e-mail is invited to register)',
    answer: created(addFboMemberResponseSchema),
    errors: { 404: 'FBO not found', 409: 'Already a member' },
  },
  {
    method: 'DELETE',
    path: `${Routes.admin.fbos}/:id/members/:userId`,
    owner: 'airports',
    session: 'required',
    roles: ADMIN,
    summary: 'Remove a member from an FBO',
    answer: NO_CONTENT,
    errors: { 404: 'FBO or member not found' },
  },
  // Any signed-in user: FBO rights come from membership, which svc-airports checks.
  {
    method: 'POST',
    path: Routes.fboClaims.root,
    owner: 'airports',
    session: 'required',
    summary: "Claim an FBO: mails a one-time link to the FBO's listed address",
    answer: created(fboClaimResponseSchema),
    errors: { 404: 'FBO not found', 409: 'The FBO has no listed address' },
  },
  {
    method: 'POST',
    path: `${Routes.fboClaims.root}/:token/confirm`,
    owner: 'airports',
    session: 'required',
    summary: "Confirm a claim link: the user who asked for it becomes the FBO's manager",
    answer: ok(fboClaimConfirmResponseSchema),
    errors: { 404: 'No such link', 410: 'The link was used or has expired' },
  },
  {
    method: 'GET',
    path: Routes.fboTeam.memberships,
    owner: 'airports',
    session: 'required',
    summary: 'The FBOs the signed-in user belongs to',
    answer: ok(fboMembershipsResponseSchema),
  },
  {
    method: 'GET',
    path: `${Routes.fboTeam.root}/:id/members`,
    owner: 'airports',
    session: 'required',
    summary: 'The team of an FBO the user belongs to',
    answer: ok(fboMemberListResponseSchema),
    errors: { 404: 'FBO not found' },
  },
  {
    method: 'POST',
    path: `${Routes.fboTeam.root}/:id/members`,
    owner: 'airports',
    session: 'required',
    summary: "A manager adds a member to their FBO's team",
    answer: created(addFboMemberResponseSchema),
    errors: { 404: 'FBO or account not found', 409: 'Already a member' },
  },
  {
    method: 'DELETE',
    path: `${Routes.fboTeam.root}/:id/members/:userId`,
    owner: 'airports',
    session: 'required',
    summary: "A manager removes a member from their FBO's team",
    answer: NO_CONTENT,
    errors: { 404: 'FBO or member not found', 409: 'The last manager' },
  },

  // svc-quotes
  {
    method: 'POST',
    path: Routes.quoteRequests.root,
    owner: 'quotes',
    session: 'required',
    summary: 'Submit a quote request',
    answer: created(createQuoteRequestResponseSchema),
  },
  {
    method: 'GET',
    path: Routes.quoteRequests.root,
    owner: 'quotes',
    session: 'required',
    summary: 'My Quotes',
    answer: ok(quoteRequestListSchema),
  },
  {
    method: 'GET',
    path: quoteRequest,
    owner: 'quotes',
    session: 'required',
    summary: 'One quote request',
    answer: ok(quoteRequestDetailsDtoSchema),
  },
  {
    method: 'PATCH',
    path: quoteRequest,
    owner: 'quotes',
    session: 'required',
    summary: 'Amend an open request (dates, fuel quantity, services, notes): a new version, the FBOs told',
    answer: ok(amendQuoteRequestResponseSchema),
    errors: { 404: 'No such request of this user', 409: 'Cancelled or booked' },
  },
  {
    method: 'DELETE',
    path: quoteRequest,
    owner: 'quotes',
    session: 'required',
    summary: 'Delete a completed quote request',
    answer: ok(deleteQuoteRequestResponseSchema),
  },
  {
    method: 'GET',
    path: `${quoteRequest}/responses`,
    owner: 'quotes',
    session: 'required',
    summary: "The FBOs' answers to a request",
    answer: ok(quoteResponsesSchema),
  },
  {
    method: 'GET',
    path: `${quoteRequest}/comparison`,
    owner: 'quotes',
    session: 'required',
    summary: 'The answers compared like for like (requested services, fees, landed totals)',
    answer: ok(quoteComparisonSchema),
  },
  {
    method: 'POST',
    path: `${quoteRequest}/booking`,
    owner: 'quotes',
    session: 'required',
    summary: 'Book with an FBO that sent an estimate (the FBO is asked to confirm)',
    answer: ok(bookingResponseSchema),
  },
  {
    method: 'GET',
    path: `${quoteRequest}/events`,
    owner: 'quotes',
    session: 'required',
    stream: 'sse',
    summary: 'Live updates of a request (Server-Sent Events)',
    answer: media('text/event-stream'),
  },
  {
    method: 'GET',
    path: `${quoteRequest}/pdf`,
    owner: 'quotes',
    session: 'required',
    summary: 'PDF of a request and its price comparison',
    answer: media('application/pdf'),
  },
  {
    method: 'POST',
    path: `${quoteRequest}/cancel`,
    owner: 'quotes',
    session: 'required',
    summary: 'Cancel an open request',
    answer: ok(cancelQuoteRequestResponseSchema),
  },
  {
    method: 'PUT',
    path: `${quoteRequest}/notifications`,
    owner: 'quotes',
    session: 'required',
    summary: "Save the request's e-mail preferences",
    answer: ok(notificationPreferencesSchema),
  },
  {
    method: 'PATCH',
    path: `${quoteRequest}/notifications`,
    owner: 'quotes',
    session: 'required',
    summary: "Change the request's e-mail preferences",
    answer: ok(notificationPreferencesSchema),
  },
  {
    method: 'GET',
    path: fboLink,
    owner: 'quotes',
    session: 'none',
    summary: "Estimate page data for an FBO's link",
    answer: ok(estimatePageDataDtoSchema),
    errors: { 404: 'No such link' },
  },
  {
    method: 'POST',
    path: `${fboLink}/submit`,
    owner: 'quotes',
    session: 'none',
    rateLimit: 'fboSubmit',
    summary: "Submit an FBO's estimate",
    answer: created(estimateAnswerResponseSchema),
    errors: { 404: 'No such link', 409: 'Already answered', 410: 'Withdrawn by the requester, or the visit is over' },
  },
  {
    method: 'POST',
    path: `${fboLink}/decline`,
    owner: 'quotes',
    session: 'none',
    rateLimit: 'fboSubmit',
    summary: 'Decline a request with a reason',
    answer: created(estimateAnswerResponseSchema),
    errors: { 404: 'No such link', 409: 'Already answered', 410: 'Withdrawn by the requester, or the visit is over' },
  },
  {
    method: 'POST',
    path: `${fboLink}/booking`,
    owner: 'quotes',
    session: 'none',
    rateLimit: 'fboSubmit',
    summary: "The chosen FBO confirms or declines the pilot's booking",
    answer: ok(bookingResponseSchema),
    errors: { 404: 'No such link', 410: "Withdrawn, or the booking is no longer this FBO's to answer" },
  },
  {
    method: 'GET',
    path: Routes.fboPortal.inbox,
    owner: 'quotes',
    session: 'required',
    summary: 'The requests of the FBOs the user belongs to, a page at a time (?fboId= one of them, ?limit=, ?before=)',
    answer: ok(fboInboxResponseSchema),
  },
  {
    method: 'GET',
    path: `${Routes.fboPortal.root}/requests/:invitationId`,
    owner: 'quotes',
    session: 'required',
    summary: 'Estimate page data from the FBO inbox',
    answer: ok(estimatePageDataDtoSchema),
    errors: { 404: 'No such request in this inbox' },
  },
  {
    method: 'POST',
    path: `${Routes.fboPortal.root}/requests/:invitationId/submit`,
    owner: 'quotes',
    session: 'required',
    rateLimit: 'fboSubmit',
    summary: 'Submit an estimate from the FBO inbox',
    answer: created(estimateAnswerResponseSchema),
    errors: {
      404: 'No such request in this inbox',
      409: 'Already answered',
      410: 'Withdrawn by the requester, or the visit is over',
    },
  },
  {
    method: 'POST',
    path: `${Routes.fboPortal.root}/requests/:invitationId/decline`,
    owner: 'quotes',
    session: 'required',
    rateLimit: 'fboSubmit',
    summary: 'Decline a request from the FBO inbox',
    answer: created(estimateAnswerResponseSchema),
    errors: {
      404: 'No such request in this inbox',
      409: 'Already answered',
      410: 'Withdrawn by the requester, or the visit is over',
    },
  },
  {
    method: 'POST',
    path: `${Routes.fboPortal.root}/requests/:invitationId/booking`,
    owner: 'quotes',
    session: 'required',
    rateLimit: 'fboSubmit',
    summary: "The chosen FBO confirms or declines the pilot's booking from the FBO inbox",
    answer: ok(bookingResponseSchema),
    errors: {
      404: 'No such request in this inbox',
      410: "Withdrawn, or the booking is no longer this FBO's to answer",
    },
  },

  // svc-billing
  {
    method: 'GET',
    path: Routes.billing.root,
    owner: 'billing',
    session: 'required',
    summary: 'Billing record (customer, payment methods, default)',
    answer: ok(billingRecordDtoSchema),
  },
  {
    method: 'GET',
    path: Routes.billing.paymentMethods,
    owner: 'billing',
    session: 'required',
    summary: 'Payment methods',
    answer: ok(paymentMethodListSchema),
  },
  {
    method: 'POST',
    path: Routes.billing.paymentMethods,
    owner: 'billing',
    session: 'required',
    summary: 'Add a payment method',
    answer: created(paymentMethodDtoSchema),
  },
  {
    method: 'DELETE',
    path: `${Routes.billing.paymentMethods}/:id`,
    owner: 'billing',
    session: 'required',
    summary: 'Remove a payment method',
    answer: ok(billingRecordDtoSchema),
  },
  {
    method: 'POST',
    path: Routes.billing.defaultPaymentMethod,
    owner: 'billing',
    session: 'required',
    summary: 'Choose the default payment method',
    answer: ok(billingRecordDtoSchema),
  },
  {
    method: 'POST',
    path: Routes.billing.setupIntent,
    owner: 'billing',
    session: 'required',
    summary: 'Start saving a card with the payment provider',
    answer: created(setupIntentResponseSchema),
  },
  {
    method: 'GET',
    path: Routes.billing.plans,
    owner: 'billing',
    session: 'none',
    summary: 'Plans keyed by plan id',
    answer: ok(plansResponseSchema),
  },
  {
    method: 'GET',
    path: Routes.billing.subscription,
    owner: 'billing',
    session: 'required',
    summary: 'The current subscription',
    answer: ok(currentSubscriptionResponseSchema),
  },
  {
    method: 'POST',
    path: Routes.billing.subscription,
    owner: 'billing',
    session: 'required',
    summary: 'Subscribe to a plan',
    answer: created(subscriptionDtoSchema),
  },
  {
    method: 'PUT',
    path: `${Routes.billing.subscription}/:subscriptionId`,
    owner: 'billing',
    session: 'required',
    summary: 'Switch plan',
    answer: ok(subscriptionDtoSchema),
  },
  {
    method: 'DELETE',
    path: `${Routes.billing.subscription}/:subscriptionId`,
    owner: 'billing',
    session: 'required',
    summary: 'Cancel at the end of the period',
    answer: ok(subscriptionDtoSchema),
  },
  {
    method: 'POST',
    path: Routes.billing.localCardToken,
    owner: 'billing',
    session: 'required',
    summary: 'Local payment provider: turn the card form into a payment method id (keeps brand, last 4, expiry)',
    answer: created(localCardTokenResponseSchema),
  },
  {
    method: 'GET',
    path: Routes.billing.invoices,
    owner: 'billing',
    session: 'required',
    summary: 'Billing history',
    answer: ok(invoiceListSchema),
  },
  {
    method: 'GET',
    path: `${Routes.billing.invoices}/:id/receipt`,
    owner: 'billing',
    session: 'required',
    summary: 'Receipt of an invoice (PDF)',
    answer: media('application/pdf'),
  },
  // Stripe calls it without a session or an Origin header; the service checks Stripe's signature over the raw body.
  {
    method: 'POST',
    path: Routes.billing.webhook,
    owner: 'billing',
    session: 'none',
    summary: 'Payment provider webhook (signed by the provider)',
    answer: ok(webhookResponseSchema),
  },
];

const ROUTE_POLICIES: readonly RoutePolicy[] = Object.freeze(
  ENTRIES.map((e) => Object.freeze({ ...e, handler: e.handler ?? 'proxy' } satisfies RoutePolicy)),
);

/** Every entry of the route policy, in table order (for the gateway, the OpenAPI document, the authorization matrix). */
export function listRoutePolicies(): readonly RoutePolicy[] {
  return ROUTE_POLICIES;
}

/** A request matched to its policy, with the path parameters (as sent, not decoded). */
export interface RouteMatch {
  policy: RoutePolicy;
  params: Record<string, string>;
}

interface CompiledRoute {
  policy: RoutePolicy;
  /** Lower-case literal, or null for a parameter. */
  segments: (string | null)[];
  names: string[];
}

const compile = (policy: RoutePolicy): CompiledRoute => {
  const parts = policy.path.split('/').slice(1);
  return {
    policy,
    segments: parts.map((p) => (p.startsWith(':') ? null : p.toLowerCase())),
    names: parts.filter((p) => p.startsWith(':')).map((p) => p.slice(1)),
  };
};

/** Literal segments before parameters: `/api/aircraft/makes` wins over `/api/aircraft/:id`, as the services route it. */
const moreSpecific = (a: CompiledRoute, b: CompiledRoute) => {
  for (let i = 0; i < a.segments.length; i++) {
    const aLiteral = a.segments[i] !== null;
    const bLiteral = b.segments[i] !== null;
    if (aLiteral !== bLiteral) return aLiteral ? -1 : 1;
  }
  return 0;
};

/** Routes by method and number of segments, most specific first. */
const INDEX = new Map<string, CompiledRoute[]>();
for (const route of ROUTE_POLICIES.map(compile)) {
  const key = `${route.policy.method} ${route.segments.length}`;
  INDEX.set(key, [...(INDEX.get(key) ?? []), route].sort(moreSpecific));
}

/**
 * The path's segments the way Express and Nest route it: the query string dropped and one trailing slash
 * ignored. Letter case is compared later (routes are case-insensitive).
 */
function segmentsOf(path: string): string[] | undefined {
  const q = path.indexOf('?');
  let pathname = q === -1 ? path : path.slice(0, q);
  if (!pathname.startsWith('/')) return undefined;
  if (pathname.length > 1 && pathname.endsWith('/')) pathname = pathname.slice(0, -1);
  return pathname.split('/').slice(1);
}

/**
 * The policy of a request, matched as the services match their routes: case-insensitive, one trailing slash
 * ignored, the query string ignored, `:param` matching one non-empty segment, literal segments before
 * parameters. HEAD is matched as GET. Undefined when the table has no such method and path.
 */
export function matchRoute(method: string, path: string): RouteMatch | undefined {
  const upper = method.toUpperCase();
  const segments = segmentsOf(path);
  if (!segments) return undefined;
  const candidates = INDEX.get(`${upper === 'HEAD' ? 'GET' : upper} ${segments.length}`);
  if (!candidates) return undefined;
  for (const route of candidates) {
    let ok = true;
    for (let i = 0; i < segments.length && ok; i++) {
      const expected = route.segments[i];
      ok = expected === null ? segments[i] !== '' : segments[i].toLowerCase() === expected;
    }
    if (!ok) continue;
    const params: Record<string, string> = {};
    let n = 0;
    route.segments.forEach((s, i) => {
      if (s === null) params[route.names[n++]] = segments[i];
    });
    return { policy: route.policy, params };
  }
  return undefined;
}

/**
 * Paths in the gateway's API space: `/api` and below, and the legacy `POST /create-aircraft` (compared as the
 * services compare paths). A request here that matches no route is a JSON 404, never a page or a file.
 */
export function isApiPath(path: string): boolean {
  const segments = segmentsOf(path);
  if (!segments) return false;
  const first = segments[0].toLowerCase();
  return first === 'api' || (segments.length === 1 && `/${first}` === Routes.aircraft.createFull);
}
