import ports from './ports.json';
import type { UnitSystem } from './aircraft';

/**
 * Every path of the system, spelled once: the browser-facing API (through the gateway), grouped by area, and the
 * calls inside the system. Which service answers which method and path, with its session, limit and answer, is the
 * route policy (route-policy.ts), built from these.
 */
const enc = encodeURIComponent;

/** The API's roots and the paths without an area of their own. */
export const ApiRoutes = {
  auth: {
    me: '/api/auth/me',
    login: '/api/auth/login',
    logout: '/api/auth/logout',
    register: '/api/auth/register',
    forgotPassword: '/api/auth/forgot-password',
  },
  resetPassword: '/api/reset-password',
  user: {
    profile: '/api/user/profile',
    aircraft: '/api/user/aircraft',
  },
  support: { contact: '/api/support/contact' },
  admin: { invites: '/api/admin/invites' },
  aircraft: '/api/aircraft',
  createAircraft: '/create-aircraft',
  quoteRequests: '/api/quote-requests',
  fboQuote: '/api/fbo-quote',
  fboPortal: '/api/fbo-portal',
  billing: '/api/billing',
  airports: '/api/airports',
  fboServices: '/api/fbo-services',
  docs: '/api/docs',
} as const;

/** svc-fleet: saved aircraft and the catalogue. */
export const AircraftPaths = {
  list: ApiRoutes.aircraft,
  userList: ApiRoutes.user.aircraft,
  create: ApiRoutes.aircraft,
  createFull: ApiRoutes.createAircraft,
  byId: (id: string) => `${ApiRoutes.aircraft}/${enc(id)}`,
  setDefault: (id: string) => `${ApiRoutes.aircraft}/${enc(id)}/set-default`,
  makes: `${ApiRoutes.aircraft}/makes`,
  models: (make: string) => `${ApiRoutes.aircraft}/models/${enc(make)}`,
  specs: (make: string, model: string, unitSystem?: UnitSystem) =>
    `${ApiRoutes.aircraft}/specs/${enc(make)}/${enc(model)}${unitSystem ? `?unitSystem=${unitSystem}` : ''}`,
} as const;

/** svc-airports: airports, the service catalogue, the admin imports and the FBO directory. */
export const AirportRoutes = {
  search: `${ApiRoutes.airports}/search`,
  map: `${ApiRoutes.airports}/map`,
  airport: (code: string) => `${ApiRoutes.airports}/${enc(code)}`,
  fbos: (code: string) => `${ApiRoutes.airports}/${enc(code)}/fbos`,
  fboServices: ApiRoutes.fboServices,
  importAirports: '/api/admin/import-airports',
  importStatus: '/api/admin/import-status',
  adminFbos: '/api/admin/fbos',
  adminFbo: (id: string) => `/api/admin/fbos/${enc(id)}`,
  importFbos: '/api/admin/import-fbos',
} as const;

/** svc-quotes: a pilot's quote requests. */
export const QuoteRequestRoutes = {
  list: ApiRoutes.quoteRequests,
  create: ApiRoutes.quoteRequests,
  byId: (id: string) => `${ApiRoutes.quoteRequests}/${enc(id)}`,
  responses: (id: string, view?: 'details' | 'results') =>
    `${ApiRoutes.quoteRequests}/${enc(id)}/responses${view === 'results' ? '?view=results' : ''}`,
  notifications: (id: string) => `${ApiRoutes.quoteRequests}/${enc(id)}/notifications`,
  cancel: (id: string) => `${ApiRoutes.quoteRequests}/${enc(id)}/cancel`,
  events: (id: string) => `${ApiRoutes.quoteRequests}/${enc(id)}/events`,
  pdf: (id: string) => `${ApiRoutes.quoteRequests}/${enc(id)}/pdf`,
} as const;

