#!/usr/bin/env node
// `npm run bench:api`: how fast the calls of a signed-in page are. At 50 keep-alive
// connections on loopback, one target after the other:
//   - the floor: a bare Node `http` server answering the same JSON as /health (a child process);
//   - GET /health of the gateway (:8080) and of svc-fleet (:4002, direct);
//   - the signed-in reads through the gateway with the pilot's session cookie: /api/auth/me (the session only),
//     /api/user/profile (svc-identity), /api/aircraft (svc-fleet), /api/quote-requests (svc-quotes, when it exists);
//   - the same three service reads straight against the service with an identity signed like the gateway's, for
//     the line "the gateway adds <= 30 % to a service's own latency", each measured right before its read through the
//     gateway (a busy minute of the machine must not fall between the two figures compared);
//   - svc-fleet's read through a bare Node proxy (node:http + undici, signing the identity per request, nothing else):
//     what any Node gateway adds at the least on this machine, beside what the gateway adds;
//   - session-table UPDATEs (pg_stat_user_tables.n_tup_upd of the gateway's `session`) during the /api/auth/me run;
//   - for every call, the CPU time per request of each process that worked on it (gateway, services, the floor, the
//     bare proxy; /proc/<pid>/stat) and of all cores (/proc/stat: these, the load generator, the kernel): at 50
//     connections a call's rate is bounded by the busiest single process's core and by both cores together, so this
//     is where a proxied call's added time goes.
// Load generator: wrk when it is on PATH (or WRK=/path), else autocannon (a root devDependency), else a built-in
// keep-alive loop (`--tool wrk|autocannon|builtin` to choose). Options: --seconds S (default 10 per target, at
// most 25: a signed identity is valid for 30 s), --connections C (50), --warmup S (2), --only NAME[,NAME].
//
// Uses the running system, or starts one (`node scripts/start.mjs --no-build --quiet`) and stops it afterwards.
// The system ports are shared: run it as `flock /tmp/rampquote-system.lock npm run bench:api`.
// The pilot demo account (development mode) is used; when the pilot has no aircraft, three are added first.
import http from 'node:http';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT, GATEWAY, SERVICES, DEMO_ACCOUNTS } from './lib/system.mjs';
import { isUp, startSystem } from './lib/system-process.mjs';
import { useNode24 } from './lib/node-runtime.mjs';
import { devIdentityKeys } from './lib/identity-keys.mjs';
import { pickLoadTool, runWrk } from './lib/load-tool.mjs';
import { cpuSeconds, machineTicks, pidsListening } from './lib/process-usage.mjs';

await useNode24({ say: (m) => console.log(`[bench] ${m}`) });

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
const SECONDS = Math.min(25, Number(option('seconds', 10)));
const WARMUP = Number(option('warmup', 2));
const CONNECTIONS = Number(option('connections', 50));
const ONLY = option('only', '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const HOST = '127.0.0.1';
const GATEWAY_URL = `http://${HOST}:${GATEWAY.port}`;
const portOf = (name) => SERVICES.find((s) => s.name === name).port;
/** The running development gateway's private key: the bare proxy and the direct calls sign with it. */
const GATEWAY_KEY = process.env.GATEWAY_PRIVATE_KEY || devIdentityKeys().gateway.privateKey;
const IDENTITY_HEADER = 'x-rampquote-identity';
const PILOT = DEMO_ACCOUNTS.find((a) => a.email.startsWith('pilot@'));
const GOALS = { healthRps: 8000, readRps: 3000, readP99: 50, overhead: 30, proxyCpuRatio: 1.5 };

const require = createRequire(import.meta.url);
function fromRoot(path) {
  try {
    return require(join(ROOT, path));
  } catch (err) {
    console.error(`${path} is missing (${err.message}); run \`npm install\` / \`npm run build\` first.`);
    process.exit(1);
  }
}
const { signIdentity } = fromRoot('libs/service-kit/dist/identity-signing.js');
const { privateKeyFrom } = fromRoot('libs/service-kit/dist/auth/identity-keys.js');

// ---------------------------------------------------------------------------------------------- load generators

function runAutocannon(autocannon, url, headers, seconds) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: seconds, headers }, (err, result) => {
      if (err) return reject(err);
      resolve({
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        requests: result.requests.total,
        failures: result.non2xx + result.errors + result.timeouts,
      });
    });
  });
}

