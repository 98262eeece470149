import { identityTrustOf, newKeyPair, privateKeyFrom, publicKeyOf, testKeyPair } from './auth/identity-keys';
import {
  bodyHash,
  IDENTITY_MAX_AGE_MS,
  signBodyTrailer,
  signIdentity,
  verifyBodyTrailer,
  verifyIdentity,
  type IdentityBinding,
} from './identity-signing';

const gatewayPair = newKeyPair();
const quotesPair = newKeyPair();
const gatewayKey = privateKeyFrom(gatewayPair.privateKey);
const quotesKey = privateKeyFrom(quotesPair.privateKey);
/** What a receiving service knows: the gateway's public key and svc-quotes's. */
const trust = identityTrustOf({
  GATEWAY_PUBLIC_KEY: gatewayPair.publicKey,
  SERVICE_PUBLIC_KEYS: `svc-quotes=${quotesPair.publicKey}`,
  NODE_ENV: 'production',
});
const user = { id: '6f1c4a57-93f7-4a38-9d49-0b8f0bb1c0de', email: 'pilot@rampquote.dev', role: 'pilot' as const };
const profileCall: IdentityBinding = { service: 'identity', method: 'GET', path: '/api/user/profile' };

describe('internal identity signing', () => {
  it('verifies what it signed for the same service, method and path, and returns the identity', () => {
    const header = signIdentity({ caller: 'gateway', user }, gatewayKey, profileCall);
    const result = verifyIdentity(header, trust, profileCall);
    expect(result).toMatchObject({ ok: true, identity: { caller: 'gateway', user, iat: expect.any(Number) } });
  });

  it('refuses a header replayed against another path of the same service', () => {
    const header = signIdentity({ caller: 'gateway', user }, gatewayKey, profileCall);
    expect(verifyIdentity(header, trust, { ...profileCall, path: '/api/admin/invites' })).toEqual({
      ok: false,
      reason: 'wrong request',
    });
    expect(verifyIdentity(header, trust, { ...profileCall, path: '/api/user/profile/x' })).toEqual({
      ok: false,
      reason: 'wrong request',
    });
  });

  it('refuses a header replayed with another method on the same path', () => {
    const header = signIdentity({ caller: 'gateway', user }, gatewayKey, profileCall);
    expect(verifyIdentity(header, trust, { ...profileCall, method: 'PATCH' })).toEqual({
      ok: false,
      reason: 'wrong request',
    });
  });

  it('refuses a header replayed against another service on the same path', () => {
    const header = signIdentity({ caller: 'gateway', user }, gatewayKey, {
      service: 'fleet',
      method: 'GET',
      path: '/api/aircraft',
    });
    expect(verifyIdentity(header, trust, { service: 'quotes', method: 'GET', path: '/api/aircraft' })).toEqual({
      ok: false,
      reason: 'wrong service',
    });
  });

  it('ignores the svc- prefix and letter case of the method', () => {
    const header = signIdentity({ caller: 'svc-quotes' }, quotesKey, {
      service: 'svc-airports',
      method: 'get',
      path: '/api/airports/search?q=KBFI',
    });
    expect(
      verifyIdentity(header, trust, { service: 'airports', method: 'GET', path: '/api/airports/search?q=KBFI' }).ok,
    ).toBe(true);
  });

  it('refuses a tampered payload', () => {
    const header = signIdentity({ caller: 'gateway', user }, gatewayKey, profileCall);
    const [payload, signature] = header.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, user: { ...user, role: 'admin' } })).toString('base64url');
    expect(verifyIdentity(`${forged}.${signature}`, trust, profileCall)).toEqual({
      ok: false,
      reason: 'bad signature',
    });
    const moved = Buffer.from(JSON.stringify({ ...claims, path: '/api/admin/invites' })).toString('base64url');
    expect(verifyIdentity(`${moved}.${signature}`, trust, { ...profileCall, path: '/api/admin/invites' })).toEqual({
      ok: false,
      reason: 'bad signature',
    });
  });

  it('refuses a header signed with another key (a TEST key in production, or any other)', () => {
    const header = signIdentity({ caller: 'gateway' }, privateKeyFrom(newKeyPair().privateKey), profileCall);
    const published = signIdentity(
      { caller: 'gateway' },
      privateKeyFrom(testKeyPair('gateway').privateKey),
      profileCall,
    );
    expect(verifyIdentity(published, trust, profileCall)).toEqual({ ok: false, reason: 'bad signature' });
    expect(verifyIdentity(header, trust, profileCall)).toEqual({ ok: false, reason: 'bad signature' });
  });

  it('lives 30 seconds at most', () => {
    expect(IDENTITY_MAX_AGE_MS).toBeLessThanOrEqual(30_000);
    const signedAt = Date.now();
    const header = signIdentity({ caller: 'gateway', iat: signedAt }, gatewayKey, profileCall);
    expect(verifyIdentity(header, trust, profileCall, signedAt + 29_000).ok).toBe(true);
    expect(verifyIdentity(header, trust, profileCall, signedAt + 31_000)).toEqual({
      ok: false,
      reason: 'expired identity',
    });
    expect(verifyIdentity(header, trust, profileCall, signedAt - 31_000)).toEqual({
      ok: false,
      reason: 'expired identity',
    });
  });

  it('refuses a missing or malformed header', () => {
    expect(verifyIdentity(undefined, trust, profileCall)).toEqual({ ok: false, reason: 'missing identity' });
    expect(verifyIdentity('no-dot-here', trust, profileCall)).toEqual({ ok: false, reason: 'malformed identity' });
    expect(verifyIdentity('a.b.c', trust, profileCall)).toEqual({ ok: false, reason: 'malformed identity' });
  });

  it('refuses a correctly signed identity that names no request (the former, unbound format)', () => {
    const payload = Buffer.from(JSON.stringify({ caller: 'gateway', user, iat: Date.now() })).toString('base64url');
    const header = signIdentity({ caller: 'gateway', user }, gatewayKey, profileCall);
    expect(verifyIdentity(`${payload}.${header.split('.')[1]}`, trust, profileCall)).toEqual({
      ok: false,
      reason: 'malformed identity',
    });
  });

  it("takes a user only from the gateway's key: a service's key may name that service alone", () => {
    const call: IdentityBinding = { service: 'fleet', method: 'GET', path: '/api/aircraft' };
    const own = verifyIdentity(signIdentity({ caller: 'svc-quotes' }, quotesKey, call), trust, call);
    expect(own).toMatchObject({ ok: true, identity: { caller: 'svc-quotes' } });
    // svc-quotes naming a user, claiming to be the gateway, or claiming to be another service.
    expect(verifyIdentity(signIdentity({ caller: 'svc-quotes', user }, quotesKey, call), trust, call)).toEqual({
      ok: false,
      reason: 'user not signed by the gateway',
    });
    expect(verifyIdentity(signIdentity({ caller: 'gateway', user }, quotesKey, call), trust, call)).toEqual({
      ok: false,
      reason: 'bad signature',
    });
    expect(verifyIdentity(signIdentity({ caller: 'svc-billing' }, quotesKey, call), trust, call)).toEqual({
      ok: false,
      reason: 'unknown caller',
    });
    // A service the receiver does not list, even with a valid key of its own.
    const stranger = signIdentity({ caller: 'svc-airports' }, privateKeyFrom(newKeyPair().privateKey), call);
    expect(verifyIdentity(stranger, trust, call)).toEqual({ ok: false, reason: 'unknown caller' });
    expect(publicKeyOf(quotesPair.privateKey)).toBe(quotesPair.publicKey);
  });

  it("lets a service name a user only with the gateway's header for the request it serves", () => {
    const call: IdentityBinding = { service: 'fleet', method: 'GET', path: '/api/aircraft' };
    const toQuotes = signIdentity({ caller: 'gateway', user }, gatewayKey, {
      service: 'quotes',
      method: 'POST',
      path: '/api/quote-requests',
      body: bodyHash('{}'),
    });
    const onBehalf = signIdentity({ caller: 'svc-quotes' }, quotesKey, call, { onBehalfOf: toQuotes });
    expect(verifyIdentity(onBehalf, trust, call)).toMatchObject({ ok: true, identity: { caller: 'svc-quotes', user } });
    // The gateway's header for a call to another service does not vouch for svc-quotes's calls.
    const toBilling = signIdentity({ caller: 'gateway', user }, gatewayKey, { ...call, service: 'billing' });
    const borrowed = signIdentity({ caller: 'svc-quotes' }, quotesKey, call, { onBehalfOf: toBilling });
    expect(verifyIdentity(borrowed, trust, call)).toEqual({ ok: false, reason: 'wrong service' });
    // An old one does not either.
    const old = signIdentity({ caller: 'gateway', user, iat: Date.now() - 31_000 }, gatewayKey, {
      ...call,
      service: 'quotes',
    });
    const stale = signIdentity({ caller: 'svc-quotes' }, quotesKey, call, { onBehalfOf: old });
    expect(verifyIdentity(stale, trust, call)).toEqual({ ok: false, reason: 'expired identity' });
  });

  it('binds the query string and the body: the same header with another query or body is refused', () => {
    const call: IdentityBinding = {
      service: 'quotes',
      method: 'POST',
      path: '/api/quote-requests?draft=1',
      body: bodyHash('{"aircraftId":"a"}'),
    };
    const header = signIdentity({ caller: 'gateway', user }, gatewayKey, call);
    expect(verifyIdentity(header, trust, call).ok).toBe(true);
    for (const other of [
      { ...call, path: '/api/quote-requests?draft=2' },
      { ...call, path: '/api/quote-requests' },
      { ...call, body: bodyHash('{"aircraftId":"b"}') },
      { ...call, body: bodyHash('') },
    ]) {
      expect(verifyIdentity(header, trust, other)).toEqual({ ok: false, reason: 'wrong request' });
    }
  });

  it("checks a streamed body's trailer: its hash, signed with the header's key together with that header", () => {
    const call: IdentityBinding = {
      service: 'airports',
      method: 'POST',
      path: '/api/admin/import-fbos',
      body: 'trailer',
    };
    const header = signIdentity({ caller: 'gateway', user }, gatewayKey, call);
    const hash = bodyHash('a,b\n1,2\n');
    expect(verifyBodyTrailer(header, signBodyTrailer(header, hash, gatewayKey), hash, trust.gateway)).toBe(true);
    expect(verifyBodyTrailer(header, signBodyTrailer(header, hash, gatewayKey), bodyHash('other'), trust.gateway)).toBe(
      false,
    );
    const otherHeader = signIdentity({ caller: 'gateway', user }, gatewayKey, { ...call, path: '/api/admin/fbos' });
    expect(verifyBodyTrailer(header, signBodyTrailer(otherHeader, hash, gatewayKey), hash, trust.gateway)).toBe(false);
    expect(verifyBodyTrailer(header, signBodyTrailer(header, hash, quotesKey), hash, trust.gateway)).toBe(false);
    expect(verifyBodyTrailer(header, undefined, hash, trust.gateway)).toBe(false);
  });

  it('checks a header it verified before the same way: age and request on every use, and only for the keys it was verified with', () => {
    const iat = Date.now();
    const header = signIdentity({ caller: 'gateway', user, iat }, gatewayKey, profileCall);
    expect(verifyIdentity(header, trust, profileCall, iat).ok).toBe(true);
    expect(verifyIdentity(header, trust, profileCall, iat + 1).ok).toBe(true);
    expect(verifyIdentity(header, trust, profileCall, iat + IDENTITY_MAX_AGE_MS + 1)).toEqual({
      ok: false,
      reason: 'expired identity',
    });
    expect(verifyIdentity(header, trust, { ...profileCall, method: 'DELETE' }, iat)).toEqual({
      ok: false,
      reason: 'wrong request',
    });
    const otherTrust = identityTrustOf({ GATEWAY_PUBLIC_KEY: newKeyPair().publicKey, NODE_ENV: 'production' });
    expect(verifyIdentity(header, otherTrust, profileCall, iat)).toEqual({ ok: false, reason: 'bad signature' });
    expect(verifyIdentity(header, trust, profileCall, iat).ok).toBe(true);
  });
});
