import { z } from 'zod';
import { EVENTS_EXCHANGE } from '@rampquote/contracts';
import { callerName, parseServiceKeys, privateKeyFrom, publicKeyFrom, testKeyPair } from './auth/identity-keys';

/** Raised when the environment does not satisfy a config schema; names every bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * The modes (NODE_ENV) that use development defaults: `development` (what `npm start` sets) and `test` (what the
 * test helpers set). Any other mode, and NODE_ENV unset, is production: every secret must be given.
 */
export const DEVELOPMENT_MODES: readonly string[] = ['development', 'test'];

/** Whether an environment is in a mode with development defaults (an explicit NODE_ENV=development or test). */
export const usesDevelopmentDefaults = (env: NodeJS.ProcessEnv) => DEVELOPMENT_MODES.includes(env.NODE_ENV ?? '');

/** Shortest secret accepted outside the development modes, in bytes (UTF-8). */
export const MIN_SECRET_BYTES = 32;

/** The development value of each secret variable's schema (see `secret`). */
const DEV_SECRET_VALUES = new WeakMap<z.ZodType, string>();
/** Every development value: refused as a production secret of any variable. */
const DEVELOPMENT_VALUES = new Set<string>();

/**
 * A secret with a development value. In the development modes an unset variable takes `devDefault`; in any other
 * mode it must be set, at least MIN_SECRET_BYTES long and not a development value (loadConfig names it otherwise).
 * The schema itself has no default, so nothing falls back to the development value silently.
 */
export function secret(devDefault: string) {
  const schema = z.string().min(16, 'must be at least 16 characters');
  DEV_SECRET_VALUES.set(schema, devDefault);
  DEVELOPMENT_VALUES.add(devDefault);
  return schema;
}

/**
 * Secrets without a development value that production requires once another variable is set: Stripe's webhook
 * signing secret as soon as a Stripe key is configured (webhooks would otherwise be accepted unverified or not at
 * all). Applied to any schema that declares one of these variables.
 */
const CONDITIONAL_SECRETS: readonly { name: string; when: readonly string[] }[] = [
  { name: 'STRIPE_WEBHOOK_SECRET', when: ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY'] },
];

/** What is wrong with a production secret's value, if anything. */
function productionSecretProblem(
  name: string,
  value: string | undefined,
  requiredBecause?: string,
): string | undefined {
  if (value === undefined) {
    const why = requiredBecause ? ` when ${requiredBecause} is set` : '';
    return `${name}: required in production${why} (NODE_ENV is not development or test); set a random value of at least ${MIN_SECRET_BYTES} bytes`;
  }
  if (DEVELOPMENT_VALUES.has(value))
    return `${name}: is a development value published in the repository; set a secret of your own`;
  if (Buffer.byteLength(value, 'utf8') < MIN_SECRET_BYTES)
    return `${name}: must be at least ${MIN_SECRET_BYTES} bytes in production`;
  return undefined;
}

/** How a key variable is checked: its development value, and whether production requires it. */
interface KeySetting {
  devDefault: string;
  required: boolean;
}
const KEY_SETTINGS = new WeakMap<z.ZodType, KeySetting>();

/**
 * An Ed25519 key of the internal identity (base64 DER or PEM; a `svc-<name>=<key>` list for `list`). In the
 * development modes an unset variable takes `devDefault` (published TEST keys); in any other mode a TEST key is
 * refused, and a `required` one must be set.
 */
export function identityKey(kind: 'private' | 'public' | 'list', devDefault: string, required: true): z.ZodString;
export function identityKey(
  kind: 'private' | 'public' | 'list',
  devDefault: string,
  required: false,
): z.ZodOptional<z.ZodString>;
export function identityKey(kind: 'private' | 'public' | 'list', devDefault: string, required: boolean) {
  const parse = kind === 'private' ? privateKeyFrom : kind === 'public' ? publicKeyFrom : parseServiceKeys;
  const schema = z.string().superRefine((value, ctx) => {
    try {
      parse(value);
    } catch (err) {
      ctx.addIssue({
        code: 'custom',
        message:
          kind === 'list'
            ? `must be svc-<name>=<Ed25519 public key>, comma-separated: ${(err as Error).message}`
            : `must be an Ed25519 ${kind} key (base64 DER or PEM)`,
      });
    }
  });
  KEY_SETTINGS.set(schema, { devDefault, required });
  return required ? schema : schema.optional();
}

/** Whether a key variable's value holds a published TEST key (any name's). */
function holdsTestKey(value: string, names: readonly string[]): boolean {
  const known = new Set(names.flatMap((n) => [testKeyPair(n).privateKey, testKeyPair(n).publicKey]));
  if (known.has(value.trim())) return true;
  for (const entry of value.split(/[\s,]+/)) {
    const at = entry.indexOf('=');
    if (at > 0 && entry.slice(at + 1) === testKeyPair(entry.slice(0, at)).publicKey) return true;
  }
  return false;
}

/** Names whose TEST keys production refuses in any key variable. */
const KNOWN_KEY_NAMES = ['gateway', 'svc-identity', 'svc-fleet', 'svc-airports', 'svc-quotes', 'svc-billing'];

/** A yes/no variable: `true`/`1` is true, `false`/`0`/unset is false (or `fallback` when unset). */
export function envFlag(fallback = false) {
  return z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => (v === undefined ? fallback : v === 'true' || v === '1'));
}