/** CONNECTIONS workers over one keep-alive agent, each sending its next request when the previous answer is read. */
async function runBuiltin(url, headers, seconds) {
  const { hostname, port, pathname, search } = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS, maxFreeSockets: CONNECTIONS });
  const latencies = [];
  let failures = 0;
  const deadline = performance.now() + seconds * 1000;
  const get = () =>
    new Promise((resolve) => {
      const req = http.request({ host: hostname, port, path: pathname + search, agent, headers }, (res) => {
        res.on('data', () => {});
        res.on('end', () => resolve(res.statusCode));
        res.on('error', () => resolve(0));
      });
      req.on('error', () => resolve(0));
      req.end();
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        const status = await get();
        if (status !== 200) failures += 1;
        else latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)] ?? NaN;
  return {
    rps: latencies.length / elapsed,
    p50: pct(50),
    p99: pct(99),
    requests: latencies.length + failures,
    failures,
  };
}

const tool = pickLoadTool(option('tool', ''), () => require(join(ROOT, 'node_modules', 'autocannon')));
function load(url, headers, seconds) {
  if (tool.name === 'wrk') return runWrk(tool.bin, url, { headers, connections: CONNECTIONS, seconds });
  if (tool.name === 'autocannon') return runAutocannon(tool.run, url, headers, seconds);
  return runBuiltin(url, headers, seconds);
}

// ------------------------------------------------------------------------------------------------------ helpers

/** Runs `code` (a server that prints `PORT <n>` once listening) in a process of its own; its URL for `path`. */
async function startServerProcess(name, code, path) {
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
      const m = /PORT (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.on('exit', (code) => reject(new Error(`${name} exited (${code})`)));
  });
  return { name, pid: child.pid, url: `http://${HOST}:${port}${path}`, stop: () => child.kill() };
}

/** The floor: a bare Node http server in a process of its own, answering a JSON body like /health's. */
async function startFloor() {
  const code = `
    const body = JSON.stringify({ status: 'ok', checks: { database: 'up' } });
    require('node:http').createServer((req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body), 'Cache-Control': 'no-store' });
      res.end(body);
    }).listen(0, '127.0.0.1', function () { console.log('PORT ' + this.address().port); });`;
  return startServerProcess('floor server', code, '/');
}

/**
 * The floor of a Node gateway for a proxied read: a bare proxy in a process of its own (node:http in front of an undici
 * pool, the gateway's client) that signs the pilot's identity per request as the gateway does and streams svc-fleet's
 * answer back, with nothing else (no session, route table, security headers, request id or metrics).
 */
async function startProxyFloor(identity, fleetUrl) {
  const code = `
    const { Pool } = require(${JSON.stringify(createRequire(join(ROOT, 'gateway', 'package.json')).resolve('undici'))});
    const { signIdentity } = require(${JSON.stringify(join(ROOT, 'libs/service-kit/dist/identity-signing.js'))});
    const { privateKeyFrom } = require(${JSON.stringify(join(ROOT, 'libs/service-kit/dist/auth/identity-keys.js'))});
    const key = privateKeyFrom(${JSON.stringify(GATEWAY_KEY)});
    const identity = ${JSON.stringify(identity)};
    const pool = new Pool(${JSON.stringify(fleetUrl)}, { connections: 128 });
    require('node:http').createServer((req, res) => {
      const headers = { '${IDENTITY_HEADER}': signIdentity(identity, key, { service: 'fleet', method: 'GET', path: req.url }) };
      pool.stream({ path: req.url, method: 'GET', headers }, ({ statusCode, headers }) => {
        res.statusCode = statusCode;
        for (const [name, value] of Object.entries(headers)) if (name !== 'connection' && name !== 'keep-alive') res.setHeader(name, value);
        return res;
      }).catch(() => { if (!res.headersSent) { res.statusCode = 502; res.end(); } });
    }).listen(0, '127.0.0.1', function () { console.log('PORT ' + this.address().port); });`;
  return startServerProcess('bare proxy', code, '/api/aircraft');
}

