import { service } from './service';
import { newKeyPair, type ConfigError } from '@rampquote/service-kit';
import { paymentProviderSettings } from './config';

const DEV = { NODE_ENV: 'development' };
const STRIPE = {
  ...DEV,
  STRIPE_SECRET_KEY: 'sk_test_abc123',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_abc123',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
};

describe('svc-billing description', () => {
  it('starts in development with no other variable, on port 4004 and the default exchange, with the local payment provider', () => {
    const config = service.loadConfig(DEV);
    expect(config).toMatchObject({
      PORT: 4004,
      EVENTS_EXCHANGE: 'rampquote.events',
      NODE_ENV: 'development',
      BILLING_PERIOD_SWEEP_MS: 60000,
    });
    expect(paymentProviderSettings(config)).toEqual({ kind: 'local' });
  });

  it('chooses Stripe when the three keys are set (and an API address for tests)', () => {
    expect(paymentProviderSettings(service.loadConfig(STRIPE))).toEqual({
      kind: 'stripe',
      secretKey: 'sk_test_abc123',
      publishableKey: 'pk_test_abc123',
      webhookSecret: 'whsec_abc123',
      apiUrl: null,
    });
    const settings = paymentProviderSettings(
      service.loadConfig({ ...STRIPE, STRIPE_API_URL: 'http://127.0.0.1:12111' }),
    );
    expect(settings.kind === 'stripe' && settings.apiUrl?.origin).toBe('http://127.0.0.1:12111');
  });

  it('refuses to start with only some Stripe keys, naming each missing one', () => {
    expect(() => service.loadConfig({ ...DEV, STRIPE_SECRET_KEY: STRIPE.STRIPE_SECRET_KEY })).toThrow(
      /STRIPE_PUBLISHABLE_KEY: required when STRIPE_SECRET_KEY is set[\s\S]*STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set/,
    );
    expect(() =>
      service.loadConfig({
        ...DEV,
        STRIPE_SECRET_KEY: STRIPE.STRIPE_SECRET_KEY,
        STRIPE_PUBLISHABLE_KEY: STRIPE.STRIPE_PUBLISHABLE_KEY,
      }),
    ).toThrow(/STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY are set/);
    // Empty values count as unset (compose passes VAR= for "not given").
    expect(
      paymentProviderSettings(
        service.loadConfig({ ...DEV, STRIPE_SECRET_KEY: '', STRIPE_PUBLISHABLE_KEY: '', STRIPE_WEBHOOK_SECRET: '' }),
      ),
    ).toEqual({ kind: 'local' });
  });

  it('names a malformed key, and refuses a live secret key with a test publishable key', () => {
    expect(() => service.loadConfig({ ...STRIPE, STRIPE_SECRET_KEY: 'pk_test_oops' })).toThrow(
      /STRIPE_SECRET_KEY: must be a Stripe secret key/,
    );
    expect(() => service.loadConfig({ ...STRIPE, STRIPE_SECRET_KEY: 'sk_live_abc123' })).toThrow(
      /STRIPE_PUBLISHABLE_KEY: a test key with a live STRIPE_SECRET_KEY/,
    );
  });

  it('names a bad PORT and requires GATEWAY_PUBLIC_KEY in production', () => {
    expect(() => service.loadConfig({ ...DEV, PORT: 'x' })).toThrow(/PORT/);
    expect(() => service.loadConfig({ NODE_ENV: 'production' })).toThrow(/GATEWAY_PUBLIC_KEY: required in production/);
  });

  it('in production names every missing Stripe key along with the other problems', () => {
    const error = (() => {
      try {
        service.loadConfig({ NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_live_abc123' });
      } catch (err) {
        return String(err);
      }
    })();
    expect(error).toMatch(/GATEWAY_PUBLIC_KEY: required in production/);
    expect(error).toMatch(/STRIPE_PUBLISHABLE_KEY: required when STRIPE_SECRET_KEY is set/);
    expect(error).toMatch(/STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set/);
  });

  describe('without Stripe keys', () => {
    const PROD = { NODE_ENV: 'production', GATEWAY_PUBLIC_KEY: newKeyPair().publicKey };
    const refusal =
      'BILLING_PROVIDER: no Stripe keys are set (NODE_ENV is not development or test): set STRIPE_SECRET_KEY, ' +
      'STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET to take payments, or BILLING_PROVIDER=local to run on ' +
      'purpose without taking any (every billing screen then says "Test mode")';
    const problemsOf = (env: Record<string, string>) => {
      try {
        service.loadConfig(env);
      } catch (err) {
        return (err as ConfigError).problems;
      }
      return [];
    };

    it('refuses to start in production (or with NODE_ENV unset), naming BILLING_PROVIDER', () => {
      expect(problemsOf(PROD)).toEqual([refusal]);
      expect(problemsOf({ GATEWAY_PUBLIC_KEY: PROD.GATEWAY_PUBLIC_KEY })).toEqual([refusal]);
      // Empty keys, as compose passes them by default, are no keys.
      expect(
        problemsOf({ ...PROD, STRIPE_SECRET_KEY: '', STRIPE_PUBLISHABLE_KEY: '', STRIPE_WEBHOOK_SECRET: '' }),
      ).toEqual([refusal]);
    });

    it('runs the local provider in production only with BILLING_PROVIDER=local set on purpose', () => {
      const config = service.loadConfig({ ...PROD, BILLING_PROVIDER: 'local' });
      expect(config.BILLING_PROVIDER).toBe('local');
      expect(paymentProviderSettings(config)).toEqual({ kind: 'local' });
      expect(paymentProviderSettings(service.loadConfig({ ...STRIPE, BILLING_PROVIDER: 'local' }))).toEqual({
        kind: 'local',
      });
    });

    it('runs the local provider in the development and test modes; BILLING_PROVIDER=stripe needs the keys', () => {
      expect(paymentProviderSettings(service.loadConfig({ NODE_ENV: 'test' }))).toEqual({ kind: 'local' });
      expect(problemsOf({ ...DEV, BILLING_PROVIDER: 'stripe' })).toEqual([
        'BILLING_PROVIDER: stripe needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET',
      ]);
      expect(problemsOf({ ...PROD, BILLING_PROVIDER: 'paypal' })).toEqual([
        'BILLING_PROVIDER: must be stripe or local',
      ]);
      expect(paymentProviderSettings(service.loadConfig({ ...STRIPE, BILLING_PROVIDER: 'stripe' })).kind).toBe(
        'stripe',
      );
    });
  });

  it('consumes user-registered (the provider customer) and nothing else', () => {
    expect(service.eventBindings).toEqual(['user-registered']);
    expect(service.retiredEventBindings).toEqual([]);
  });
});
