import { isApiPath, listRoutePolicies, matchRoute, type RoutePolicy } from './route-policy';
import { Routes } from './routes';

const policy = (method: string, path: string) => matchRoute(method, path)?.policy;
const owner = (method: string, path: string) => policy(method, path)?.owner;

describe('route policy table', () => {
  it('lists every call of both specs (section 7) with its owning service', () => {
    const documented: [string, string, RoutePolicy['owner']][] = [
      // accounts-aircraft-billing section 7
      ['GET', '/api/auth/me', 'gateway'],
      ['POST', '/api/auth/login', 'gateway'],
      ['POST', '/api/auth/logout', 'gateway'],
      ['POST', '/api/auth/register', 'identity'],
      ['PATCH', '/api/user/profile', 'identity'],
      ['PUT', '/api/user/profile', 'identity'],
      ['GET', '/api/user/profile', 'identity'],
      ['POST', '/api/auth/forgot-password', 'identity'],
      ['POST', '/api/reset-password', 'identity'],
      ['GET', '/api/aircraft', 'fleet'],
      ['GET', '/api/aircraft/makes', 'fleet'],
      ['GET', '/api/aircraft/models/Cessna', 'fleet'],
      ['GET', '/api/aircraft/specs/Cessna/172S%20Skyhawk', 'fleet'],
      ['POST', '/create-aircraft', 'fleet'],
      ['POST', '/api/aircraft', 'fleet'],
      ['PATCH', '/api/aircraft/42', 'fleet'],
      ['PUT', '/api/aircraft/42', 'fleet'],
      ['DELETE', '/api/aircraft/42', 'fleet'],
      ['POST', '/api/aircraft/42/set-default', 'fleet'],
      ['GET', '/api/billing', 'billing'],
      ['GET', '/api/billing/payment-method', 'billing'],
      ['POST', '/api/billing/setup-intent', 'billing'],
      ['POST', '/api/billing/payment-method', 'billing'],
      ['DELETE', '/api/billing/payment-method/pm_1', 'billing'],
      ['POST', '/api/billing/default-payment-method', 'billing'],
      ['GET', '/api/billing/plans', 'billing'],
      ['GET', '/api/billing/subscription', 'billing'],
      ['POST', '/api/billing/subscription', 'billing'],
      ['PUT', '/api/billing/subscription/sub_1', 'billing'],
      ['DELETE', '/api/billing/subscription/sub_1', 'billing'],
      ['GET', '/api/admin/import-status', 'airports'],
      ['POST', '/api/admin/import-airports', 'airports'],
      // quote-workflow section 7
      ['GET', '/api/user/aircraft', 'fleet'],
      ['GET', '/api/airports/search?q=sea', 'airports'],
      ['GET', '/api/airports/KSEA', 'airports'],
      ['GET', '/api/airports/KSEA/fbos', 'airports'],
      ['GET', '/api/airports/map', 'airports'],
      ['GET', '/api/aircraft/0b0e7a52', 'fleet'],
      ['POST', '/api/quote-requests', 'quotes'],
      ['GET', '/api/quote-requests', 'quotes'],
      ['GET', '/api/quote-requests/7', 'quotes'],
      ['GET', '/api/quote-requests/7/responses', 'quotes'],
      ['DELETE', '/api/quote-requests/7', 'quotes'],
      ['GET', '/api/fbo-quote/fbo-1/token-1', 'quotes'],
      ['GET', '/api/fbo-services', 'airports'],
      ['POST', '/api/fbo-quote/fbo-1/token-1/submit', 'quotes'],
      ['POST', '/api/support/contact', 'identity'],
    ];
    for (const [method, path, service] of documented)
      expect({ method, path, owner: owner(method, path) }).toEqual({ method, path, owner: service });
  });

  it('lists the routes served beyond the specs: admin invitations and FBO directory, live updates, PDF, cancel, notifications, decline, FBO inbox, webhook', () => {
    const served: [string, string, RoutePolicy['owner']][] = [
      ['GET', '/api/admin/invites', 'identity'],
      ['POST', '/api/admin/invites', 'identity'],
      ['DELETE', '/api/admin/invites/abc', 'identity'],
      ['GET', '/api/admin/fbos?airport=GEG', 'airports'],
      ['POST', '/api/admin/fbos', 'airports'],
      ['PATCH', '/api/admin/fbos/abc', 'airports'],
      ['POST', '/api/admin/import-fbos', 'airports'],
      ['GET', '/api/quote-requests/7/events', 'quotes'],
      ['GET', '/api/quote-requests/7/pdf', 'quotes'],
      ['POST', '/api/quote-requests/7/cancel', 'quotes'],
      ['PUT', '/api/quote-requests/7/notifications', 'quotes'],
      ['PATCH', '/api/quote-requests/7/notifications', 'quotes'],
      ['POST', '/api/fbo-quote/fbo-1/token-1/decline', 'quotes'],
      ['GET', '/api/fbo-portal/inbox', 'quotes'],
      ['GET', '/api/fbo-portal/requests/inv-1', 'quotes'],
      ['POST', '/api/fbo-portal/requests/inv-1/submit', 'quotes'],
      ['POST', '/api/fbo-portal/requests/inv-1/decline', 'quotes'],
      ['POST', '/api/billing/webhook', 'billing'],
    ];
    for (const [method, path, service] of served)
      expect({ method, path, owner: owner(method, path) }).toEqual({ method, path, owner: service });
  });

  it('matches the paths the contracts build', () => {
    expect(owner('GET', Routes.airports.airport('K S/A'))).toBe('airports');
    expect(owner('GET', Routes.airports.fbos('KSEA'))).toBe('airports');
    expect(owner('PATCH', Routes.admin.fbo('x/y'))).toBe('airports');
    expect(owner('PATCH', Routes.aircraft.byId('a b'))).toBe('fleet');
    expect(owner('POST', Routes.aircraft.setDefault('1'))).toBe('fleet');
    expect(owner('POST', Routes.aircraft.createFull)).toBe('fleet');
  });

  it('sends /api/user/aircraft to svc-fleet and the rest of /api/user to svc-identity', () => {
    expect(owner('GET', '/api/user/aircraft')).toBe('fleet');
    expect(owner('GET', '/api/user/profile')).toBe('identity');
  });

  it('sends /api/admin/invites to svc-identity and the rest of /api/admin to svc-airports', () => {
    expect(owner('DELETE', '/api/admin/invites/abc')).toBe('identity');
    expect(owner('GET', '/api/admin/import-status')).toBe('airports');
  });

  it('prefers literal segments to parameters, as the services route them', () => {
    expect(policy('GET', '/api/aircraft/makes')).toMatchObject({ path: '/api/aircraft/makes', session: 'none' });
    expect(policy('GET', '/api/aircraft/42')).toMatchObject({ path: '/api/aircraft/:id', session: 'required' });
    expect(policy('GET', '/api/airports/search')).toMatchObject({ path: '/api/airports/search' });
    expect(matchRoute('GET', '/api/airports/KSEA/fbos')?.params).toEqual({ code: 'KSEA' });
    // No DELETE on /makes: the :id route takes it, as in Express.
    expect(matchRoute('DELETE', '/api/aircraft/makes')).toMatchObject({
      policy: { path: '/api/aircraft/:id' },
      params: { id: 'makes' },
    });
  });

  it('ignores letter case, one trailing slash and the query string, as Express and Nest do', () => {
    for (const path of [
      '/api/auth/register/',
      '/API/Auth/Register',
      '/api/auth/register?x=1',
      '/api/auth/register/?x=1',
    ]) {
      expect(policy('POST', path)).toMatchObject({ path: '/api/auth/register', rateLimit: 'register' });
    }
    expect(policy('POST', '/api/Support/contact')).toMatchObject({ rateLimit: 'support' });
    expect(policy('PATCH', '/api/user/Profile')).toMatchObject({ handler: 'gateway', owner: 'identity' });
    expect(policy('POST', '/api/fbo-quote/ABC/Token/SUBMIT/')).toMatchObject({ rateLimit: 'fboSubmit' });
    // Parameters keep their case.
    expect(matchRoute('GET', '/API/aircraft/models/De%20Havilland/')?.params).toEqual({ make: 'De%20Havilland' });
  });

  it('matches HEAD as GET and nothing for unknown methods, paths, empty segments or two trailing slashes', () => {
    expect(policy('HEAD', '/api/fbo-services')).toMatchObject({ method: 'GET' });
    expect(matchRoute('GET', '/api/auth/register')).toBeUndefined();
    expect(matchRoute('OPTIONS', '/api/aircraft')).toBeUndefined();
    expect(matchRoute('GET', '/api/usersomething')).toBeUndefined();
    expect(matchRoute('GET', '/api/aircraft//')).toBeUndefined();
    expect(matchRoute('GET', '/api/aircraft/models//')).toBeUndefined();
    // `/api/aircraft/models/` is `/api/aircraft/models`: the :id route, as in Express.
    expect(matchRoute('GET', '/api/aircraft/models/')?.params).toEqual({ id: 'models' });
    expect(matchRoute('GET', '/api/airports//fbos')).toBeUndefined();
    expect(matchRoute('GET', 'api/aircraft')).toBeUndefined();
  });

  it('tells API paths (JSON 404 when unknown) from pages and files', () => {
    for (const path of ['/api', '/api/', '/API/nothing', '/api/nothing?x', '/create-aircraft', '/Create-Aircraft/'])
      expect(isApiPath(path)).toBe(true);
    for (const path of ['/', '/apiary', '/login', '/mf/account/remoteEntry.js', '/create-aircraft/x', '/health'])
      expect(isApiPath(path)).toBe(false);
  });

  it('is consistent: one entry per method and path, gateway routes answered by the gateway, roles only with a required session', () => {
    const all = listRoutePolicies();
    const keys = all.map((r) => `${r.method} ${r.path.toLowerCase()}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const r of all) {
      expect(isApiPath(r.path)).toBe(true);
      expect(r.path).toMatch(/^(\/(:[a-zA-Z]+|[a-z0-9-]+(\.[a-z]+)?))+$/);
      if (r.owner === 'gateway') expect(r.handler).toBe('gateway');
      if (r.roles) expect(r.session).toBe('required');
      if (r.stream) expect(r.method).toBe('GET');
      expect(r.summary.length).toBeGreaterThan(0);
      // Every entry is reachable through the matcher (no entry hidden behind a more specific one).
      expect(matchRoute(r.method, r.path.replace(/:([a-zA-Z]+)/g, 'p-$1'))?.policy).toBe(r);
    }
  });

  it('states the gateway-handled calls, the limits and the sessions', () => {
    const gatewayHandled = listRoutePolicies()
      .filter((r) => r.handler === 'gateway')
      .map((r) => `${r.method} ${r.path}`);
    expect(gatewayHandled.sort()).toEqual(
      [
        'GET /api/auth/me',
        'GET /api/docs',
        'GET /api/docs/openapi.json',
        'GET /api/docs/swagger-initializer.js',
        'GET /api/docs/swagger-ui-bundle.js',
        'GET /api/docs/swagger-ui.css',
        'PATCH /api/user/profile',
        'POST /api/auth/login',
        'POST /api/auth/logout',
        'POST /api/reset-password',
        'PUT /api/user/profile',
      ].sort(),
    );
    const limited = listRoutePolicies()
      .filter((r) => r.rateLimit)
      .map((r) => `${r.method} ${r.path} ${r.rateLimit}`);
    expect(limited).toEqual(
      expect.arrayContaining([
        'POST /api/auth/login login',
        'POST /api/auth/register register',
        'POST /api/auth/forgot-password forgotPassword',
        'POST /api/reset-password resetPassword',
        'POST /api/support/contact support',
        'POST /api/fbo-quote/:fboId/:token/submit fboSubmit',
        'POST /api/fbo-quote/:fboId/:token/decline fboSubmit',
      ]),
    );
    expect(policy('GET', '/api/quote-requests/7/events')).toMatchObject({ session: 'required', stream: 'sse' });
    expect(policy('POST', '/api/admin/import-airports')).toMatchObject({ session: 'required', roles: ['admin'] });
    expect(policy('POST', '/api/billing/webhook')).toMatchObject({ session: 'none' });
  });
});
