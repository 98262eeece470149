import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import {
  EVENTS_EXCHANGE,
  GATEWAY_PORT,
  SERVICE_PORTS,
  type RemotesConfig,
  type ServiceName,
} from '@rampquote/contracts';
import {
  baseEnvShape,
  ConfigError,
  databaseName,
  identityKey,
  loadConfig,
  metricsEnvShape,
  secret,
  testKeyPair,
  usesDevelopmentDefaults,
} from '@rampquote/service-kit';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from './sessions/session-cookie-name';
import { REMOTE_APPS, remoteOriginsOf, remotesFromBaseUrls, type RemoteUrlVariable } from './remotes/remote-apps';

// The repository root (the folder holding shell/ and the mf-* folders): two levels up from gateway/src or gateway/dist.
const REPO_ROOT = resolve(__dirname, '..', '..');

const serviceUrl = (service: ServiceName) =>
  z.url({ protocol: /^https?$/ }).default(`http://127.0.0.1:${SERVICE_PORTS[service]}`);
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

/** An http(s) URL, or a path on the site's own origin (`/mf/account/`: a remote behind the same Ingress). */
const isUrlOrPath = (v: string) =>
  (v.startsWith('/') && !v.startsWith('//')) || (/^https?:\/\/[^/]/i.test(v) && URL.canParse(v));
const remoteLocation = z.string().refine(isUrlOrPath, 'must be an http(s) URL or a path starting with /');

/** Format of `/remotes.json` (the shell consumes it; see libs/contracts RemotesConfig). */
export const remotesSchema = z.object({
  remotes: z.array(
    z.object({
      name: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be a Module Federation name'),
      entry: remoteLocation,
      routes: z.array(z.string().startsWith('/')),
    }),
  ),
}) satisfies z.ZodType<RemotesConfig>;

export const gatewayConfigSchema = z.object({
  ...baseEnvShape,
  PORT: z.coerce.number().int().min(1).max(65535).default(GATEWAY_PORT),
  /** The gateway's own database on the DATABASE_URL server (sessions, rate limits). */
  DATABASE_NAME: z
    .string()
    .regex(/^[a-z0-9_]+$/, 'must be lower-case letters, digits and _')
    .default(databaseName('gateway')),
  SESSION_SECRET: secret('dev-session-secret-change-me'),
  /** The gateway's Ed25519 private key: it alone signs identities that name a user (services hold its public key). */
  GATEWAY_PRIVATE_KEY: identityKey('private', testKeyPair('gateway').privateKey, true),
  /** The events exchange the gateway's queue (`gateway.events`: user-access-changed) is bound to; tests use their own. */
  EVENTS_EXCHANGE: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,200}$/, 'must be letters, digits, dot, dash or underscore')
    .default(EVENTS_EXCHANGE),
  TRUST_PROXY: trustProxy,
  IDENTITY_URL: serviceUrl('identity'),
  FLEET_URL: serviceUrl('fleet'),
  QUOTES_URL: serviceUrl('quotes'),
  BILLING_URL: serviceUrl('billing'),
  AIRPORTS_URL: serviceUrl('airports'),
  WEB_ROOT: z
    .string()
    .min(1)
    .default(REPO_ROOT)
    .transform((p) => resolve(p)),
  /**
   * Further origins allowed to make state-changing calls besides PUBLIC_URL's (comma-separated), e.g. a
   * micro-frontend dev server at http://localhost:3001 that proxies /api here. Empty by default.
   */
  CSRF_TRUSTED_ORIGINS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ protocol: /^https?$/ }))),
  /**
   * Longest wait for a service's answer through the proxy, and longest silence inside one, in milliseconds
   * (a Server-Sent Events stream is exempt once it has started).
   */
  PROXY_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
  /** Longest wait for svc-identity when the gateway calls it itself (login, profile, password reset), in ms. */
  IDENTITY_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /**
   * Where each micro-frontend lives: the base URL of its static host or CDN prefix, as the browser reaches it
   * (`<base>/mf-manifest.json` must be there). Development defaults: the hosts `npm start` runs
   * (http://localhost:3101/ …); required in production unless REMOTES_JSON is given.
   */
  ...(Object.fromEntries(REMOTE_APPS.map((app) => [app.variable, remoteLocation.optional()])) as Record<
    RemoteUrlVariable,
    z.ZodOptional<typeof remoteLocation>
  >),
  /**
   * Optional: the FBO portal's own static host as the gateway reaches it (http://mf-fbo-portal:8080). When given, an
   * FBO's e-mailed link /quote/{fboId}/{token} and its standalone page's scripts under /mf-fbo-portal/ are
   * forwarded there (the host answers the link with link.html), as an Ingress routes them; without it they are
   * read from WEB_ROOT's mf-fbo-portal/dist (npm start), or the shell answers the link when that is not built.
   */
  FBO_LINK_HOST_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Optional: the whole /remotes.json document (a JSON document or the path of a JSON file) instead of REMOTE_URL_MF_*. */
  REMOTES_JSON: z.string().min(1).optional(),
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
  /**
   * Who may read the gateway's GET /metrics: with a token, only `Authorization: Bearer <METRICS_TOKEN>`; without one,
   * only connections from this machine that no proxy relayed (no X-Forwarded-For). Anyone else gets the site's 404.
   */
  METRICS_TOKEN: metricsEnvShape.METRICS_TOKEN,
});