async function signIn() {
  const res = await fetch(`${GATEWAY_URL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: GATEWAY_URL },
    body: JSON.stringify({ email: PILOT.email, password: PILOT.password }),
  });
  if (res.status !== 200)
    throw new Error(
      `signing in as ${PILOT.email} answered ${res.status}: ${await res.text()} (is the system in development mode?)`,
    );
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('rq.sid='));
  return { cookie: cookie.split(';')[0], user: await res.json() };
}

async function ensureAircraft(cookie) {
  const list = await fetch(`${GATEWAY_URL}/api/aircraft`, { headers: { cookie } });
  if (list.status !== 200) throw new Error(`GET /api/aircraft answered ${list.status}`);
  if ((await list.json()).length > 0) return;
  for (const [model, tailNumber] of [
    ['172 Skyhawk', 'N172BQ'],
    ['182 Skylane', 'N182BQ'],
    ['Citation CJ3', 'N525BQ'],
  ]) {
    const res = await fetch(`${GATEWAY_URL}/api/aircraft`, {
      method: 'POST',
      headers: { cookie, origin: GATEWAY_URL, 'content-type': 'application/json' },
      body: JSON.stringify({ make: 'Cessna', model, tailNumber }),
    });
    if (res.status !== 201) throw new Error(`adding a bench aircraft answered ${res.status}: ${await res.text()}`);
  }
}

/** The gateway's session-table row updates so far (pg_stat; backends report within ~1-10 s, so it waits until steady). */
async function sessionUpdates() {
  const { Client } = fromRoot('node_modules/pg');
  const client = new Client({
    connectionString: `${process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432'}/rampquote_gateway`,
  });
  await client.connect();
  try {
    const read = async () =>
      Number(
        (await client.query(`SELECT n_tup_upd AS n FROM pg_stat_user_tables WHERE relname = 'session'`)).rows[0]?.n ??
          0,
      );
    let last = await read();
    // Steady for 2 readings in a row, 1 s apart (at most 15 s).
    for (let i = 0, steady = 0; i < 15 && steady < 2; i += 1) {
      await new Promise((r) => setTimeout(r, 1000));
      const now = await read();
      steady = now === last ? steady + 1 : 0;
      last = now;
    }
    return last;
  } finally {
    await client.end();
  }
}

/**
 * The CPU every process of the run used so far: the gateway's, each service's, the floor's and the bare proxy's
 * (seconds), and the machine's busy time (seconds of all cores: these, the load generator, the kernel, the rest).
 */
function cpuSnapshot(processes) {
  const { busy } = machineTicks();
  return { machine: busy / 100, each: new Map(processes.map((p) => [p.name, cpuSeconds(p.pid)])) };
}

/** CPU microseconds per request between two snapshots: each process that used any, then the whole machine. */
function cpuPerCall(before, after, requests) {
  const perCall = (seconds) => (seconds * 1e6) / requests;
  const each = [...after.each]
    .map(([name, s]) => [name, perCall(s - before.each.get(name))])
    .filter(([, us]) => us >= 1);
  return { each, machine: perCall(after.machine - before.machine) };
}

const fmt = (n, digits = 0) =>
  Number.isFinite(n)
    ? n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : 'n/a';

// ------------------------------------------------------------------------------------------------------- the run

let stopSystem;
if (!(await isUp(`${GATEWAY_URL}/health`))) {
  console.log('No system on :8080; starting one (node scripts/start.mjs --no-build --quiet) ...');
  // The bench signs in once: failed logins of other runs from this address (tests, e2e) must not lock it out.
  for (const name of ['RATE_LIMIT_LOGIN', 'RATE_LIMIT_LOGIN_EMAIL', 'RATE_LIMIT_LOGIN_IP'])
    process.env[name] ??= '1000000';
  const started = await startSystem(['--no-build', '--quiet']);
  stopSystem = started.stop;
  console.log(`system ready in ${(started.ms / 1000).toFixed(1)} s`);
}
const floor = await startFloor();
let proxyFloor;
const stop = async () => {
  floor.stop();
  proxyFloor?.stop();
  if (stopSystem) await stopSystem();
};
process.on('SIGINT', () => void stop().then(() => process.exit(130)));

