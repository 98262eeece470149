import { z } from 'zod';
import { ConfigError, type ServiceConfigOf, type ServiceDefinition } from '@rampquote/service-kit';

const STRIPE_KEYS = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;

/**
 * svc-billing's own variables (service.ts adds them to the base ones, PORT 4004 and EVENTS_EXCHANGE):
 * - STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET: all three set → Stripe; none → the local
 *   payment provider; only some → the service refuses to start, naming the missing ones.
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
};

/** svc-billing's config, read once at boot; inject it with `@Inject(SERVICE_CONFIG)`. */
export type BillingConfig = ServiceConfigOf<typeof billingEnv>;

/** The payment provider the configuration chose. */
export type PaymentProviderSettings =
  | { kind: 'local' }
  | { kind: 'stripe'; secretKey: string; publishableKey: string; webhookSecret: string; apiUrl: URL | null };

/** Stripe when its three keys are set, the local provider when none is (checkStripeKeys refused anything else). */
export function paymentProviderSettings(config: BillingConfig): PaymentProviderSettings {
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
      const ours = stripeKeyProblems({
        STRIPE_SECRET_KEY: given('STRIPE_SECRET_KEY'),
        STRIPE_PUBLISHABLE_KEY: given('STRIPE_PUBLISHABLE_KEY'),
        STRIPE_WEBHOOK_SECRET: given('STRIPE_WEBHOOK_SECRET'),
      });
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