/** Variables every service and the gateway read (ARCHITECTURE section 7). */
export const baseEnvShape = {
  /** `development` (npm start) and `test` use development defaults; unset means production. */
  NODE_ENV: z.enum(['development', 'test', 'production']).default('production'),
  /** Where the process listens: loopback unless told otherwise (a container sets 0.0.0.0). */
  HOST: z
    .string()
    .regex(/^[A-Za-z0-9.:-]+$/, 'must be a host name or an IP address')
    .default('127.0.0.1'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).default('postgres://postgres@127.0.0.1:5432'),
  AMQP_URL: z.url({ protocol: /^amqps?$/ }).default('amqp://guest:guest@127.0.0.1:5672'),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).default('smtp://127.0.0.1:1025'),
  PUBLIC_URL: z.url().default('http://localhost:8080'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
};

/**
 * Reads the environment once into a typed object validated by `schema`.
 * Throws a ConfigError naming each missing or bad variable. Secrets (see `secret`) take their development value
 * only in the development modes; in any other mode a missing, short or development secret is named.
 */
export function loadConfig<S extends z.ZodObject>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const problems: string[] = [];
  // An empty variable counts as unset (compose files and shells often pass VAR= for "not given").
  const given: Record<string, string> = Object.fromEntries(
    Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined && e[1] !== ''),
  );
  const development = usesDevelopmentDefaults(given);
  const shape = schema.shape as Record<string, z.ZodType>;
  for (const [name, declared] of Object.entries(shape)) {
    const field = declared instanceof z.ZodOptional ? (declared.unwrap() as z.ZodType) : declared;
    const key = KEY_SETTINGS.get(field);
    if (key) {
      if (development) {
        if (key.devDefault) given[name] ??= key.devDefault;
      } else if (given[name] === undefined && key.required) {
        problems.push(
          given.INTERNAL_SECRET === undefined
            ? `${name}: required in production (NODE_ENV is not development or test); see "Internal identity keys" in the README`
            : `${name}: required in production; INTERNAL_SECRET is no longer used (internal identities are signed with Ed25519 keys): see "Internal identity keys" in the README`,
        );
      } else if (given[name] !== undefined && holdsTestKey(given[name], [...KNOWN_KEY_NAMES, name])) {
        problems.push(`${name}: is a TEST key published in the repository; make keys of your own`);
      }
      continue;
    }
    const devValue = DEV_SECRET_VALUES.get(field);
    if (devValue === undefined) continue;
    if (development) given[name] ??= devValue;
    else {
      const problem = productionSecretProblem(name, given[name]);
      if (problem) problems.push(problem);
    }
  }
  if (!development) {
    for (const rule of CONDITIONAL_SECRETS) {
      if (!(rule.name in shape) && !rule.when.some((w) => w in shape)) continue;
      const because = rule.when.find((w) => given[w] !== undefined);
      if (!because) continue;
      const problem = productionSecretProblem(rule.name, given[rule.name], because);
      if (problem) problems.push(problem);
    }
  }
  const result = schema.safeParse(given);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const name = issue.path.join('.') || '(environment)';
      // A secret already named above is not named twice.
      if (!problems.some((p) => p.startsWith(`${name}: `))) problems.push(`${name}: ${issue.message}`);
    }
  }
  if (problems.length) throw new ConfigError(problems);
  return result.data as z.infer<S>;
}

