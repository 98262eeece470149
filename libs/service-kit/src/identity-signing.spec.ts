import { IDENTITY_MAX_AGE_MS, signIdentity, verifyIdentity } from './identity-signing';

const secret = 'unit-test-internal-secret';
const user = { id: '6f1c4a57-93f7-4a38-9d49-0b8f0bb1c0de', email: 'pilot@rampquote.dev', role: 'pilot' as const };

describe('internal identity signing', () => {
  it('verifies what it signed and returns the identity', () => {
    const header = signIdentity({ caller: 'gateway', user }, secret);
    const result = verifyIdentity(header, secret);
    expect(result).toEqual({ ok: true, identity: { caller: 'gateway', user, iat: expect.any(Number) } });
  });

  it('refuses a tampered payload', () => {
    const header = signIdentity({ caller: 'gateway', user }, secret);
    const [, signature] = header.split('.');
    const forged = Buffer.from(JSON.stringify({ caller: 'gateway', user: { ...user, role: 'admin' }, iat: Date.now() })).toString('base64url');
    expect(verifyIdentity(`${forged}.${signature}`, secret)).toEqual({ ok: false, reason: 'bad signature' });
  });

  it('refuses a header signed with another secret', () => {
    const header = signIdentity({ caller: 'gateway' }, 'another-secret-entirely');
    expect(verifyIdentity(header, secret).ok).toBe(false);
  });

  it('refuses an expired identity', () => {
    const iat = Date.now() - IDENTITY_MAX_AGE_MS - 1000;
    const header = signIdentity({ caller: 'gateway', iat }, secret);
    expect(verifyIdentity(header, secret)).toEqual({ ok: false, reason: 'expired identity' });
  });

  it('refuses a missing or malformed header', () => {
    expect(verifyIdentity(undefined, secret)).toEqual({ ok: false, reason: 'missing identity' });
    expect(verifyIdentity('no-dot-here', secret)).toEqual({ ok: false, reason: 'malformed identity' });
    expect(verifyIdentity('a.b.c', secret)).toEqual({ ok: false, reason: 'malformed identity' });
  });
});
