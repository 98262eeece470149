// The whole system as `npm start` runs it, for the proof suites (faults, fuzz): start and stop it, sign in, call the
// API through the gateway, read the mail catcher and the databases. Plain Node 24 plus `pg`.
//
// API (kept stable for the suites that import it):
//   startSystem({ env, timeoutMs }) -> { baseUrl, origin, logsDir, env, readyMs, stop() }
//   new Client({ baseUrl, origin }) / signIn(email, password, { baseUrl }) -> Client (cookie jar, Origin header)
//   client.request(method, path, { json, body, headers, timeoutMs }) -> { status, headers, body, text, ms }
//   mails(), waitFor(fn, { timeoutMs, intervalMs, message }), dbQuery(service, sql, params), closeDb()
//   serviceCall(service, method, path, { user, json, port }) -> straight to a service, identity signed as the gateway's
//   pidListeningOn(port), DEMO, SYSTEM_ENV, ROOT, MAIL_API, isJsonError(body)
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { PORTS } from '../../scripts/lib/system.mjs';
import { signAsGateway } from '../../scripts/lib/identity-keys.mjs';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const GATEWAY_PORT = PORTS.gateway;
export const BASE_URL = `http://127.0.0.1:${GATEWAY_PORT}`;
/** The site's origin (PUBLIC_URL under npm start): state-changing calls must carry it (CSRF rule). */
export const SITE_ORIGIN = `http://localhost:${GATEWAY_PORT}`;
export const MAIL_API = `http://127.0.0.1:${PORTS.mail.web}/email`;
export const DEFAULT_DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432';
export const DEFAULT_AMQP_URL = process.env.AMQP_URL || 'amqp://guest:guest@127.0.0.1:5672';
export const SERVICE_PORTS = PORTS.services;

export const DEMO = {
  password: 'RampQuote#2026',
  admin: 'admin@rampquote.dev',
  pilot: 'pilot@rampquote.dev',
  fboUser: 'demo-fbo-ksea-1@example.com',
};

/**
 * The environment the end-to-end run uses (e2e/playwright.config.ts): the development mode and limits raised so
 * that repeated runs from 127.0.0.1 are not refused by the per-client counters kept in PostgreSQL.
 */
export const SYSTEM_ENV = {
  NODE_ENV: 'development',
  RATE_LIMIT_REGISTER: '1000',
  RATE_LIMIT_SUPPORT: '1000',
  RATE_LIMIT_FBO_SUBMIT: '100000',
  RATE_LIMIT_FORGOT_PASSWORD_IP: '1000',
  RATE_LIMIT_RESET_PASSWORD: '1000',
  RATE_LIMIT_LOGIN: '1000',
  RATE_LIMIT_LOGIN_IP: '1000',
  RATE_LIMIT_LOGIN_EMAIL: '1000',
  NO_PLAN_MONTHLY_QUOTE_REQUESTS: '100000',
};

function portFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '0.0.0.0', exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/**
 * Starts `node scripts/start.mjs --no-build --quiet` with SYSTEM_ENV and `env` on top, waits for its READY line and
 * the gateway's /health. Refuses when the gateway's port is taken (run the suites under `flock /tmp/rampquote-system.lock`).
 */
