import { z } from 'zod';
import { newKeyPair, testKeyPair } from './auth/identity-keys';
import { ConfigError, envFlag, loadConfig, secret, serviceConfigSchema } from './config';

const DEV_SESSION_SECRET = 'dev-session-secret-change-me';
const schema = serviceConfigSchema(4002, {
  LINK_SECRET: secret('dev-link-secret-change-me'),
  SESSION_SECRET: secret(DEV_SESSION_SECRET),
  BETA_OPEN: envFlag(),
  DEV_AUTO_IMPORT: envFlag(true),
});
const billingLike = serviceConfigSchema(4004, {
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
});

const DEV = { NODE_ENV: 'development' };
const GATEWAY_KEYS = newKeyPair();
const PRODUCTION_SECRETS = {
  GATEWAY_PUBLIC_KEY: GATEWAY_KEYS.publicKey,
  LINK_SECRET: 'a-production-link-secret-0123456789abcdef',
  SESSION_SECRET: 'a-production-session-secret-0123456789abcdef',
};

function problemsOf(env: NodeJS.ProcessEnv, of: z.ZodObject = schema): string[] {
  try {
    loadConfig(of, env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('uses the development defaults in the explicit development mode', () => {
    const config = loadConfig(schema, DEV);
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      PORT: 4002,
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432',
      AMQP_URL: 'amqp://guest:guest@127.0.0.1:5672',
      SMTP_URL: 'smtp://127.0.0.1:1025',
      EVENTS_EXCHANGE: 'rampquote.events',
      LINK_SECRET: 'dev-link-secret-change-me',
      SESSION_SECRET: DEV_SESSION_SECRET,
      BETA_OPEN: false,
      DEV_AUTO_IMPORT: true,
    });
    expect(config.DATABASE_NAME).toBeUndefined();
  });

  it('uses the development secrets in the test mode too', () => {
    expect(loadConfig(schema, { NODE_ENV: 'test' })).toMatchObject({
      NODE_ENV: 'test',
      LINK_SECRET: 'dev-link-secret-change-me',
    });
  });

  it('treats an unset NODE_ENV as production: the secrets are required, named', () => {
    const problems = problemsOf({});
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual([
      'GATEWAY_PUBLIC_KEY',
      'LINK_SECRET',
      'SESSION_SECRET',
    ]);
    expect(problems).toContain(
      'LINK_SECRET: required in production (NODE_ENV is not development or test); set a random value of at least 32 bytes',
    );
    expect(loadConfig(schema, PRODUCTION_SECRETS).NODE_ENV).toBe('production');
  });

  it('requires the secrets when NODE_ENV=production, and an empty variable is as good as unset', () => {
    const problems = problemsOf({ NODE_ENV: 'production', LINK_SECRET: '', SESSION_SECRET: '' });
    expect(problems).toEqual([
      expect.stringMatching(/^GATEWAY_PUBLIC_KEY: required in production/),
      expect.stringMatching(/^LINK_SECRET: required in production/),
      expect.stringMatching(/^SESSION_SECRET: required in production/),
    ]);
  });

  it('refuses a production secret shorter than 32 bytes, naming it', () => {
    const problems = problemsOf({
      NODE_ENV: 'production',
      ...PRODUCTION_SECRETS,
      SESSION_SECRET: 'only-thirty-one-bytes-long-here',
    });
    expect(problems).toEqual(['SESSION_SECRET: must be at least 32 bytes in production']);
  });

  it("refuses a development value as a production secret, even another variable's", () => {
    expect(problemsOf({ ...PRODUCTION_SECRETS, LINK_SECRET: 'dev-link-secret-change-me' })).toEqual([
      'LINK_SECRET: is a development value published in the repository; set a secret of your own',
    ]);
    expect(problemsOf({ ...PRODUCTION_SECRETS, LINK_SECRET: DEV_SESSION_SECRET })).toEqual([
      'LINK_SECRET: is a development value published in the repository; set a secret of your own',
    ]);
  });

  it('accepts production once real secrets are set', () => {
    const config = loadConfig(schema, { NODE_ENV: 'production', ...PRODUCTION_SECRETS });
    expect(config).toMatchObject({ NODE_ENV: 'production', ...PRODUCTION_SECRETS });
  });

  it('requires the Stripe webhook secret in production once a Stripe key is set', () => {
    expect(
      loadConfig(billingLike, { GATEWAY_PUBLIC_KEY: PRODUCTION_SECRETS.GATEWAY_PUBLIC_KEY }).STRIPE_SECRET_KEY,
    ).toBeUndefined();
    expect(
      problemsOf(
        { GATEWAY_PUBLIC_KEY: PRODUCTION_SECRETS.GATEWAY_PUBLIC_KEY, STRIPE_SECRET_KEY: 'sk_live_x' },
        billingLike,
      ),
    ).toEqual([
      'STRIPE_WEBHOOK_SECRET: required in production when STRIPE_SECRET_KEY is set (NODE_ENV is not development or test); set a random value of at least 32 bytes',
    ]);
    expect(
      problemsOf(
        {
          GATEWAY_PUBLIC_KEY: PRODUCTION_SECRETS.GATEWAY_PUBLIC_KEY,
          STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
          STRIPE_WEBHOOK_SECRET: 'whsec_short',
        },
        billingLike,
      ),
    ).toEqual(['STRIPE_WEBHOOK_SECRET: must be at least 32 bytes in production']);
    const webhookSecret = 'whsec_0123456789abcdefghijklmnopqrstuv';
    expect(
      loadConfig(billingLike, {
        GATEWAY_PUBLIC_KEY: PRODUCTION_SECRETS.GATEWAY_PUBLIC_KEY,
        STRIPE_SECRET_KEY: 'sk_live_x',
        STRIPE_WEBHOOK_SECRET: webhookSecret,
      }),
    ).toMatchObject({ STRIPE_WEBHOOK_SECRET: webhookSecret });
    // Development with a Stripe test key and no webhook secret still starts.
    expect(loadConfig(billingLike, { ...DEV, STRIPE_SECRET_KEY: 'sk_test_x' }).STRIPE_SECRET_KEY).toBe('sk_test_x');
  });

  it('reads and converts the given variables', () => {
    const config = loadConfig(schema, {
      ...DEV,
      PORT: '5000',
      HOST: '0.0.0.0',
      BETA_OPEN: 'true',
      DEV_AUTO_IMPORT: '0',
      EVENTS_EXCHANGE: 'rampquote.test.x',
      DATABASE_NAME: 'rampquote_test_x',
    });
    expect(config.PORT).toBe(5000);
    expect(config.HOST).toBe('0.0.0.0');
    expect(config.BETA_OPEN).toBe(true);
    expect(config.DEV_AUTO_IMPORT).toBe(false);
    expect(config.EVENTS_EXCHANGE).toBe('rampquote.test.x');
    expect(config.DATABASE_NAME).toBe('rampquote_test_x');
  });

  it('names each bad variable in one error', () => {
    const problems = problemsOf({
      ...DEV,
      PORT: 'eighty',
      DATABASE_URL: 'mysql://x',
      AMQP_URL: 'not a url',
      BETA_OPEN: 'maybe',
      NODE_ENV: 'staging',
    });
    const named = problems.map((p) => p.split(':')[0]);
    // An unknown mode is not a development mode: the secrets are required too.
    expect(named.sort()).toEqual([
      'AMQP_URL',
      'BETA_OPEN',
      'DATABASE_URL',
      'GATEWAY_PUBLIC_KEY',
      'LINK_SECRET',
      'NODE_ENV',
      'PORT',
      'SESSION_SECRET',
    ]);
    expect(() => loadConfig(schema, { ...DEV, PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('counts an empty variable as unset', () => {
    expect(loadConfig(schema, { ...DEV, BETA_OPEN: '', DEV_AUTO_IMPORT: '', PORT: '', HOST: '' })).toMatchObject({
      BETA_OPEN: false,
      DEV_AUTO_IMPORT: true,
      PORT: 4002,
      HOST: '127.0.0.1',
    });
  });

  it('rejects a development secret that is too short', () => {
    expect(problemsOf({ ...DEV, LINK_SECRET: 'short' })).toEqual([expect.stringMatching(/^LINK_SECRET: /)]);
  });
});

describe('loadConfig: the internal identity keys', () => {
  const SERVICE_KEYS = newKeyPair();
  const PRODUCTION = { NODE_ENV: 'production', ...PRODUCTION_SECRETS };

  it('uses the published TEST keys in the development and test modes', () => {
    for (const NODE_ENV of ['development', 'test']) {
      expect(loadConfig(schema, { NODE_ENV })).toMatchObject({
        GATEWAY_PUBLIC_KEY: testKeyPair('gateway').publicKey,
        SERVICE_PRIVATE_KEY: testKeyPair('svc-service').privateKey,
      });
    }
  });

  it('refuses to start in production without the gateway public key, pointing away from the old shared secret', () => {
    const { GATEWAY_PUBLIC_KEY: _, ...withoutKey } = PRODUCTION;
    expect(problemsOf(withoutKey)).toEqual([
      'GATEWAY_PUBLIC_KEY: required in production (NODE_ENV is not development or test); see "Internal identity keys" in the README',
    ]);
    expect(problemsOf({ ...withoutKey, INTERNAL_SECRET: 'a-former-shared-internal-secret-0123456789' })).toEqual([
      'GATEWAY_PUBLIC_KEY: required in production; INTERNAL_SECRET is no longer used (internal identities are signed with Ed25519 keys): see "Internal identity keys" in the README',
    ]);
  });

  it('refuses the published TEST keys in production, in every key variable', () => {
    const testKey = 'is a TEST key published in the repository; make keys of your own';
    expect(problemsOf({ ...PRODUCTION, GATEWAY_PUBLIC_KEY: testKeyPair('gateway').publicKey })).toEqual([
      `GATEWAY_PUBLIC_KEY: ${testKey}`,
    ]);
    expect(problemsOf({ ...PRODUCTION, SERVICE_PRIVATE_KEY: testKeyPair('svc-quotes').privateKey })).toEqual([
      `SERVICE_PRIVATE_KEY: ${testKey}`,
    ]);
    expect(
      problemsOf({
        ...PRODUCTION,
        SERVICE_PUBLIC_KEYS: `svc-airports=${SERVICE_KEYS.publicKey},svc-quotes=${testKeyPair('svc-quotes').publicKey}`,
      }),
    ).toEqual([`SERVICE_PUBLIC_KEYS: ${testKey}`]);
  });

  it('accepts keys of its own in production, and names a value that is no Ed25519 key', () => {
    const config = loadConfig(schema, {
      ...PRODUCTION,
      SERVICE_PRIVATE_KEY: SERVICE_KEYS.privateKey,
      SERVICE_PUBLIC_KEYS: `svc-quotes=${SERVICE_KEYS.publicKey}`,
    });
    expect(config).toMatchObject({
      GATEWAY_PUBLIC_KEY: GATEWAY_KEYS.publicKey,
      SERVICE_PRIVATE_KEY: SERVICE_KEYS.privateKey,
    });
    expect(problemsOf({ ...PRODUCTION, GATEWAY_PUBLIC_KEY: 'x'.repeat(60) })).toEqual([
      'GATEWAY_PUBLIC_KEY: must be an Ed25519 public key (base64 DER or PEM)',
    ]);
    expect(problemsOf({ ...PRODUCTION, GATEWAY_PUBLIC_KEY: GATEWAY_KEYS.privateKey })).toEqual([
      'GATEWAY_PUBLIC_KEY: must be an Ed25519 public key (base64 DER or PEM)',
    ]);
    expect(problemsOf({ ...PRODUCTION, SERVICE_PUBLIC_KEYS: `quotes=${SERVICE_KEYS.publicKey}` })[0]).toMatch(
      /^SERVICE_PUBLIC_KEYS: must be svc-<name>=<Ed25519 public key>/,
    );
  });
});
