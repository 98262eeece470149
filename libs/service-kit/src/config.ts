import { z } from 'zod';
import { EVENTS_EXCHANGE } from '@rampquote/contracts';

/** Raised when the environment does not satisfy a config schema; names every bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const isProduction = (env: NodeJS.ProcessEnv) => env.NODE_ENV === 'production';

/** A secret that has a development default but none in production. */
export function secret(devDefault: string) {
  return z.string().min(16, 'must be at least 16 characters').optional().default(devDefault);
}

const boolFromEnv = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** Variables every service and the gateway read (ARCHITECTURE section 7). */
export const baseEnvShape = {
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).default('postgres://postgres@127.0.0.1:5432'),
  AMQP_URL: z.url({ protocol: /^amqps?$/ }).default('amqp://guest:guest@127.0.0.1:5672'),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).default('smtp://127.0.0.1:1025'),
  PUBLIC_URL: z.url().default('http://localhost:8080'),
  INTERNAL_SECRET: secret('dev-internal-secret-change-me'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  BETA_OPEN: boolFromEnv,
  SUPPORT_EMAIL: z.email().default('support@rampquote.dev'),
};

/** Secrets that must be set explicitly when NODE_ENV=production. */
const PRODUCTION_SECRETS = ['INTERNAL_SECRET', 'SESSION_SECRET'];

/**
 * Reads the environment once into a typed object validated by `schema`.
 * Throws a ConfigError naming each missing or bad variable.
 */
export function loadConfig<S extends z.ZodObject>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const problems: string[] = [];
  if (isProduction(env)) {
    for (const name of PRODUCTION_SECRETS) {
      if (name in schema.shape && !env[name]) problems.push(`${name}: required in production`);
    }
  }
  // An empty variable counts as unset (compose files and shells often pass VAR= for "not given").
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = schema.safeParse(given);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const name = issue.path.join('.') || '(environment)';
      problems.push(`${name}: ${issue.message}`);
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
export function serviceConfigSchema<E extends z.ZodRawShape = Record<never, never>>(defaultPort: number, extra: E = {} as E) {
  return z.object({
    ...baseEnvShape,
    PORT: z.coerce.number().int().min(1).max(65535).default(defaultPort),
    EVENTS_EXCHANGE: z.string().regex(EXCHANGE_NAME, 'must be letters, digits, dot, dash or underscore').default(EVENTS_EXCHANGE),
    DATABASE_NAME: z.string().regex(/^[a-z0-9_]{1,63}$/, 'must be lowercase letters, digits or underscore').optional(),
    ...extra,
  });
}

export type BaseConfig = z.infer<z.ZodObject<typeof baseEnvShape>> & { PORT: number };

/** What every service's config carries (its own schema may add more). */
export type ServiceConfig = BaseConfig & { EVENTS_EXCHANGE: string; DATABASE_NAME?: string };

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
