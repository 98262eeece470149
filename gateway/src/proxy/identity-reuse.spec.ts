import type { Request } from 'express';
import { privateKeyFrom, verifyIdentity } from '@rampquote/service-kit';
import { TEST_KEYS, TEST_TRUST } from '@rampquote/service-kit/testing';
import { IDENTITY_REUSE_MS, reusedIdentities } from './service-proxy';

const KEY = privateKeyFrom(TEST_KEYS.gateway.privateKey);
const pilot = { id: 'u-1', email: 'pilot@rampquote.dev', role: 'pilot' as const };
const call = (url: string, user?: typeof pilot, method = 'GET') =>
  ({ method, url, session: user ? { user } : undefined }) as unknown as Request;

describe('reusedIdentities', () => {
  it('sends the same identity for the same user and call within IDENTITY_REUSE_MS, and a fresh one after', () => {
    let now = Date.now();
    const identityOf = reusedIdentities(KEY, () => now);
    const first = identityOf(call('/api/aircraft', pilot), 'fleet');
    now += IDENTITY_REUSE_MS - 1;
    expect(identityOf(call('/api/aircraft', pilot), 'fleet')).toBe(first);
    now += 1;
    const later = identityOf(call('/api/aircraft', pilot), 'fleet');
    expect(later).not.toBe(first);
    const verified = verifyIdentity(later, TEST_TRUST, { service: 'fleet', method: 'GET', path: '/api/aircraft' }, now);
    expect(verified.ok && verified.identity).toMatchObject({ caller: 'gateway', user: pilot, iat: now });
  });

  it('makes its own identity for another user, role, method, path or service, and for a visitor', () => {
    const identityOf = reusedIdentities(KEY, () => 1_000_000);
    const base = identityOf(call('/api/aircraft', pilot), 'fleet');
    const others = [
      identityOf(call('/api/aircraft', { ...pilot, id: 'u-2' }), 'fleet'),
      identityOf(call('/api/aircraft', { ...pilot, role: 'admin' as never }), 'fleet'),
      identityOf(call('/api/aircraft', pilot, 'DELETE'), 'fleet'),
      identityOf(call('/api/aircraft/1', pilot), 'fleet'),
      identityOf(call('/api/aircraft', pilot), 'quotes'),
      identityOf(call('/api/aircraft'), 'fleet'),
    ];
    expect(new Set([base, ...others]).size).toBe(7);
    const visitor = verifyIdentity(
      others[5],
      TEST_TRUST,
      { service: 'fleet', method: 'GET', path: '/api/aircraft' },
      1_000_000,
    );
    expect(visitor.ok && visitor.identity.user).toBeUndefined();
  });
});