export async function startSystem({ env = {}, timeoutMs = 120_000, args = ['--no-build', '--quiet'] } = {}) {
  if (!(await portFree(GATEWAY_PORT))) throw new Error(`port ${GATEWAY_PORT} is in use: stop the running system first`);
  const t0 = performance.now();
  const childEnv = { ...process.env, ...SYSTEM_ENV, ...env };
  const launcher = spawn(process.execPath, [join(ROOT, 'scripts', 'start.mjs'), ...args], {
    cwd: ROOT,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let exited = false;
  launcher.stdout.on('data', (c) => (output += c));
  launcher.stderr.on('data', (c) => (output += c));
  const exitPromise = new Promise((resolve) =>
    launcher.once('exit', (code, signal) => ((exited = true), resolve({ code, signal }))),
  );
  // The launcher stops its children on SIGTERM: make sure it gets one when this process ends or is interrupted,
  // or the shared ports stay taken.
  const killOnExit = () => {
    if (!exited) launcher.kill('SIGTERM');
  };
  const onSignal = (signal) => {
    killOnExit();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('exit', killOnExit);
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  const stop = async () => {
    process.removeListener('exit', killOnExit);
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
    if (exited) return;
    launcher.kill('SIGTERM');
    const timer = setTimeout(() => !exited && launcher.kill('SIGKILL'), 15_000);
    await exitPromise;
    clearTimeout(timer);
  };

  const deadline = Date.now() + timeoutMs;
  while (!output.includes('[rampquote] READY')) {
    if (exited) throw new Error(`the launcher exited before READY:\n${output.slice(-4000)}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the system was not READY after ${timeoutMs / 1000} s:\n${output.slice(-4000)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await waitFor(async () => (await fetch(`${BASE_URL}/health`, { signal: AbortSignal.timeout(2000) })).ok, {
    timeoutMs: 20_000,
    message: 'gateway /health',
  });
  return {
    baseUrl: BASE_URL,
    origin: SITE_ORIGIN,
    logsDir: join(ROOT, '.data', 'logs'),
    env: childEnv,
    readyMs: performance.now() - t0,
    launcherPid: launcher.pid,
    output: () => output,
    exited: () => exited,
    stop,
  };
}

/** Polls `fn` until it returns a truthy value (returned) or the time is up (throws, naming `message`). */
export async function waitFor(fn, { timeoutMs = 15_000, intervalMs = 250, message = 'condition' } = {}) {
  const deadline = Date.now() + timeoutMs;
  let lastError;
  for (;;) {
    try {
      const value = await fn();
      if (value) return value;
    } catch (err) {
      lastError = err;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `timed out after ${timeoutMs} ms waiting for ${message}${lastError ? ` (last error: ${lastError.message})` : ''}`,
      );
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** The JSON error shape of the spec: `{ error: string, details?: [{ message: string }] }`. */
export function isJsonError(body) {
  return (
    body !== null &&
    typeof body === 'object' &&
    typeof body.error === 'string' &&
    body.error.length > 0 &&
    (body.details === undefined ||
      (Array.isArray(body.details) && body.details.every((d) => d && typeof d.message === 'string')))
  );
}

/** A browser-like API client: keeps the session cookie, sends the site's Origin on every call. */
export class Client {
  constructor({ baseUrl = BASE_URL, origin = SITE_ORIGIN } = {}) {
    this.baseUrl = baseUrl;
    this.origin = origin;
    this.cookies = new Map();
  }

  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /**
   * One call. `json` is sent as JSON; `body` as is (with your content-type header). Never throws for an HTTP
   * status; a network failure or timeout gives status 0 with `error`.
   */
  async request(method, path, { json, body, headers = {}, timeoutMs = 30_000 } = {}) {
    const h = { origin: this.origin, accept: 'application/json', ...headers };
    const cookie = this.cookieHeader();
    if (cookie) h.cookie = cookie;
    let payload = body;
    if (json !== undefined) {
      payload = JSON.stringify(json);
      h['content-type'] ??= 'application/json';
    }
    const t0 = performance.now();
    try {
      const res = await fetch(new URL(path, this.baseUrl), {
        method,
        headers: h,
        body: payload,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      for (const line of res.headers.getSetCookie()) {
        const [pair, ...attrs] = line.split(';');
        const eq = pair.indexOf('=');
        const name = pair.slice(0, eq).trim();
        const value = pair.slice(eq + 1).trim();
        const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a));
        if (expired || value === '') this.cookies.delete(name);
        else this.cookies.set(name, value);
      }
      const text = await res.text();
      let parsed = null;
      if ((res.headers.get('content-type') ?? '').includes('json')) {
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = null;
        }
      }
      return { status: res.status, headers: res.headers, body: parsed, text, ms: performance.now() - t0 };
    } catch (err) {
      return { status: 0, headers: new Headers(), body: null, text: '', ms: performance.now() - t0, error: err };
    }
  }

  get(path, opts) {
    return this.request('GET', path, opts);
  }
  post(path, json, opts = {}) {
    return this.request('POST', path, { ...opts, json });
  }
  put(path, json, opts = {}) {
    return this.request('PUT', path, { ...opts, json });
  }
  patch(path, json, opts = {}) {
    return this.request('PATCH', path, { ...opts, json });
  }
  delete(path, opts) {
    return this.request('DELETE', path, opts);
  }
}

/** Signs in (retrying for up to `timeoutMs` while the account is not let in yet) and returns the client and user. */
export async function signIn(
  email,
  password = DEMO.password,
  { baseUrl = BASE_URL, origin = SITE_ORIGIN, timeoutMs = 15_000 } = {},
) {
  const client = new Client({ baseUrl, origin });
  const res = await waitFor(
    async () => {
      const r = await client.post('/api/auth/login', { email, password });
      return r.status === 200 ? r : null;
    },
    { timeoutMs, intervalMs: 500, message: `sign-in of ${email}` },
  );
  client.user = res.body;
  return client;
}

/** Every message the dev mail catcher holds (maildev's JSON API). */
export async function mails() {
  const res = await fetch(MAIL_API, { signal: AbortSignal.timeout(10_000) });
  if (!res.ok) throw new Error(`mail catcher answered ${res.status}`);
  return res.json();
}

/** Recipients (lower-case addresses) of a maildev message. */
export const recipients = (mail) => (mail.to ?? []).map((t) => String(t.address).toLowerCase());

// ---------------------------------------------------------------- databases (direct, never through a fault proxy)
const pools = new Map();

/** The database of a service (`quotes` -> rampquote_quotes, `gateway` -> rampquote_gateway). */
export const databaseName = (service) => `rampquote_${service.replace(/^svc-/, '').replace(/[^a-z0-9_]/gi, '_')}`;

/** Runs one query in a service's database on the real server (DATABASE_URL of this process or the default). */
export async function dbQuery(service, sql, params = []) {
  let pool = pools.get(service);
  if (!pool) {
    const url = new URL(DEFAULT_DATABASE_URL);
    url.pathname = `/${databaseName(service)}`;
    pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
    pool.on('error', () => undefined);
    pools.set(service, pool);
  }
  return (await pool.query(sql, params)).rows;
}

export async function closeDb() {
  const all = [...pools.values()];
  pools.clear();
  await Promise.all(all.map((p) => p.end().catch(() => undefined)));
}

// ---------------------------------------------------------------- straight to a service
export const IDENTITY_HEADER = 'x-rampquote-identity';

/**
 * One call straight to a service (not through the gateway), with an identity signed the way the gateway signs it
 * (the development gateway's key: GATEWAY_PRIVATE_KEY, else .data/identity-keys.json). `user`: { id, email, role }.
 */
export async function serviceCall(
  service,
  method,
  path,
  { user, json, port = SERVICE_PORTS[service], timeoutMs = 30_000 } = {},
) {
  const payload = json === undefined ? undefined : JSON.stringify(json);
  const identity = signAsGateway(user ? { user: { id: user.id, email: user.email, role: user.role } } : {}, {
    service,
    method,
    path,
    body: payload,
  });
  const headers = { [IDENTITY_HEADER]: identity, accept: 'application/json' };
  if (json !== undefined) headers['content-type'] = 'application/json';
  const t0 = performance.now();
  try {
    const res = await fetch(`http://127.0.0.1:${port}${path}`, {
      method,
      headers,
      body: payload,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    let body = null;
    try {
      body = (res.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    return { status: res.status, headers: res.headers, body, text, ms: performance.now() - t0 };
  } catch (err) {
    return { status: 0, headers: new Headers(), body: null, text: '', ms: performance.now() - t0, error: err };
  }
}

// ---------------------------------------------------------------- processes
/** The pid of the process listening on a TCP port of this machine (Linux /proc), or undefined. */
export function pidListeningOn(port) {
  const inodes = new Set();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols.length < 10) continue;
      const localPort = parseInt(cols[1].split(':').pop(), 16);
      if (localPort === port && cols[3] === '0A') inodes.add(cols[9]);
    }
  }
  if (!inodes.size) return undefined;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let fds = [];
    try {
      fds = readdirSync(`/proc/${entry}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${entry}/fd/${fd}`));
        if (m && inodes.has(m[1])) return Number(entry);
      } catch {
        /* gone */
      }
    }
  }
  return undefined;
}
