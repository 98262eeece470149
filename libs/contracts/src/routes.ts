import ports from './ports.json';

/** Route paths, defined once. Browser-facing API paths (through the gateway) and in-system paths. */
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
  admin: {
    invites: '/api/admin/invites',
    importStatus: '/api/admin/import-status',
    importAirports: '/api/admin/import-airports',
  },
  aircraft: '/api/aircraft',
  createAircraft: '/create-aircraft',
  quoteRequests: '/api/quote-requests',
  fboQuote: '/api/fbo-quote',
  billing: '/api/billing',
  airports: '/api/airports',
  fboServices: '/api/fbo-services',
} as const;

/** Calls inside the system (never routed by the gateway). */
export const InternalRoutes = {
  /** svc-identity: the gateway asks whether an e-mail and password match a user who may log in. */
  verifyCredentials: '/internal/credentials/verify',
  /** svc-identity: the gateway reloads a session's user. */
  userById: (id: string) => `/internal/users/${id}`,
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

// Which service answers which method and path, with its session, limit and handling: route-policy.ts.
