import { createHmac } from 'node:crypto';
import { IDENTITY_MAX_AGE_MS, signIdentity, verifyIdentity, type IdentityBinding } from './identity-signing';

const secret = 'unit-test-internal-secret';
const user = { id: '6f1c4a57-93f7-4a38-9d49-0b8f0bb1c0de', email: 'pilot@rampquote.dev', role: 'pilot' as const };
const profileCall: IdentityBinding = { service: 'identity', method: 'GET', path: '/api/user/profile' };

describe('internal identity signing', () => {
  it('verifies what it signed for the same service, method and path, and returns the identity', () => {
    const header = signIdentity({ caller: 'gateway', user }, secret, profileCall);
    const result = verifyIdentity(header, secret, profileCall);
    expect(result).toEqual({ ok: true, identity: { caller: 'gateway', user, iat: expect.any(Number) } });
  });

  it('refuses a header replayed against another path of the same service', () => {
    const header = signIdentity({ caller: 'gateway', user }, secret, profileCall);
    expect(verifyIdentity(header, secret, { ...profileCall, path: '/api/admin/invites' })).toEqual({
      ok: false,
      reason: 'wrong request',
    });
    expect(verifyIdentity(header, secret, { ...profileCall, path: '/api/user/profile/x' })).toEqual({
      ok: false,
      reason: 'wrong request',
    });
  });

  it('refuses a header replayed with another method on the same path', () => {
    const header = signIdentity({ caller: 'gateway', user }, secret, profileCall);
    expect(verifyIdentity(header, secret, { ...profileCall, method: 'PATCH' })).toEqual({
      ok: false,
      reason: 'wrong request',
    });
  });

  it('refuses a header replayed against another service on the same path', () => {
    const header = signIdentity({ caller: 'gateway', user }, secret, {
      service: 'fleet',
      method: 'GET',
      path: '/api/aircraft',
    });
    expect(verifyIdentity(header, secret, { service: 'quotes', method: 'GET', path: '/api/aircraft' })).toEqual({
      ok: false,
      reason: 'wrong service',
    });
  });

  it('ignores the query string and the svc- prefix and letter case of the method', () => {
    const header = signIdentity({ caller: 'svc-quotes' }, secret, {
      service: 'svc-airports',
      method: 'get',
      path: '/api/airports/search?q=KBFI',
    });
    expect(
      verifyIdentity(header, secret, { service: 'airports', method: 'GET', path: '/api/airports/search?q=other' }).ok,
    ).toBe(true);
  });

  it('refuses a tampered payload', () => {
    const header = signIdentity({ caller: 'gateway', user }, secret, profileCall);
    const [payload, signature] = header.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, user: { ...user, role: 'admin' } })).toString('base64url');
    expect(verifyIdentity(`${forged}.${signature}`, secret, profileCall)).toEqual({
      ok: false,
      reason: 'bad signature',
    });
    const moved = Buffer.from(JSON.stringify({ ...claims, path: '/api/admin/invites' })).toString('base64url');
    expect(verifyIdentity(`${moved}.${signature}`, secret, { ...profileCall, path: '/api/admin/invites' })).toEqual({
      ok: false,
      reason: 'bad signature',
    });
  });

  it('refuses a header signed with another secret', () => {
    const header = signIdentity({ caller: 'gateway' }, 'another-secret-entirely', profileCall);
    expect(verifyIdentity(header, secret, profileCall)).toEqual({ ok: false, reason: 'bad signature' });
  });

  it('lives 30 seconds at most', () => {
    expect(IDENTITY_MAX_AGE_MS).toBeLessThanOrEqual(30_000);
    const signedAt = Date.now();
    const header = signIdentity({ caller: 'gateway', iat: signedAt }, secret, profileCall);
    expect(verifyIdentity(header, secret, profileCall, signedAt + 29_000).ok).toBe(true);
    expect(verifyIdentity(header, secret, profileCall, signedAt + 31_000)).toEqual({
      ok: false,
      reason: 'expired identity',
    });
    expect(verifyIdentity(header, secret, profileCall, signedAt - 31_000)).toEqual({
      ok: false,
      reason: 'expired identity',
    });
  });

  it('refuses a missing or malformed header', () => {
    expect(verifyIdentity(undefined, secret, profileCall)).toEqual({ ok: false, reason: 'missing identity' });
    expect(verifyIdentity('no-dot-here', secret, profileCall)).toEqual({ ok: false, reason: 'malformed identity' });
    expect(verifyIdentity('a.b.c', secret, profileCall)).toEqual({ ok: false, reason: 'malformed identity' });
  });

  it('refuses a correctly signed identity that names no request (the former, unbound format)', () => {
    const payload = Buffer.from(JSON.stringify({ caller: 'gateway', user, iat: Date.now() })).toString('base64url');
    const signature = createHmac('sha256', secret).update(payload).digest('base64url');
    expect(verifyIdentity(`${payload}.${signature}`, secret, profileCall)).toEqual({
      ok: false,
      reason: 'malformed identity',
    });
  });

  it('checks a header it verified before the same way: age and request on every use, and only for the secret it was verified with', () => {
    const iat = Date.now();
    const header = signIdentity({ caller: 'gateway', user, iat }, secret, profileCall);
    expect(verifyIdentity(header, secret, profileCall, iat).ok).toBe(true);
    expect(verifyIdentity(header, secret, profileCall, iat + 1).ok).toBe(true);
    expect(verifyIdentity(header, secret, profileCall, iat + IDENTITY_MAX_AGE_MS + 1)).toEqual({
      ok: false,
      reason: 'expired identity',
    });
    expect(verifyIdentity(header, secret, { ...profileCall, method: 'DELETE' }, iat)).toEqual({
      ok: false,
      reason: 'wrong request',
    });
    expect(verifyIdentity(header, 'another-secret', profileCall, iat)).toEqual({ ok: false, reason: 'bad signature' });
    expect(verifyIdentity(header, secret, profileCall, iat).ok).toBe(true);
  });
});