export type GatewayEnv = z.infer<typeof gatewayConfigSchema>;

export interface GatewayConfig extends Omit<GatewayEnv, 'REMOTES_JSON'> {
  /** What /remotes.json answers: REMOTES_JSON, or the remotes at REMOTE_URL_MF_* (validated at boot). */
  remotes: RemotesConfig;
  /** Origins other than the site's that remote code is loaded from (the shell's CSP allows them). */
  remoteOrigins: string[];
  /** Origin of PUBLIC_URL: the site's own origin for the CSRF check. */
  siteOrigin: string;
  /**
   * PUBLIC_URL is https: browsers reach the site over TLS, whatever the hop to the gateway is (a TLS proxy need not
   * be trusted for it). The session cookie is then `__Host-` and Secure, and every answer carries HSTS.
   */
  servedOverTls: boolean;
  /** The session cookie's name: `__Host-rq.sid` when servedOverTls, else `rq.sid`. */
  sessionCookieName: string;
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
    throw new ConfigError(
      result.error.issues.map((i) => `REMOTES_JSON: ${i.path.join('.') || '(root)'}: ${i.message}`),
    );
  }
  return result.data;
}

/** The remote variables production must give (none when REMOTES_JSON is given), named like loadConfig names them. */
function missingRemoteUrls(env: NodeJS.ProcessEnv): string[] {
  if (usesDevelopmentDefaults(env) || env.REMOTES_JSON) return [];
  return REMOTE_APPS.filter((app) => !env[app.variable]).map(
    (app) =>
      `${app.variable}: required in production (NODE_ENV is not development or test): the base URL of the host serving the ${app.name} micro-frontend (its mf-manifest.json), or give REMOTES_JSON`,
  );
}

/** /remotes.json: REMOTES_JSON when given, else each REMOTE_URL_MF_* (development: the local static hosts). */
function resolveRemotes(env: GatewayEnv): RemotesConfig {
  if (env.REMOTES_JSON) return parseRemotes(env.REMOTES_JSON);
  const baseUrls = Object.fromEntries(
    REMOTE_APPS.map((app) => [app.variable, env[app.variable] ?? `http://localhost:${app.devPort}/`]),
  ) as Record<RemoteUrlVariable, string>;
  return remotesFromBaseUrls(baseUrls);
}

/** The gateway's configuration, read once at boot. */
export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  // An empty variable counts as unset, as in loadConfig.
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const missing = missingRemoteUrls(given);
  let parsed: GatewayEnv;
  try {
    parsed = loadConfig(gatewayConfigSchema, env);
  } catch (err) {
    if (err instanceof ConfigError && missing.length) throw new ConfigError([...err.problems, ...missing]);
    throw err;
  }
  if (missing.length) throw new ConfigError(missing);
  const { REMOTES_JSON: _remotesJson, ...rest } = parsed;
  const remotes = resolveRemotes(parsed);
  return {
    ...rest,
    remotes,
    remoteOrigins: remoteOriginsOf(remotes, new URL(rest.PUBLIC_URL).origin),
    siteOrigin: new URL(rest.PUBLIC_URL).origin,
    servedOverTls: new URL(rest.PUBLIC_URL).protocol === 'https:',
    sessionCookieName: new URL(rest.PUBLIC_URL).protocol === 'https:' ? SECURE_SESSION_COOKIE : SESSION_COOKIE,
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