/** Names allowed for the events exchange (and used to derive queue names). */
const EXCHANGE_NAME = /^[A-Za-z0-9._-]{1,200}$/;

/**
 * The base config plus a service's own port, the events exchange (EVENTS_EXCHANGE, default
 * `rampquote.events`; tests use a unique one) and an optional DATABASE_NAME override (default
 * `rampquote_<service>`; tests use a fresh database).
 */
export function serviceConfigSchema<E extends z.ZodRawShape = Record<never, never>>(
  defaultPort: number,
  extra: E = {} as E,
  name = 'service',
) {
  return z.object({
    ...baseEnvShape,
    ...serviceKeysShape(name),
    PORT: z.coerce.number().int().min(1).max(65535).default(defaultPort),
    EVENTS_EXCHANGE: z
      .string()
      .regex(EXCHANGE_NAME, 'must be letters, digits, dot, dash or underscore')
      .default(EVENTS_EXCHANGE),
    DATABASE_NAME: z
      .string()
      .regex(/^[a-z0-9_]{1,63}$/, 'must be lowercase letters, digits or underscore')
      .optional(),
    ...extra,
  });
}

/**
 * The identity keys a service reads: the gateway's public key (who may name a user), the public keys of the
 * services that call it (`svc-<name>=<key>`, comma-separated; unset: none, or in the development modes every
 * service's TEST key), and its own private key for the calls it makes (needed only by a service that calls others).
 */
export const serviceKeysShape = (name: string) => ({
  GATEWAY_PUBLIC_KEY: identityKey('public', testKeyPair('gateway').publicKey, true),
  SERVICE_PUBLIC_KEYS: identityKey('list', '', false),
  SERVICE_PRIVATE_KEY: identityKey('private', testKeyPair(callerName(name)).privateKey, false),
});

/** The schema serviceConfigSchema builds for a service with the extra variables `E`. */
export type ServiceConfigSchema<E extends z.ZodRawShape = Record<never, never>> = ReturnType<
  typeof serviceConfigSchema<E>
>;
export type BaseConfig = z.infer<z.ZodObject<typeof baseEnvShape>> & { PORT: number };

/** What every service's config carries (its own schema may add more). */
export type ServiceConfig = BaseConfig & {
  EVENTS_EXCHANGE: string;
  DATABASE_NAME?: string;
  GATEWAY_PUBLIC_KEY: string;
  SERVICE_PUBLIC_KEYS?: string;
  SERVICE_PRIVATE_KEY?: string;
};

/** The config object of a service with the extra variables `E` (the base variables, PORT, EVENTS_EXCHANGE, DATABASE_NAME, then E). */
export type ServiceConfigOf<E extends z.ZodRawShape = Record<never, never>> = z.infer<ServiceConfigSchema<E>> &
  ServiceConfig;

/** For main.ts / migrate.ts: runs `load`; on a ConfigError prints it (naming each bad variable) and exits 1. */
export function loadConfigOrExit<T>(load: () => T): T {
  try {
    return load();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
}
