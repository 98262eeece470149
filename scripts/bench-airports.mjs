#!/usr/bin/env node
// Airport figures (wrap in `flock /tmp/rampquote-system.lock` when other runs
// may use the standard ports):
//  1. Default import of the built-in US airports file (24,915 rows) into an empty database: a throw-away
//     svc-airports on port 4105 with its own database, timed from the POST to the status "complete" (N runs).
//  2. p50/p90/p99 latency of GET /api/airports/search?q=... at 50 concurrent keep-alive connections, through the
//     gateway (:8080) and against svc-airports directly (:4005), with the US file loaded. Starts the system
//     (`npm start --no-build --quiet`) when it is not running and stops it afterwards.
// Loopback only; bounded by request count and time. Usage:
//   node scripts/bench-airports.mjs [--runs 3] [--connections 50] [--seconds 10] [--max-requests 30000]
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT } from './lib/system.mjs';
import { isUp, startSystem } from './lib/system-process.mjs';
import { useNode24 } from './lib/node-runtime.mjs';
import { devIdentityKeys, identityEnv, signAsGateway } from './lib/identity-keys.mjs';

await useNode24({ say: (m) => console.log(`[bench] ${m}`) });

const require = createRequire(import.meta.url);
const { Client } = require('pg');

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const RUNS = Math.min(opt('runs', 3), 10);
const CONNECTIONS = Math.min(opt('connections', 50), 200);
const SECONDS = Math.min(opt('seconds', 10), 60);
const MAX_REQUESTS = Math.min(opt('max-requests', 30000), 200000);
const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432';
const BENCH_PORT = 4105;
const QUERIES = [
  'seattle',
  'KSEA',
  'chicago',
  'new york',
  'LAX',
  'denver',
  'bos',
  'portland',
  'san',
  'houston',
  'S50',
  'miami',
  'KTEB',
  'teterboro',
  'dallas',
  'phoenix',
  'atl',
  'orlando',
  'boise',
  'anchorage',
];

/** A gateway identity for svc-airports, bound to one method, path with query string, and an empty body. */
const identity = (role, method, path) =>
  signAsGateway(
    role ? { user: { id: '00000000-0000-4000-8000-000000000001', email: 'bench@example.com', role } } : {},
    { service: 'airports', method, path },
  );

async function withDb(database, fn) {
  const url = new URL(SERVER_URL);
  url.pathname = `/${database}`;
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

function run(cmd, argv, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, argv, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (c) => (err += c));
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${argv.join(' ')} exited ${code}: ${err}`)),
    );
  });
}

async function waitFor(check, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function benchImport() {
  const database = `rampquote_bench_airports_${randomBytes(4).toString('hex')}`;
  const env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    PORT: String(BENCH_PORT),
    DATABASE_NAME: database,
    EVENTS_EXCHANGE: `rampquote.bench.${database}`,
    // The development gateway's public key: this script signs as that gateway.
    ...identityEnv(devIdentityKeys()).shared,
  };
  const base = `http://127.0.0.1:${BENCH_PORT}`;
  await run(process.execPath, [join(ROOT, 'svc-airports/dist/migrate.js')], env);
  const service = spawn(process.execPath, [join(ROOT, 'svc-airports/dist/main.js')], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: 'ignore',
  });
  const times = [];
  try {
    await waitFor(async () => (await fetch(`${base}/health`)).ok, 30_000, 'the bench svc-airports');
    for (let i = 0; i < RUNS; i++) {
      await withDb(database, (c) => c.query('TRUNCATE airports, airport_imports CASCADE'));
      const t0 = performance.now();
      const res = await fetch(`${base}/api/admin/import-airports`, {
        method: 'POST',
        headers: { 'x-rampquote-identity': identity('admin', 'POST', '/api/admin/import-airports') },
      });
      if (res.status !== 202) throw new Error(`import answered ${res.status}: ${await res.text()}`);
      let status;
      await waitFor(
        async () => {
          status = await (
            await fetch(`${base}/api/admin/import-status`, {
              headers: { 'x-rampquote-identity': identity('admin', 'GET', '/api/admin/import-status') },
            })
          ).json();
          return status.status.importComplete;
        },
        60_000,
        'the import',
      );
      const ms = performance.now() - t0;
      times.push(ms);
      console.log(
        `default import run ${i + 1}: ${(ms / 1000).toFixed(2)} s, ${status.status.lastResult.imported} imported, ${status.counts.airports} airports`,
      );
    }
  } finally {
    service.kill('SIGTERM');
    await new Promise((r) => service.once('exit', r));
    await withDb('postgres', (c) => c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
    await deleteExchange(env.EVENTS_EXCHANGE).catch(() => undefined);
  }
  times.sort((a, b) => a - b);
  return times;
}

