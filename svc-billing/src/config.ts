import { z } from 'zod';
import {
  ConfigError,
  usesDevelopmentDefaults,
  type ServiceConfigOf,
  type ServiceDefinition,
} from '@rampquote/service-kit';

const STRIPE_KEYS = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;

/**
 * svc-billing's own variables (service.ts adds them to the base ones, PORT 4004 and EVENTS_EXCHANGE):
 * - STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET: all three set → Stripe; none → the local
 *   payment provider (development and test modes only); only some → the service refuses to start, naming the
 *   missing ones.
 * - BILLING_PROVIDER: `local` runs the local payment provider on purpose (no payment is taken; every billing screen
 *   says "Test mode"), the only way to run without Stripe keys in production; `stripe` requires the keys.
 * - STRIPE_API_URL: another address for Stripe's API (stripe-mock, tests); Stripe's own by default.
 * - BILLING_PERIOD_SWEEP_MS: how often the local provider ends or renews subscriptions whose period is over.
 */
export const billingEnv = {
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_[A-Za-z0-9_]+$/, 'must be a Stripe publishable key (pk_test_… or pk_live_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9_+/=]+$/, 'must be a Stripe webhook signing secret (whsec_…)')
    .optional(),
  STRIPE_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  BILLING_PERIOD_SWEEP_MS: z.coerce.number().int().min(1000).default(60_000),
  BILLING_PROVIDER: z.enum(['stripe', 'local'], { error: 'must be stripe or local' }).optional(),
};

/** svc-billing's config, read once at boot; inject it with `@Inject(SERVICE_CONFIG)`. */
export type BillingConfig = ServiceConfigOf<typeof billingEnv>;

/** The payment provider the configuration chose. */
export type PaymentProviderSettings =
  | { kind: 'local' }
  | { kind: 'stripe'; secretKey: string; publishableKey: string; webhookSecret: string; apiUrl: URL | null };

/**
 * The local provider when BILLING_PROVIDER=local or no Stripe key is set, Stripe when its three keys are
 * (withStripeKeyCheck refused anything else).
 */
export function paymentProviderSettings(config: BillingConfig): PaymentProviderSettings {
  if (config.BILLING_PROVIDER === 'local') return { kind: 'local' };
  if (!config.STRIPE_SECRET_KEY || !config.STRIPE_PUBLISHABLE_KEY || !config.STRIPE_WEBHOOK_SECRET)
    return { kind: 'local' };
  return {
    kind: 'stripe',
    secretKey: config.STRIPE_SECRET_KEY,
    publishableKey: config.STRIPE_PUBLISHABLE_KEY,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET,
    apiUrl: config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : null,
  };
}

/** Problems of the Stripe keys taken together: some set and not the others, or test and live keys mixed. */
export function stripeKeyProblems(config: Pick<BillingConfig, (typeof STRIPE_KEYS)[number]>): string[] {
  const set = STRIPE_KEYS.filter((name) => config[name]);
  if (set.length === 0) return [];
  if (set.length < STRIPE_KEYS.length) {
    return STRIPE_KEYS.filter((name) => !config[name]).map(
      (name) =>
        `${name}: required when ${set.join(' and ')} ${set.length > 1 ? 'are' : 'is'} set (set all three Stripe keys, or none for the local payment provider)`,
    );
  }
  const mode = (key: string) => (key.includes('_live_') ? 'live' : 'test');
  if (mode(config.STRIPE_SECRET_KEY!) !== mode(config.STRIPE_PUBLISHABLE_KEY!)) {
    return [
      `STRIPE_PUBLISHABLE_KEY: a ${mode(config.STRIPE_PUBLISHABLE_KEY!)} key with a ${mode(config.STRIPE_SECRET_KEY!)} STRIPE_SECRET_KEY`,
    ];
  }
  return [];
}

/** The problem of running without Stripe keys, if any: refused outside development unless BILLING_PROVIDER=local. */
export function providerChoiceProblem(env: NodeJS.ProcessEnv, stripeKeysSet: boolean): string | null {
  const chosen = env.BILLING_PROVIDER || undefined;
  // A value other than stripe or local is named by the schema.
  if (stripeKeysSet || (chosen !== undefined && chosen !== 'stripe')) return null;
  if (chosen === 'stripe')
    return 'BILLING_PROVIDER: stripe needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET';
  if (usesDevelopmentDefaults(env)) return null;
  return (
    'BILLING_PROVIDER: no Stripe keys are set (NODE_ENV is not development or test): set STRIPE_SECRET_KEY, ' +
    'STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET to take payments, or BILLING_PROVIDER=local to run on ' +
    'purpose without taking any (every billing screen then says "Test mode")'
  );
}

/**
 * The described service with the Stripe keys checked together when the config is read (main, migrate and tests
 * read it through `loadConfig`): a partial set is a ConfigError naming each missing key, together with any other
 * problem service-kit found.
 */
export function withStripeKeyCheck<C extends BillingConfig>(service: ServiceDefinition<C>): ServiceDefinition<C> {
  return Object.freeze({
    ...service,
    loadConfig: (env: NodeJS.ProcessEnv = process.env) => {
      const given = (name: (typeof STRIPE_KEYS)[number]) => (env[name] ? env[name] : undefined);
      const keys = {
        STRIPE_SECRET_KEY: given('STRIPE_SECRET_KEY'),
        STRIPE_PUBLISHABLE_KEY: given('STRIPE_PUBLISHABLE_KEY'),
        STRIPE_WEBHOOK_SECRET: given('STRIPE_WEBHOOK_SECRET'),
      };
      const ours = stripeKeyProblems(keys);
      const choice = providerChoiceProblem(
        env,
        STRIPE_KEYS.some((name) => keys[name]),
      );
      if (choice) ours.push(choice);
      try {
        const config = service.loadConfig(env);
        if (ours.length) throw new ConfigError(ours);
        return config;
      } catch (err) {
        if (!(err instanceof ConfigError) || ours.length === 0 || err.problems === ours) throw err;
        const named = (problem: string) => problem.slice(0, problem.indexOf(':'));
        const mine = new Set(ours.map(named));
        throw new ConfigError([...err.problems.filter((p) => !mine.has(named(p))), ...ours]);
      }
    },
  });
}
