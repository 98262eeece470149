import { service } from './service';
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

  it('names a bad PORT and requires INTERNAL_SECRET in production', () => {
    expect(() => service.loadConfig({ ...DEV, PORT: 'x' })).toThrow(/PORT/);
    expect(() => service.loadConfig({ NODE_ENV: 'production' })).toThrow(/INTERNAL_SECRET: required in production/);
  });

  it('in production names every missing Stripe key along with the other problems', () => {
    const error = (() => {
      try {
        service.loadConfig({ NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_live_abc123' });
      } catch (err) {
        return String(err);
      }
    })();
    expect(error).toMatch(/INTERNAL_SECRET: required in production/);
    expect(error).toMatch(/STRIPE_PUBLISHABLE_KEY: required when STRIPE_SECRET_KEY is set/);
    expect(error).toMatch(/STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set/);
  });

  it('consumes user-registered (the provider customer) and nothing else', () => {
    expect(service.eventBindings).toEqual(['user-registered']);
    expect(service.retiredEventBindings).toEqual([]);
  });
});
