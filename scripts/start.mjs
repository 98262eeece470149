#!/usr/bin/env node
// `npm start`: installs what is missing, builds what is stale, prepares databases and queues, starts the
// mail catcher, every service, one static host per micro-frontend and the gateway, waits until all are healthy
// and prints the URL and the demo accounts. Ctrl-C stops every child process. Plain Node: it runs before any dependency is installed, on Node 24
// (scripts/lib/node-runtime.mjs).
//
// Options: --no-build (start what is built; only a package that was never built is built first), --quiet (children's logs go to .data/logs only).
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdirSync, createWriteStream, existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  ROOT,
  SERVICES,
  GATEWAY,
  MAIL,
  DEMO_ACCOUNTS,
  REMOTE_HOSTS,
  BUILDS,
  SERVER_NODE_FLAGS,
} from './lib/system.mjs';
import {
  ensureDependencies,
  infrastructureProblems,
  DEFAULT_DATABASE_URL,
  DEFAULT_AMQP_URL,
} from './lib/prerequisites.mjs';
import { useNode24 } from './lib/node-runtime.mjs';
import { devIdentityKeys, identityEnv } from './lib/identity-keys.mjs';

// Node 24 LTS first (fetched from the npm registry when this machine's node is older): every child runs on it.
await useNode24({ say: (m) => console.log(`[rampquote] ${m}`) });

const started = Date.now();
const args = new Set(process.argv.slice(2));
const quiet = args.has('--quiet');
// The explicit development mode: development secrets and the demo accounts. The processes use them only when told
// (NODE_ENV unset means production and needs real secrets), so this launcher says it, whatever the shell has; and
// everything listens on 127.0.0.1 only (a shell's HOST is often the machine's name).
// The internal identity's keys: made on the first start into .data/identity-keys.json, then reused (a key given in
// the shell's environment wins).
const identityKeys = identityEnv(devIdentityKeys());
const fromShellOr = (vars) =>
  Object.fromEntries(Object.entries(vars).map(([name, value]) => [name, process.env[name] || value]));
const env = {
  DATABASE_URL: DEFAULT_DATABASE_URL,
  AMQP_URL: DEFAULT_AMQP_URL,
  SMTP_URL: `smtp://127.0.0.1:${MAIL.smtpPort}`,
  PUBLIC_URL: `http://localhost:${GATEWAY.port}`,
  // Where the browser finds each micro-frontend (the gateway's /remotes.json): its static host below.
  ...Object.fromEntries(REMOTE_HOSTS.map((r) => [r.urlVar, `http://localhost:${r.port}/`])),
  ...identityKeys.shared,
  ...process.env,
  NODE_ENV: 'development',
  HOST: '127.0.0.1',
};
const children = [];
let stopping = false;

const say = (msg) => console.log(`[rampquote] ${msg}`);
const fail = (msg) => {
  console.error(`\n[rampquote] ${msg}\n`);
  stop(1);
};

// ---------------------------------------------------------------- 1. dependencies and infrastructure
async function checkInfrastructure() {
  const problems = await infrastructureProblems(env);
  if (problems.length) fail(problems.join('\n\n'));
}

function portFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '0.0.0.0', exclusive: true }, () => server.close(() => resolve(true)));
  });
}

async function checkPorts() {
  const ports = [
    ...SERVICES.map((s) => [s.dir, s.port]),
    ...REMOTE_HOSTS.map((r) => [`${r.dir} host`, r.port]),
    [GATEWAY.dir, GATEWAY.port],
    ['mail catcher', MAIL.smtpPort],
    ['mail catcher', MAIL.webPort],
  ];
  for (const [name, port] of ports) {
    if (!(await portFree(port))) {
      fail(
        `Port ${port} (${name}) is already in use. Is RampQuote already running? Stop it first (Ctrl-C in its terminal).`,
      );
    }
  }
}

// ---------------------------------------------------------------- 3. processes
const logDir = join(ROOT, '.data', 'logs');

/** A server process on this Node, with the system's V8 flags (SERVER_NODE_FLAGS). */
function startProcess(name, script, scriptArgs = [], extraEnv = {}) {
  mkdirSync(logDir, { recursive: true });
  const log = createWriteStream(join(logDir, `${name}.log`), { flags: 'a' });
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, script, ...scriptArgs], {
    cwd: ROOT,
    env: { ...env, ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = `[${name}] `.padEnd(12);
  const forward = (stream) => (chunk) => {
    log.write(chunk);
    if (!quiet) stream.write(chunk.toString().replace(/^(?=.)/gm, prefix));
  };
  child.stdout.on('data', forward(process.stdout));
  child.stderr.on('data', forward(process.stderr));
  child.on('exit', (code, signal) => {
    log.end();
    if (!stopping)
      fail(
        `${name} stopped unexpectedly (${signal ?? `exit ${code}`}); see .data/logs/${name}.log. Stopping everything.`,
      );
  });
  children.push({ name, child });
  return child;
}

function runOnce(name, command, commandArgs) {
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    child.on('close', (code) => resolve({ name, code, output }));
  });
}