async function deleteExchange(exchange) {
  const amqp = require('amqplib');
  const connection = await amqp.connect(process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672');
  try {
    const channel = await connection.createChannel();
    for (const q of ['airports.events', 'airports.events.retry', 'airports.events.dead'])
      await channel.deleteQueue(`${exchange}.${q}`).catch(() => undefined);
    await channel.deleteExchange(exchange);
  } finally {
    await connection.close();
  }
}

/** A bounded closed-loop load: CONNECTIONS workers on keep-alive sockets, until SECONDS or MAX_REQUESTS. */
async function load(port, headersFor, label) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const get = (path) =>
    new Promise((resolve, reject) => {
      const t0 = process.hrtime.bigint();
      const req = http.get({ host: '127.0.0.1', port, path, agent, headers: headersFor(path) }, (res) => {
        res.resume();
        res.once('end', () => resolve({ status: res.statusCode, ms: Number(process.hrtime.bigint() - t0) / 1e6 }));
      });
      req.once('error', reject);
      req.setTimeout(10_000, () => req.destroy(new Error('timeout')));
    });
  const path = (i) => `/api/airports/search?q=${encodeURIComponent(QUERIES[i % QUERIES.length])}`;
  // Warm-up: every query once per connection.
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, w) => {
      for (let i = 0; i < QUERIES.length; i++) await get(path(i + w));
    }),
  );
  const latencies = [];
  let errors = 0;
  let sent = 0;
  const deadline = performance.now() + SECONDS * 1000;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (sent < MAX_REQUESTS && performance.now() < deadline) {
        const n = sent++;
        try {
          const r = await get(path(n));
          if (r.status !== 200) errors++;
          latencies.push(r.ms);
        } catch {
          errors++;
        }
      }
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const p = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(2);
  const line = `${label}: ${latencies.length} requests in ${elapsed.toFixed(1)} s (${Math.round(latencies.length / elapsed)}/s), ${CONNECTIONS} connections, p50 ${p(0.5)} ms, p90 ${p(0.9)} ms, p99 ${p(0.99)} ms, max ${latencies[latencies.length - 1].toFixed(2)} ms, errors ${errors}`;
  console.log(line);
  return { p99: Number(p(0.99)) };
}

const importTimes = await benchImport();
console.log(
  `default import (24,915 rows): median ${(importTimes[Math.floor(importTimes.length / 2)] / 1000).toFixed(2)} s, min ${(importTimes[0] / 1000).toFixed(2)} s over ${importTimes.length} runs (goal < 5 s)`,
);

let stop = null;
if (!(await isUp())) {
  console.log('starting the system (npm start --no-build --quiet)...');
  ({ stop } = await startSystem(['--no-build', '--quiet']));
}
try {
  const [{ count }] = await withDb(
    'rampquote_airports',
    async (c) => (await c.query('SELECT count(*)::int AS count FROM airports')).rows,
  );
  if (count < 24_000) {
    await waitFor(
      async () =>
        (await withDb(
          'rampquote_airports',
          async (c) => (await c.query('SELECT count(*)::int AS n FROM airports')).rows[0].n,
        )) >= 24_000,
      60_000,
      'the development import of the US file',
    );
  }
  const gateway = await load(8080, () => ({}), 'through the gateway :8080');
  // One identity per search (it signs the query string), re-signed every 10 s (valid 30 s).
  const signed = new Map();
  const direct = await load(
    4005,
    (path) => {
      let hit = signed.get(path);
      if (!hit || Date.now() - hit.at > 10_000)
        signed.set(path, (hit = { at: Date.now(), value: identity(undefined, 'GET', path) }));
      return { 'x-rampquote-identity': hit.value };
    },
    'svc-airports directly :4005',
  );
  console.log(
    `search p99 at ${CONNECTIONS} connections: gateway ${gateway.p99} ms (goal <= 15 ms), direct ${direct.p99} ms; the gateway's share ≈ ${(gateway.p99 - direct.p99).toFixed(2)} ms`,
  );
} finally {
  if (stop) await stop();
}
