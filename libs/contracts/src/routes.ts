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

/**
 * The gateway's route table (ARCHITECTURE section 1). The most specific prefix wins.
 * `target` names the service; `ports` gives the default development port of each.
 */
export const SERVICE_PORTS: Record<ServiceName, number> = {
  identity: 4001,
  fleet: 4002,
  quotes: 4003,
  billing: 4004,
  airports: 4005,
};

export interface RouteRule {
  prefix: string;
  target: ServiceName;
}

export const ROUTE_TABLE: readonly RouteRule[] = [
  { prefix: '/api/user/aircraft', target: 'fleet' },
  { prefix: '/api/admin/invites', target: 'identity' },
  { prefix: '/api/auth/register', target: 'identity' },
  { prefix: '/api/auth/forgot-password', target: 'identity' },
  { prefix: '/api/user', target: 'identity' },
  { prefix: '/api/reset-password', target: 'identity' },
  { prefix: '/api/support', target: 'identity' },
  { prefix: '/api/aircraft', target: 'fleet' },
  { prefix: '/create-aircraft', target: 'fleet' },
  { prefix: '/api/quote-requests', target: 'quotes' },
  { prefix: '/api/fbo-quote', target: 'quotes' },
  { prefix: '/api/billing', target: 'billing' },
  { prefix: '/api/airports', target: 'airports' },
  { prefix: '/api/fbo-services', target: 'airports' },
  { prefix: '/api/admin', target: 'airports' },
];

/** Picks the service for a path: the longest matching prefix (on a path-segment boundary). */
export function routeFor(path: string): ServiceName | undefined {
  const pathname = path.split('?')[0];
  let best: RouteRule | undefined;
  for (const rule of ROUTE_TABLE) {
    const matches = pathname === rule.prefix || pathname.startsWith(rule.prefix + '/');
    if (matches && (!best || rule.prefix.length > best.prefix.length)) best = rule;
  }
  return best?.target;
}
