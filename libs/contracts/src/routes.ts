import ports from './ports.json';
import type { UnitSystem } from './aircraft';

/**
 * Every path of the system, spelled once: the browser-facing API (through the gateway), grouped by area, and the
 * calls inside the system. Which service answers which method and path, with its session, limit and answer, is the
 * route policy (route-policy.ts), built from these.
 */
const enc = encodeURIComponent;

const api = {
  aircraft: '/api/aircraft',
  airports: '/api/airports',
  quoteRequests: '/api/quote-requests',
  fboQuote: '/api/fbo-quote',
  fboPortal: '/api/fbo-portal',
  billing: '/api/billing',
  docs: '/api/docs',
} as const;

/** The one table of paths: each area's `root` is the prefix the gateway routes by; `internal` never leaves the system. */
export const Routes = {
  auth: {
    me: '/api/auth/me',
    login: '/api/auth/login',
    logout: '/api/auth/logout',
    register: '/api/auth/register',
    forgotPassword: '/api/auth/forgot-password',
    resetPassword: '/api/reset-password',
  },
  user: {
    profile: '/api/user/profile',
    aircraft: '/api/user/aircraft',
  },
  support: { contact: '/api/support/contact' },

  /** svc-identity's invitations and svc-airports' imports and FBO directory. */
  admin: {
    invites: '/api/admin/invites',
    importAirports: '/api/admin/import-airports',
    importStatus: '/api/admin/import-status',
    importFbos: '/api/admin/import-fbos',
    fbos: '/api/admin/fbos',
    fbo: (id: string) => `/api/admin/fbos/${enc(id)}`,
    fboMembers: (id: string) => `/api/admin/fbos/${enc(id)}/members`,
    fboMember: (id: string, userId: string) => `/api/admin/fbos/${enc(id)}/members/${enc(userId)}`,
  },

  /** svc-fleet: saved aircraft and the catalogue. */
  aircraft: {
    root: api.aircraft,
    createFull: '/create-aircraft',
    byId: (id: string) => `${api.aircraft}/${enc(id)}`,
    setDefault: (id: string) => `${api.aircraft}/${enc(id)}/set-default`,
    makes: `${api.aircraft}/makes`,
    models: (make: string) => `${api.aircraft}/models/${enc(make)}`,
    specs: (make: string, model: string, unitSystem?: UnitSystem) =>
      `${api.aircraft}/specs/${enc(make)}/${enc(model)}${unitSystem ? `?unitSystem=${unitSystem}` : ''}`,
  },

  /** svc-airports: airports, the service catalogue and the public FBO directory. */
  airports: {
    root: api.airports,
    search: `${api.airports}/search`,
    map: `${api.airports}/map`,
    airport: (code: string) => `${api.airports}/${enc(code)}`,
    fbos: (code: string) => `${api.airports}/${enc(code)}/fbos`,
    fboServices: '/api/fbo-services',
  },

  /** svc-airports: a signed-in user's claim of an FBO, and an FBO manager's team. */
  fboClaims: {
    root: '/api/fbo-claims',
    confirm: (token: string) => `/api/fbo-claims/${enc(token)}/confirm`,
  },
  fboTeam: {
    root: '/api/fbo',
    /** The signed-in user's FBOs (the portal's menu, landing and inbox filter). */
    memberships: '/api/fbo/memberships',
    members: (fboId: string) => `/api/fbo/${enc(fboId)}/members`,
    member: (fboId: string, userId: string) => `/api/fbo/${enc(fboId)}/members/${enc(userId)}`,
  },

  /** svc-quotes: a pilot's quote requests. */
  quoteRequests: {
    root: api.quoteRequests,
    byId: (id: string) => `${api.quoteRequests}/${enc(id)}`,
    responses: (id: string, view?: 'details' | 'results') =>
      `${api.quoteRequests}/${enc(id)}/responses${view === 'results' ? '?view=results' : ''}`,
    comparison: (id: string) => `${api.quoteRequests}/${enc(id)}/comparison`,
    booking: (id: string) => `${api.quoteRequests}/${enc(id)}/booking`,
    notifications: (id: string) => `${api.quoteRequests}/${enc(id)}/notifications`,
    cancel: (id: string) => `${api.quoteRequests}/${enc(id)}/cancel`,
    events: (id: string) => `${api.quoteRequests}/${enc(id)}/events`,
    pdf: (id: string) => `${api.quoteRequests}/${enc(id)}/pdf`,
  },

  /** svc-quotes: the FBO's side by link (PUBLIC_URL/quote/{fboId}/{token}; no login, the token is the credential). */
  fboQuote: {
    root: api.fboQuote,
    byLink: (fboId: string, token: string) => `${api.fboQuote}/${enc(fboId)}/${enc(token)}`,
    submit: (fboId: string, token: string) => `${api.fboQuote}/${enc(fboId)}/${enc(token)}/submit`,
    decline: (fboId: string, token: string) => `${api.fboQuote}/${enc(fboId)}/${enc(token)}/decline`,
    booking: (fboId: string, token: string) => `${api.fboQuote}/${enc(fboId)}/${enc(token)}/booking`,
    /** The page the link opens (`/quote/:fboId/:quoteId`, the `quoteId` being the invitation token). */
    estimatePage: (fboId: string, token: string) => `/quote/${enc(fboId)}/${enc(token)}`,
  },

  /** svc-quotes: the signed-in FBO member's inbox. */
  fboPortal: {
    root: api.fboPortal,
    inbox: `${api.fboPortal}/inbox`,
    request: (invitationId: string) => `${api.fboPortal}/requests/${enc(invitationId)}`,
    submit: (invitationId: string) => `${api.fboPortal}/requests/${enc(invitationId)}/submit`,
    decline: (invitationId: string) => `${api.fboPortal}/requests/${enc(invitationId)}/decline`,
    booking: (invitationId: string) => `${api.fboPortal}/requests/${enc(invitationId)}/booking`,
  },

  /** svc-billing: every call under `/api/billing`. */
  billing: {
    root: api.billing,
    paymentMethods: `${api.billing}/payment-method`,
    defaultPaymentMethod: `${api.billing}/default-payment-method`,
    setupIntent: `${api.billing}/setup-intent`,
    localCardToken: `${api.billing}/local/card-token`,
    plans: `${api.billing}/plans`,
    subscription: `${api.billing}/subscription`,
    invoices: `${api.billing}/invoices`,
    receipt: (invoiceId: string) => `${api.billing}/invoices/${enc(invoiceId)}/receipt`,
    webhook: `${api.billing}/webhook`,
  },

  /** The gateway's API documentation: Swagger UI, the OpenAPI document, and the files the UI page loads. */
  docs: {
    ui: api.docs,
    document: `${api.docs}/openapi.json`,
    assets: [`${api.docs}/swagger-ui.css`, `${api.docs}/swagger-ui-bundle.js`, `${api.docs}/swagger-initializer.js`],
  },

  /** Calls inside the system (never routed by the gateway). */
  internal: {
    /** svc-identity: the gateway asks whether an e-mail and password match a user who may log in. */
    verifyCredentials: '/internal/credentials/verify',
    /** svc-identity: the gateway reloads a session's user. */
    userById: (id: string) => `/internal/users/${id}`,
    /** svc-identity: the gateway forwards POST /api/reset-password here; 200 `{ userId }`, then it ends their sessions. */
    resetPassword: '/internal/password-reset',
    /** svc-identity: svc-airports finds the account of an e-mail (POST `{ email }`; 404 when none). */
    userLookup: '/internal/users/lookup',
    /** svc-identity: svc-airports invites an e-mail to register (POST `{ email }`). */
    invite: '/internal/invites',
    /** svc-airports: an airport's active FBOs with the address svc-quotes mails (the public list has none). */
    airportFboContacts: (code: string) => `/internal/airports/${enc(code)}/fbos`,
    /** svc-airports: the FBOs a user belongs to (svc-quotes decides the inbox by it). */
    fboMemberships: (userId: string) => `/internal/fbo-memberships/${enc(userId)}`,
    health: '/health',
  },
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