async function prepareDatabasesAndQueues() {
  const targets = [...SERVICES, GATEWAY];
  const results = await Promise.all(
    targets.map((t) => runOnce(`${t.dir} migrate`, process.execPath, [join(t.dir, 'dist', 'migrate.js')])),
  );
  const failed = results.filter((r) => r.code !== 0);
  if (failed.length) fail(failed.map((r) => `${r.name} failed:\n${r.output}`).join('\n'));
}

async function waitHealthy(name, url, timeoutMs = 60000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !stopping) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  if (!stopping)
    fail(`${name} did not become healthy at ${url} within ${timeoutMs / 1000} s; see .data/logs/${name}.log.`);
}

function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  const alive = children.filter(({ child }) => child.exitCode === null && child.signalCode === null);
  if (!alive.length) process.exit(code);
  for (const { child } of alive) child.kill('SIGTERM');
  const force = setTimeout(() => {
    for (const { child } of alive) if (child.exitCode === null) child.kill('SIGKILL');
    process.exit(code);
  }, 8000);
  Promise.all(
    alive.map(({ child }) => new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)))),
  ).then(() => {
    clearTimeout(force);
    if (alive.length) say('stopped every process.');
    process.exit(code);
  });
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

// ---------------------------------------------------------------- main
if (!ensureDependencies(say)) fail('npm could not install the dependencies (see above).');
await checkInfrastructure();
await checkPorts();
{
  // --no-build keeps what is built as it is, but a fresh clone has nothing to start: build what was never built.
  const { buildStale } = await import('./build.mjs');
  const { stampPath } = await import('./lib/build-stamps.mjs');
  const only = args.has('--no-build') ? (b) => !existsSync(stampPath(b)) : () => true;
  try {
    if (BUILDS.some(only)) await buildStale({ only, log: say });
  } catch (err) {
    fail(err.message);
  }
}
say('preparing databases and queues ...');
await prepareDatabasesAndQueues();

startProcess('mail', join('node_modules', 'maildev', 'bin', 'maildev'), [
  '--smtp',
  String(MAIL.smtpPort),
  '--web',
  String(MAIL.webPort),
  '--ip',
  '127.0.0.1',
  '--silent',
]);
for (const svc of SERVICES)
  startProcess(svc.name, join(svc.dir, 'dist', 'main.js'), [], fromShellOr(identityKeys.service(svc.dir)));
// One static host per micro-frontend, serving its dist/ as its own deployment would; the shell's origin (and the
// shell's webpack dev server) may read it.
const shellOrigins = [new URL(env.PUBLIC_URL).origin, 'http://localhost:3000'].join(',');
for (const remote of REMOTE_HOSTS) {
  startProcess(remote.name, join('scripts', 'static-host', 'static-host.mjs'), [], {
    NAME: remote.name,
    STATIC_ROOT: join(ROOT, remote.dir, 'dist'),
    PORT: String(remote.port),
    ALLOWED_ORIGINS: shellOrigins,
    ...(remote.standalonePage ? { API_URL: `http://127.0.0.1:${GATEWAY.port}` } : {}),
  });
}
// The standalone FBO page's host forwards /api from 127.0.0.1 with the client's own address: the gateway trusts it.
startProcess(GATEWAY.name, join(GATEWAY.dir, 'dist', 'main.js'), [], {
  TRUST_PROXY: env.TRUST_PROXY ?? 'loopback',
  ...fromShellOr(identityKeys.gateway),
});

await Promise.all([
  ...SERVICES.map((s) => waitHealthy(s.name, `http://127.0.0.1:${s.port}/health`)),
  ...REMOTE_HOSTS.map((r) => waitHealthy(r.name, `http://127.0.0.1:${r.port}/health`)),
  waitHealthy('gateway', `http://127.0.0.1:${GATEWAY.port}/health`),
  waitHealthy('mail', `http://127.0.0.1:${MAIL.webPort}/email`),
]);

const readyIn = ((Date.now() - started) / 1000).toFixed(1);
console.log(`
  RampQuote is running:  http://localhost:${GATEWAY.port}   (ready in ${readyIn} s)

  Demo accounts (development only):
${DEMO_ACCOUNTS.map((a) => `    ${a.email.padEnd(28)} ${a.password}   ${a.role}`).join('\n')}

  Mail catcher:  http://localhost:${MAIL.webPort}  (JSON: http://localhost:${MAIL.webPort}/email)
  Micro-frontends: ${REMOTE_HOSTS.map((r) => `${r.dir} ${env[r.urlVar]}`).join(' · ')}
  Logs:          .data/logs/<process>.log
  Press Ctrl-C to stop everything.
`);
console.log(`[rampquote] READY ${readyIn}s`);
