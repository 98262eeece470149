#!/usr/bin/env node
// `npm run bench:fleet`: latency of the aircraft catalogue calls the forms make most, GET /api/aircraft/makes
// and GET /api/aircraft/models/{make}, at 50 concurrent keep-alive connections, through the gateway (:8080, as
// a visitor) and straight against svc-fleet (:4002, with an identity signed like the gateway's). Goal: p99 at
// most 15 ms through the gateway on this machine.
//
// Uses the running system, or starts one (`npm start --no-build --quiet`) and stops it afterwards. The system
// ports are shared: run it as `flock /tmp/rampquote-system.lock npm run bench:fleet`.
// Two load shapes per target:
//  - saturation: every connection sends its next request as soon as the answer is read (autocannon's default);
//    latency there is mostly queueing (50 connections / throughput), so it measures throughput.
//  - paced: the same 50 connections, but requests are due at a fixed total rate (--rate, default 400 req/s);
//    latency is counted from the due time, so a slow answer also charges the requests queued behind it.
// Bounded: per target and shape, 2000 warm-up requests, then REQUESTS (default 5000) or SECONDS (default 20),
// whichever ends first. Loopback only. Options: --requests N, --seconds S, --connections C, --rate R, --make NAME.
import http from 'node:http';
import { GATEWAY, SERVICES } from './lib/system.mjs';
import { isUp, startSystem } from './lib/system-process.mjs';
import { useNode24 } from './lib/node-runtime.mjs';
import { signAsGateway } from './lib/identity-keys.mjs';

await useNode24({ say: (m) => console.log(`[bench] ${m}`) });

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
const REQUESTS = Number(option('requests', 5000));
const SECONDS = Number(option('seconds', 20));
const CONNECTIONS = Number(option('connections', 50));
// Enough warm-up for the client's own loop and the servers to be compiled and steady before anything is counted.
const WARMUP = 2000;
const RATE = Number(option('rate', 400));
const MAKE = option('make', 'Cessna');
const GOAL_MS = 15;

const HOST = '127.0.0.1';
const FLEET_PORT = SERVICES.find((s) => s.name === 'fleet').port;
const IDENTITY_HEADER = 'x-rampquote-identity';

/** One GET; resolves with the status after the whole body was read. */
function get(agent, port, path, headers) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: HOST, port, path, method: 'GET', agent, headers }, (res) => {
      res.on('data', () => {});
      res.on('end', () => resolve(res.statusCode));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * CONNECTIONS workers over one keep-alive agent with as many sockets, each sending its next request when the
 * previous answer is read. Returns latencies (ms) of the measured requests and the throughput.
 */
async function measure({ port, path, headers }, rate) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS, maxFreeSockets: CONNECTIONS });
  const run = async (total, deadline, latencies) => {
    let issued = 0;
    let failures = 0;
    const start = performance.now();
    const worker = async () => {
      while (issued < total && performance.now() < deadline) {
        const due = rate ? start + (issued * 1000) / rate : 0;
        issued += 1;
        if (rate && due > performance.now()) await new Promise((r) => setTimeout(r, due - performance.now()));
        // Paced: charged from the due time when the request went out late (timers may also fire a little early).
        const t0 = rate ? Math.min(due, performance.now()) : performance.now();
        let status;
        try {
          status = await get(agent, port, path, headers());
        } catch {
          status = 0;
        }
        const ms = performance.now() - t0;
        if (status !== 200) failures += 1;
        else if (latencies) latencies.push(ms);
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: CONNECTIONS }, worker));
    return { failures, seconds: (performance.now() - started) / 1000 };
  };
  await run(WARMUP, performance.now() + 10_000);
  const latencies = [];
  const { failures, seconds } = await run(REQUESTS, performance.now() + SECONDS * 1000, latencies);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)] ?? NaN;
  return {
    count: latencies.length,
    failures,
    rps: latencies.length / seconds,
    p50: pct(50),
    p90: pct(90),
    p99: pct(99),
    max: latencies.at(-1) ?? NaN,
  };
}

let stopSystem;
if (!(await isUp(`http://${HOST}:${GATEWAY.port}/health`))) {
  console.log('No system on :8080; starting one (npm start --no-build --quiet) ...');
  const started = await startSystem(['--no-build', '--quiet']);
  stopSystem = started.stop;
  console.log(`system ready in ${(started.ms / 1000).toFixed(1)} s`);
}
const stop = async () => {
  if (stopSystem) await stopSystem();
};
process.on('SIGINT', () => void stop().then(() => process.exit(130)));

try {
  // The identity is bound to svc-fleet and the request's method and path, and re-signed every second (it is valid
  // for 30 s; signing per request would time the client).
  const fleetHeaders = (path) => {
    let signed = { at: 0, value: '' };
    return () => {
      const now = Date.now();
      if (now - signed.at > 1000)
        signed = {
          at: now,
          value: signAsGateway({}, { service: 'fleet', method: 'GET', path }),
        };
      return { [IDENTITY_HEADER]: signed.value };
    };
  };
  const gatewayHeaders = () => ({});
  const modelsPath = `/api/aircraft/models/${encodeURIComponent(MAKE)}`;

  const check = await fetch(`http://${HOST}:${GATEWAY.port}${modelsPath}`);
  if (check.status !== 200)
    throw new Error(`GET ${modelsPath} through the gateway answered ${check.status}: ${await check.text()}`);

  const targets = [
    { name: 'gateway  /api/aircraft/makes', port: GATEWAY.port, path: '/api/aircraft/makes', headers: gatewayHeaders },
    { name: `gateway  ${modelsPath}`, port: GATEWAY.port, path: modelsPath, headers: gatewayHeaders },
    {
      name: 'svc-fleet /api/aircraft/makes',
      port: FLEET_PORT,
      path: '/api/aircraft/makes',
      headers: fleetHeaders('/api/aircraft/makes'),
    },
    { name: `svc-fleet ${modelsPath}`, port: FLEET_PORT, path: modelsPath, headers: fleetHeaders(modelsPath) },
  ];
  console.log(
    `\n${CONNECTIONS} connections, up to ${REQUESTS} requests or ${SECONDS} s per target after ${WARMUP} warm-up requests (client and server share this machine)\n`,
  );
  const rows = [];
  for (const [shape, rate] of [
    ['saturation', undefined],
    [`paced ${RATE} req/s`, RATE],
  ]) {
    console.log(`-- ${shape}`);
    for (const target of targets) {
      const r = await measure(target, rate);
      rows.push({ ...target, shape, ...r });
      console.log(
        `${target.name.padEnd(42)} n=${String(r.count).padStart(5)}  ${r.rps.toFixed(0).padStart(5)} req/s  p50 ${r.p50.toFixed(2)} ms  p90 ${r.p90.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms  max ${r.max.toFixed(2)} ms${r.failures ? `  FAILED ${r.failures}` : ''}`,
      );
    }
  }
  console.log('');
  for (const shape of [...new Set(rows.map((r) => r.shape))]) {
    const p99 = Math.max(...rows.filter((r) => r.port === GATEWAY.port && r.shape === shape).map((r) => r.p99));
    console.log(
      `through the gateway, ${shape}: p99 ${p99.toFixed(2)} ms (goal <= ${GOAL_MS} ms) ${p99 <= GOAL_MS ? 'MET' : 'NOT MET'}`,
    );
  }
  if (rows.some((r) => r.failures)) process.exitCode = 1;
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await stop();
}