try {
  const { cookie, user } = await signIn();
  await ensureAircraft(cookie);
  const quotesExist = (await fetch(`${GATEWAY_URL}/api/quote-requests`, { headers: { cookie } })).status === 200;
  const identity = { caller: 'gateway', user: { id: user.id, email: user.email, role: user.role } };
  /** Headers for a direct call: an identity signed for that service, method and path (valid 30 s: signed per run). */
  proxyFloor = await startProxyFloor(identity, `http://${HOST}:${portOf('fleet')}`);
  const signedFor = (service, path) => () => ({
    [IDENTITY_HEADER]: signIdentity(identity, privateKeyFrom(GATEWAY_KEY), { service, method: 'GET', path }),
  });
  const withCookie = () => ({ cookie });
  const none = () => ({});

  const targets = [
    {
      key: 'floor',
      name: 'a bare Node `http` server answering the same JSON (the floor)',
      url: floor.url,
      headers: none,
    },
    {
      key: 'gateway-health',
      name: 'gateway `GET /health`',
      url: `${GATEWAY_URL}/health`,
      headers: none,
      goal: 'health',
    },
    {
      key: 'fleet-health',
      name: 'svc-fleet `GET /health`, direct',
      url: `http://${HOST}:${portOf('fleet')}/health`,
      headers: none,
      goal: 'health',
    },
    {
      key: 'me',
      name: 'gateway `GET /api/auth/me` (session only)',
      url: `${GATEWAY_URL}/api/auth/me`,
      headers: withCookie,
      goal: 'read',
      countUpdates: true,
    },
    // Each service read straight to the service right before the same read through the gateway (and the bare proxy):
    // the two figures compared come from the same minute of the machine's life.
    {
      key: 'profile-direct',
      name: 'svc-identity `GET /api/user/profile`, direct',
      url: `http://${HOST}:${portOf('identity')}/api/user/profile`,
      headers: signedFor('identity', '/api/user/profile'),
      through: 'profile',
    },
    {
      key: 'profile',
      name: 'gateway `GET /api/user/profile` (→ svc-identity)',
      url: `${GATEWAY_URL}/api/user/profile`,
      headers: withCookie,
      goal: 'read',
    },
    {
      key: 'aircraft-direct',
      name: 'svc-fleet `GET /api/aircraft`, direct',
      url: `http://${HOST}:${portOf('fleet')}/api/aircraft`,
      headers: signedFor('fleet', '/api/aircraft'),
      through: 'aircraft',
    },
    {
      key: 'aircraft',
      name: 'gateway `GET /api/aircraft` (→ svc-fleet)',
      url: `${GATEWAY_URL}/api/aircraft`,
      headers: withCookie,
      goal: 'read',
    },
    {
      key: 'aircraft-bare-proxy',
      name: 'svc-fleet `GET /api/aircraft` through a bare Node proxy (the floor of a Node gateway)',
      url: proxyFloor.url,
      headers: none,
      floorOf: 'aircraft-direct',
    },
    ...(quotesExist
      ? [
          {
            key: 'quotes-direct',
            name: 'svc-quotes `GET /api/quote-requests`, direct',
            url: `http://${HOST}:${portOf('quotes')}/api/quote-requests`,
            headers: signedFor('quotes', '/api/quote-requests'),
            through: 'quotes',
          },
        ]
      : []),
    ...(quotesExist
      ? [
          {
            key: 'quotes',
            name: 'gateway `GET /api/quote-requests` (→ svc-quotes)',
            url: `${GATEWAY_URL}/api/quote-requests`,
            headers: withCookie,
            goal: 'read',
          },
        ]
      : []),
  ].filter((t) => ONLY.length === 0 || ONLY.includes(t.key));

  // Every target answers 200 before anything is measured.
  for (const t of targets) {
    const res = await fetch(t.url, { headers: t.headers() });
    if (res.status !== 200) throw new Error(`${t.url} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  }

  console.log(
    `\n${tool.name}, ${CONNECTIONS} connections, ${SECONDS} s per call after ${WARMUP} s of warm-up; client and servers share this machine (${(await import('node:os')).cpus().length} cores)\n`,
  );
  const results = new Map();
  const processes = [
    ...pidsListening([
      { name: 'gateway', port: GATEWAY.port },
      ...SERVICES.map((s) => ({ name: `svc-${s.name}`, port: s.port })),
    ]),
    { name: 'floor', pid: floor.pid },
    { name: 'bare proxy', pid: proxyFloor.pid },
  ];
  for (const t of targets) {
    if (WARMUP > 0) await load(t.url, t.headers(), WARMUP);
    const before = t.countUpdates ? await sessionUpdates() : 0;
    const cpuBefore = cpuSnapshot(processes);
    const r = await load(t.url, t.headers(), SECONDS);
    r.cpu = cpuPerCall(cpuBefore, cpuSnapshot(processes), r.requests);
    if (t.countUpdates) r.sessionUpdates = (await sessionUpdates()) - before;
    results.set(t.key, { ...t, ...r });
    console.log(
      `  ${t.name}: ${fmt(r.rps)} req/s, p50 ${fmt(r.p50, 1)} ms, p99 ${fmt(r.p99, 1)} ms${r.failures ? `, ${r.failures} FAILED` : ''}`,
    );
    console.log(
      `    CPU per call: ${r.cpu.each.map(([name, us]) => `${name} ${fmt(us)} µs`).join(', ')}; all cores ${fmt(r.cpu.machine)} µs`,
    );
  }

  console.log('\n| call | req/s | p50 | p99 |\n|---|---|---|---|');
  for (const r of results.values())
    console.log(`| ${r.name} | ${fmt(r.rps)} | ${fmt(r.p50, 1)} ms | ${fmt(r.p99, 1)} ms |`);

  console.log('\nGoals:');
  const verdict = (ok) => (ok ? 'MET' : 'NOT MET');
  for (const r of results.values()) {
    if (r.goal === 'health')
      console.log(
        `  ${r.name}: ${fmt(r.rps)} req/s (goal >= ${fmt(GOALS.healthRps)}) ${verdict(r.rps >= GOALS.healthRps)}`,
      );
    if (r.goal === 'read')
      console.log(
        `  ${r.name}: ${fmt(r.rps)} req/s (goal >= ${fmt(GOALS.readRps)}), p99 ${fmt(r.p99, 1)} ms (goal <= ${GOALS.readP99} ms) ${verdict(r.rps >= GOALS.readRps && r.p99 <= GOALS.readP99)}`,
      );
  }
  /**
   * Where the added time comes from: at 50 connections a call's rate is bounded by the core of its busiest process
   * (each is single-threaded) and by both cores together. The proxy's own CPU per call, beside the service's, and the
   * whole machine's, direct and via.
   */
  const cpuSplit = (direct, via) => {
    // The service the direct call went to: the one that worked most on it.
    const service = direct.cpu.each.filter(([name]) => name.startsWith('svc-')).sort((a, b) => b[1] - a[1])[0];
    const proxyName = via.floorOf ? 'bare proxy' : 'gateway';
    const proxy = via.cpu.each.find(([name]) => name === proxyName);
    if (!service || !proxy) return '(CPU per call not available)';
    return `CPU per call: ${proxy[0]} ${fmt(proxy[1])} µs beside ${service[0]}'s ${fmt(service[1])} µs; all cores ${fmt(direct.cpu.machine)} µs direct, ${fmt(via.cpu.machine)} µs via the ${proxy[0]} (+${fmt(((via.cpu.machine - direct.cpu.machine) / direct.cpu.machine) * 100)} %)`;
  };
  /** What going through `via` adds to the direct call: the p50 share, and a line naming both figures. */
  const addedTo = (direct, via) => {
    const added = ((via.p50 - direct.p50) / direct.p50) * 100;
    const call = `${direct.name.split(' `')[0]} ${direct.name.split('`')[1]}`;
    return {
      added,
      line: `${call}: p50 ${fmt(direct.p50, 1)} → ${fmt(via.p50, 1)} ms (${added >= 0 ? '+' : ''}${fmt(added)} %), ${fmt(direct.rps)} → ${fmt(via.rps)} req/s`,
    };
  };
  for (const direct of results.values()) {
    const through = direct.through && results.get(direct.through);
    if (!through) continue;
    const { added, line } = addedTo(direct, through);
    console.log(`  gateway adds to ${line} (goal <= +${GOALS.overhead} %) ${verdict(added <= GOALS.overhead)}`);
    console.log(`    ${cpuSplit(direct, through)}`);
  }
  for (const bare of results.values()) {
    const direct = bare.floorOf && results.get(bare.floorOf);
    if (direct)
      console.log(
        `  (for comparison, a bare Node proxy adds to ${addedTo(direct, bare).line})\n    ${cpuSplit(direct, bare)}`,
      );
  }
  // The gateway's own CPU per proxied read of svc-fleet beside the bare Node proxy's, from the same run.
  const cpuOf = (key, name) => results.get(key)?.cpu.each.find(([n]) => n === name)?.[1];
  const [gatewayCpu, bareCpu] = [cpuOf('aircraft', 'gateway'), cpuOf('aircraft-bare-proxy', 'bare proxy')];
  if (gatewayCpu && bareCpu)
    console.log(
      `  gateway CPU per proxied read ${fmt(gatewayCpu)} µs = ${(gatewayCpu / bareCpu).toFixed(2)} × the bare proxy's ${fmt(bareCpu)} µs (goal <= ${GOALS.proxyCpuRatio} ×) ${verdict(gatewayCpu / bareCpu <= GOALS.proxyCpuRatio)}`,
    );
  const me = results.get('me');
  if (me?.sessionUpdates !== undefined) {
    console.log(
      `  session-table UPDATEs during ${fmt(me.requests)} reads of /api/auth/me: ${me.sessionUpdates} (goal: 0 per read) ${verdict(me.sessionUpdates <= 1)}`,
    );
  }
  if ([...results.values()].some((r) => r.failures)) process.exitCode = 1;
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await stop();
}
