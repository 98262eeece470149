import { routeFor } from './routes';

describe('gateway route table', () => {
  it('sends /api/user/aircraft to svc-fleet and the rest of /api/user to svc-identity', () => {
    expect(routeFor('/api/user/aircraft')).toBe('fleet');
    expect(routeFor('/api/user/profile')).toBe('identity');
  });
  it('sends /api/admin/invites to svc-identity and the rest of /api/admin to svc-airports', () => {
    expect(routeFor('/api/admin/invites/abc')).toBe('identity');
    expect(routeFor('/api/admin/import-status')).toBe('airports');
  });
  it('routes the legacy POST /create-aircraft and ignores query strings', () => {
    expect(routeFor('/create-aircraft?x=1')).toBe('fleet');
    expect(routeFor('/api/aircraft/makes')).toBe('fleet');
  });
  it('matches prefixes only on a path-segment boundary', () => {
    expect(routeFor('/api/usersomething')).toBeUndefined();
    expect(routeFor('/api/auth/me')).toBeUndefined();
  });
});
