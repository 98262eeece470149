import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { EVENTS_EXCHANGE, SERVICE_PORTS, type RemotesConfig, type ServiceName } from '@rampquote/contracts';
import { baseEnvShape, ConfigError, databaseName, loadConfig, secret } from '@rampquote/service-kit';

// The repository root (the folder holding shell/ and the mf-* folders): two levels up from gateway/src or gateway/dist.
const REPO_ROOT = resolve(__dirname, '..', '..');
const DEFAULT_REMOTES_FILE = resolve(__dirname, '..', 'remotes.default.json');

const serviceUrl = (service: ServiceName) => z.url({ protocol: /^https?$/ }).default(`http://127.0.0.1:${SERVICE_PORTS[service]}`);
const limit = (fallback: number) => z.coerce.number().int().min(1).default(fallback);

/** Express's `trust proxy`: false (default), true, a hop count, or a list of addresses/subnets (`loopback, 10.0.0.0/8`). */
const trustProxy = z
  .string()
  .optional()
  .transform((raw): boolean | number | string => {
    const v = (raw ?? '').trim();
    if (v === '' || v === 'false' || v === '0') return false;
    if (v === 'true') return true;
    if (/^\d+$/.test(v)) return Number(v);
    return v;
  });

/** Format of `/remotes.json` (the shell consumes it; see libs/contracts RemotesConfig). */
export const remotesSchema = z.object({
  remotes: z.array(
    z.object({
      name: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be a Module Federation name'),
      entry: z.string().min(1),
      routes: z.array(z.string().startsWith('/')),
    }),
  ),
}) satisfies z.ZodType<RemotesConfig>;

export const gatewayConfigSchema = z.object({
  ...baseEnvShape,
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  /** The gateway's own database on the DATABASE_URL server (sessions, rate limits). */
  DATABASE_NAME: z.string().regex(/^[a-z0-9_]+$/, 'must be lower-case letters, digits and _').default(databaseName('gateway')),
  SESSION_SECRET: secret('dev-session-secret-change-me'),
  /** The events exchange the gateway's queue (`gateway.events`: user-access-changed) is bound to; tests use their own. */
  EVENTS_EXCHANGE: z.string().regex(/^[A-Za-z0-9._-]{1,200}$/, 'must be letters, digits, dot, dash or underscore').default(EVENTS_EXCHANGE),
  TRUST_PROXY: trustProxy,
  IDENTITY_URL: serviceUrl('identity'),
  FLEET_URL: serviceUrl('fleet'),
  QUOTES_URL: serviceUrl('quotes'),
  BILLING_URL: serviceUrl('billing'),
  AIRPORTS_URL: serviceUrl('airports'),
  WEB_ROOT: z.string().min(1).default(REPO_ROOT).transform((p) => resolve(p)),
  /**
   * Further origins allowed to make state-changing calls besides PUBLIC_URL's (comma-separated), e.g. a
   * micro-frontend dev server at http://localhost:3001 that proxies /api here. Empty by default.
   */
  CSRF_TRUSTED_ORIGINS: z
    .string()
    .optional()
    .transform((v) => (v ?? '').split(',').map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.url({ protocol: /^https?$/ }))),
  /**
   * Longest wait for a service's answer through the proxy, and longest silence inside one, in milliseconds
   * (a Server-Sent Events stream is exempt once it has started).
   */
  PROXY_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
  /** Longest wait for svc-identity when the gateway calls it itself (login, profile, password reset), in ms. */
  IDENTITY_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** A JSON document or the path of a JSON file. */
  REMOTES_JSON: z.string().min(1).default(DEFAULT_REMOTES_FILE),
  /**
   * Failed logins in 15 minutes: per e-mail from one client address (the strict one), per e-mail from all addresses
   * together (much higher, so nobody can lock a pilot out from one address), and per client address for all e-mails.
   */
  RATE_LIMIT_LOGIN: limit(5),
  RATE_LIMIT_LOGIN_EMAIL: limit(50),
  RATE_LIMIT_LOGIN_IP: limit(20),
  /** Per hour and client IP (forgot-password: per IP and e-mail, and per IP for all e-mails). */
  RATE_LIMIT_REGISTER: limit(10),
  RATE_LIMIT_FORGOT_PASSWORD: limit(5),
  RATE_LIMIT_FORGOT_PASSWORD_IP: limit(20),
  RATE_LIMIT_RESET_PASSWORD: limit(20),
  RATE_LIMIT_SUPPORT: limit(5),
  RATE_LIMIT_FBO_SUBMIT: limit(20),
});

export type GatewayEnv = z.infer<typeof gatewayConfigSchema>;

export interface GatewayConfig extends Omit<GatewayEnv, 'REMOTES_JSON'> {
  /** The validated content of REMOTES_JSON. */
  remotes: RemotesConfig;
  /** Origin of PUBLIC_URL: the site's own origin for the CSRF check. */
  siteOrigin: string;
  /** Origins whose state-changing requests are accepted: siteOrigin plus CSRF_TRUSTED_ORIGINS. */
  trustedOrigins: string[];
  /** Upstream base URL of each service. */
  serviceUrls: Record<ServiceName, string>;
}

/** Reads REMOTES_JSON (inline JSON or a file path) and validates it. Throws ConfigError naming the variable. */
export function parseRemotes(value: string): RemotesConfig {
  const inline = value.trimStart().startsWith('{');
  let text = value;
  if (!inline) {
    if (!existsSync(value)) throw new ConfigError([`REMOTES_JSON: file not found: ${value}`]);
    text = readFileSync(value, 'utf8');
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new ConfigError([`REMOTES_JSON: not valid JSON (${(err as Error).message})`]);
  }
  const result = remotesSchema.safeParse(json);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((i) => `REMOTES_JSON: ${i.path.join('.') || '(root)'}: ${i.message}`));
  }
  return result.data;
}

/** The gateway's configuration, read once at boot. */
export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const { REMOTES_JSON, ...rest } = loadConfig(gatewayConfigSchema, env);
  return {
    ...rest,
    remotes: parseRemotes(REMOTES_JSON),
    siteOrigin: new URL(rest.PUBLIC_URL).origin,
    trustedOrigins: [new URL(rest.PUBLIC_URL).origin, ...rest.CSRF_TRUSTED_ORIGINS.map((o) => new URL(o).origin)],
    serviceUrls: {
      identity: rest.IDENTITY_URL,
      fleet: rest.FLEET_URL,
      quotes: rest.QUOTES_URL,
      billing: rest.BILLING_URL,
      airports: rest.AIRPORTS_URL,
    },
  };
}

/** Injection token of the GatewayConfig. */
export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');