/** svc-quotes: the FBO's side, by link (PUBLIC_URL/quote/{fboId}/{token}) or from the FBO inbox (role `fbo`). */
export const FboQuoteRoutes = {
  /** GET: the estimate page data (no login; the token is the credential). */
  byLink: (fboId: string, token: string) => `${ApiRoutes.fboQuote}/${enc(fboId)}/${enc(token)}`,
  submit: (fboId: string, token: string) => `${ApiRoutes.fboQuote}/${enc(fboId)}/${enc(token)}/submit`,
  decline: (fboId: string, token: string) => `${ApiRoutes.fboQuote}/${enc(fboId)}/${enc(token)}/decline`,
  /** Prefix of the signed-in FBO account's calls. */
  portal: ApiRoutes.fboPortal,
  /** The requests sent to the FBO user's e-mail, newest first. */
  inbox: `${ApiRoutes.fboPortal}/inbox`,
  inboxRequest: (invitationId: string) => `${ApiRoutes.fboPortal}/requests/${enc(invitationId)}`,
  inboxSubmit: (invitationId: string) => `${ApiRoutes.fboPortal}/requests/${enc(invitationId)}/submit`,
  inboxDecline: (invitationId: string) => `${ApiRoutes.fboPortal}/requests/${enc(invitationId)}/decline`,
} as const;

/** The estimate page an FBO's link opens (`/quote/:fboId/:quoteId`, the `quoteId` being the invitation token). */
export const fboEstimatePagePath = (fboId: string, token: string) => `/quote/${enc(fboId)}/${enc(token)}`;

/** svc-billing: every call under `/api/billing`. */
export const BillingRoutes = {
  record: ApiRoutes.billing,
  paymentMethods: `${ApiRoutes.billing}/payment-method`,
  defaultPaymentMethod: `${ApiRoutes.billing}/default-payment-method`,
  setupIntent: `${ApiRoutes.billing}/setup-intent`,
  localCardToken: `${ApiRoutes.billing}/local/card-token`,
  plans: `${ApiRoutes.billing}/plans`,
  subscription: `${ApiRoutes.billing}/subscription`,
  invoices: `${ApiRoutes.billing}/invoices`,
  receipt: (invoiceId: string) => `${ApiRoutes.billing}/invoices/${enc(invoiceId)}/receipt`,
  webhook: `${ApiRoutes.billing}/webhook`,
} as const;

/** The gateway's API documentation: Swagger UI, the OpenAPI document, and the files the UI page loads. */
export const ApiDocsRoutes = {
  ui: ApiRoutes.docs,
  document: `${ApiRoutes.docs}/openapi.json`,
  assets: [
    `${ApiRoutes.docs}/swagger-ui.css`,
    `${ApiRoutes.docs}/swagger-ui-bundle.js`,
    `${ApiRoutes.docs}/swagger-initializer.js`,
  ],
} as const;

/** Calls inside the system (never routed by the gateway). */
export const InternalRoutes = {
  /** svc-identity: the gateway asks whether an e-mail and password match a user who may log in. */
  verifyCredentials: '/internal/credentials/verify',
  /** svc-identity: the gateway reloads a session's user. */
  userById: (id: string) => `/internal/users/${id}`,
  /** svc-identity: the gateway forwards POST /api/reset-password here; 200 `{ userId }`, then it ends their sessions. */
  resetPassword: '/internal/password-reset',
  health: '/health',
} as const;

/** Header carrying the signed internal identity (gateway -> service, service -> service). */
export const IDENTITY_HEADER = 'x-rampquote-identity';

/** Service names, as used in database names, queue names, event sources and the identity header. */
export const SERVICES = ['identity', 'fleet', 'quotes', 'billing', 'airports'] as const;
export type ServiceName = (typeof SERVICES)[number];

/** The default development port of each service (ARCHITECTURE section 7; the list is ports.json). */
export const SERVICE_PORTS: Record<ServiceName, number> = ports.services;

/** The gateway's default port, the site's in development. */
export const GATEWAY_PORT: number = ports.gateway;

/** The port of each micro-frontend's static host under `npm start`, by bundle folder. */
export const REMOTE_HOST_PORTS: Record<'mf-account' | 'mf-quotes' | 'mf-fbo-portal' | 'mf-admin', number> =
  ports.remoteHosts;
