#!/usr/bin/env node
// `npm run bench:load`: the load figure. --users simulated users (default 100) for --duration seconds (default
// 300) over the main flows, against the whole system as `npm start` runs it, through the gateway like a browser:
//   pilot:  sign in (again every --relogin rounds; the first session is the one the fixtures opened), who am I, airport search as typed (2 and 3 letters), the FBOs at
//           the destination, the aircraft and the service catalogue (request form), submit a request to 2 FBOs,
//           details + responses, My Quotes, the billing pages (plans, subscription, payment methods, invoices), then
//           the details page as it polls until every FBO answered, the results view, and delete the completed
//           request.
//   FBOs:   each invitation is read from the mail catcher (its link), the estimate page loaded and answered by link
//           (an estimate, every fourth a decline), each FBO from its own loopback address, 1-4 s after the mail.
// Each user waits --think-ms (default 1000, ±50 %) between steps; users start spread over --ramp seconds (60,
// the warm-up minute).
// A small user-loop driver on node:http (a keep-alive agent per user, 2 sockets, as a browser keeps a few): a
// request is timed from sending to the last byte of the answer.
// Reports requests, errors (an unexpected status or no answer; goal 0) and p50/p99 per route (goal p99 ≤ 100 ms),
// and the RSS of every process of the system (gateway, each service, mail catcher, static hosts) at the start, after
// 1 minute and at the end (goal: none grows more than 15 % after warm-up, i.e. from the 1-minute sample to the end),
// the V8 heap of the gateway and the services at the same moments (their /metrics: a heap that grew, or native memory),
// with the CPU time each process used during the run, the machine's load average, how busy its cores were and the CPU
// the load generator itself used (client and servers share the cores).
//
// Data it makes, idempotently: users load-NNN@bench-load.example.com (the domain invited as admin, each registered
// once and reused) with an aircraft each, and FBOs "Load FBO 0..3" at KBFI. The requests of the run are deleted by the
// users as they complete; the mails of the run are deleted from the mail catcher as they are read.
//
// Uses the running system, or starts one (`node scripts/start.mjs --no-build --quiet`, NODE_ENV=development and
// the RATE_LIMIT_* raised as e2e/playwright.config.ts's webServer does, plus the sign-in limits, since every user
// signs in from this one address) and stops it afterwards. The ports are shared: run it as
// `flock /tmp/rampquote-e2e.lock node scripts/bench-load.mjs`.
// Options: --users N (100) --duration S (300) --think-ms MS (1000) --ramp S (60) --relogin N (5)
//          --airport CODE (KBFI) --json FILE (write the figures as JSON too)
import http from 'node:http';
import { randomInt } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { GATEWAY, SERVICES, MAIL, DEMO_ACCOUNTS, REMOTE_HOSTS } from './lib/system.mjs';
import { isUp, startSystem } from './lib/system-process.mjs';
import { useNode24 } from './lib/node-runtime.mjs';
import { gatewayCall } from './lib/gateway-call.mjs';
import { fbosAtImportedAirport } from './lib/airport-ready.mjs';
import { cpuSeconds, machineTicks, pidsListening, rssMb } from './lib/process-usage.mjs';

await useNode24({ say: (m) => console.log(`[bench] ${m}`) });

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  if (i >= 0 && args[i + 1] !== undefined) return args[i + 1];
  const eq = args.find((a) => a.startsWith(`--${name}=`));
  return eq ? eq.slice(name.length + 3) : fallback;
};
const USERS = Math.max(1, Math.min(Number(option('users', 100)), 500));
const DURATION_S = Math.max(10, Math.min(Number(option('duration', 300)), 3600));
const THINK_MS = Math.max(0, Math.min(Number(option('think-ms', 1000)), 30_000));
const RAMP_S = Math.max(0, Math.min(Number(option('ramp', 60)), 120));
const RELOGIN = Math.max(1, Number(option('relogin', 5)));
const AIRPORT = String(option('airport', 'KBFI')).toUpperCase();
const JSON_OUT = option('json', null);

const GOALS = { errors: 0, p99Ms: 100, rssGrowthPct: 15 };
const HOST = '127.0.0.1';
const ADMIN = DEMO_ACCOUNTS.find((a) => a.email.startsWith('admin'));
const DOMAIN = 'bench-load.example.com';
const PASSWORD = 'RampQuote#2026';
const userEmail = (n) => `load-${String(n).padStart(3, '0')}@${DOMAIN}`;
const FBO_COUNT = 4;
const fboEmail = (n) => `load-fbo-${n}@example.com`;
const fboName = (n) => `Load FBO ${n}`;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const think = (factor = 1) => sleep(THINK_MS * factor * (0.5 + Math.random()));
const sorted = (values) => [...values].sort((a, b) => a - b);
const percentile = (s, p) => s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? NaN;
const fmt = (v) =>
  Number.isNaN(v) ? '-' : v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${v.toFixed(v < 10 ? 1 : 0)} ms`;

// ---------------------------------------------------------------- HTTP with per-route figures
const stats = new Map(); // route → { latencies: [], errors: 0, statuses: Map }
const errorSamples = [];
let recording = false;
function record(route, ms, ok, detail) {
  if (!recording) return;
  let s = stats.get(route);
  if (!s) stats.set(route, (s = { latencies: [], errors: 0 }));
  s.latencies.push(ms);
  if (!ok) {
    s.errors += 1;
    if (errorSamples.length < 20) errorSamples.push(`${route}: ${detail}`);
  }
}

/**
 * One call through the gateway (or `port`); resolves with status, headers, text and JSON. `route` names it in the
 * figures; `expect` lists the statuses that are not errors.
 */
function call(method, path, { route, expect = [200], ...options } = {}) {
  const t0 = performance.now();
  return gatewayCall(method, path, options)
    .catch((err) => ({ status: 0, headers: {}, text: err.message, json: undefined }))
    .then((res) => {
      if (route)
        record(
          route,
          performance.now() - t0,
          res.status !== 0 && expect.includes(res.status),
          `${res.status} ${res.text.slice(0, 160)}`,
        );
      return res;
    });
}

async function must(what, method, path, options, expect = [200]) {
  const res = await call(method, path, { ...options, expect });
  if (!expect.includes(res.status))
    throw new Error(`${what}: ${method} ${path} answered ${res.status}: ${res.text.slice(0, 300)}`);
  return res;
}

const loopbackAddress = () => `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
const sessionCookie = (res) =>
  [res.headers['set-cookie'] ?? []]
    .flat()
    .find((c) => c.startsWith('rq.sid='))
    ?.split(';')[0];

async function logIn(email, { route, agent } = {}) {
  const res = await call('POST', '/api/auth/login', {
    route,
    agent,
    body: { email, password: email === ADMIN.email ? ADMIN.password : PASSWORD },
  });
  const cookie = res.status === 200 ? sessionCookie(res) : undefined;
  return cookie ? { cookie, user: res.json } : { status: res.status, error: `${res.status} ${res.text.slice(0, 200)}` };
}

/** Sign-in while making the fixtures (not measured): a busy identity service (503) or a limit (429) is waited out. */
async function logInPatiently(email) {
  for (let attempt = 1; ; attempt++) {
    const s = await logIn(email);
    if (s.cookie || ![429, 503, 0].includes(s.status) || attempt === 8) return s;
    await sleep(1000 * attempt);
  }
}

// ---------------------------------------------------------------- processes and their RSS
const PORTS = [
  { name: 'gateway', port: GATEWAY.port },
  ...SERVICES.map((s) => ({ name: `svc-${s.name}`, port: s.port })),
  { name: 'mail catcher', port: MAIL.smtpPort },
  ...REMOTE_HOSTS.map((r) => ({ name: `${r.name} host`, port: r.port })),
];
const systemPids = () => pidsListening(PORTS);
/** The servers with /metrics (prom-client's process figures): the gateway and the services. */
const WITH_METRICS = new Set(['gateway', ...SERVICES.map((s) => `svc-${s.name}`)]);

/**
 * A server's V8 heap as its /metrics gives it (nodejs_heap_size_total_bytes, in MB; NaN when it cannot be read):
 * beside RSS, it tells a heap that grew from native memory that grew.
 */
async function heapMb(port) {
  const res = await call('GET', '/metrics', { port, timeoutMs: 5000 });
  const m = /^nodejs_heap_size_total_bytes(?:\{[^}]*\})?\s+(\S+)$/m.exec(res.status === 200 ? res.text : '');
  return m ? Number(m[1]) / 1024 / 1024 : NaN;
}
const load = () =>
  loadavg()
    .map((v) => v.toFixed(1))
    .join(' / ');
/** This process, in the CPU samples: the load generator shares the cores with the system it measures. */
const GENERATOR = 'load generator (this benchmark)';

// ---------------------------------------------------------------- fixtures
async function fixtures() {
  const admin = await logInPatiently(ADMIN.email);
  if (!admin.cookie) throw new Error(`signing in as ${ADMIN.email}: ${admin.error}`);
  const invite = await call('POST', '/api/admin/invites', { cookie: admin.cookie, body: { value: `@${DOMAIN}` } });
  if (![200, 201, 409].includes(invite.status))
    throw new Error(`inviting @${DOMAIN} answered ${invite.status}: ${invite.text.slice(0, 200)}`);
  const listed = await fbosAtImportedAirport(AIRPORT, admin.cookie, { say: (m) => console.log(m) });
  if (listed.status !== 200)
    throw new Error(`listing the FBOs at ${AIRPORT}: answered ${listed.status}: ${listed.text.slice(0, 300)}`);
  const byEmail = new Map(listed.json.fbos.map((f) => [f.email.toLowerCase(), f]));
  const fbos = [];
  for (let n = 0; n < FBO_COUNT; n++) {
    let fbo = byEmail.get(fboEmail(n));
    if (!fbo)
      fbo = (
        await must(
          `adding ${fboName(n)}`,
          'POST',
          '/api/admin/fbos',
          { cookie: admin.cookie, body: { airport: AIRPORT, name: fboName(n), email: fboEmail(n), phone: null } },
          [201],
        )
      ).json;
    else if (!fbo.active)
      fbo = (
        await must(`re-activating ${fbo.name}`, 'PATCH', `/api/admin/fbos/${fbo.id}`, {
          cookie: admin.cookie,
          body: { active: true },
        })
      ).json;
    fbos.push({ id: fbo.id, name: fbo.name, email: fbo.email.toLowerCase() });
  }
  // Users: registered once (each from its own loopback address: the per-address registration limit), then reused.
  const users = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < USERS) {
        const n = next++;
        const email = userEmail(n);
        let session = await logInPatiently(email);
        if (!session.cookie) {
          const reg = await call('POST', '/api/auth/register', {
            localAddress: loopbackAddress(),
            body: { firstName: 'Load', lastName: `User ${n}`, email, password: PASSWORD, role: 'pilot' },
          });
          if (![200, 201, 409].includes(reg.status))
            throw new Error(`registering ${email} answered ${reg.status}: ${reg.text.slice(0, 200)}`);
          session = await logInPatiently(email);
          if (!session.cookie) throw new Error(`signing in as ${email} after registering: ${session.error}`);
        }
        const aircraft = (await must(`${email}'s aircraft`, 'GET', '/api/aircraft', { cookie: session.cookie })).json;
        let aircraftId = aircraft[0]?.id;
        if (!aircraftId) {
          const tail = `LD${String(n).padStart(3, '0')}${randomInt(0, 36 ** 3)
            .toString(36)
            .toUpperCase()}`.slice(0, 10);
          aircraftId = (
            await must(
              `adding ${email}'s aircraft`,
              'POST',
              '/api/aircraft',
              { cookie: session.cookie, body: { make: 'Cessna', model: '172S Skyhawk', tailNumber: tail } },
              [201],
            )
          ).json.id;
        }
        // Requests a previous, interrupted run left open: cancelled and deleted, so My Quotes starts small.
        const mine = (await must(`${email}'s My Quotes`, 'GET', '/api/quote-requests', { cookie: session.cookie }))
          .json;
        for (const r of mine) {
          if (!['completed', 'cancelled'].includes(r.status))
            await call('POST', `/api/quote-requests/${r.id}/cancel`, { cookie: session.cookie });
          await call('DELETE', `/api/quote-requests/${r.id}`, { cookie: session.cookie });
        }
        users[n] = { n, email, aircraftId, cookie: session.cookie };
      }
    }),
  );
  return { fbos, users };
}

// ---------------------------------------------------------------- the FBOs: invitations from the mail catcher
const pending = new Map(); // uniqueId → { fbos: Set(fboId) answered or to answer }
const ours = (subject) => [...pending.keys()].find((u) => subject.includes(u));
let answerCount = 0;
const fboWork = new Set();

async function mailPoller(stopAt) {
  const seen = new Set();
  while (Date.now() < stopAt || (pending.size && Date.now() < stopAt + 60_000)) {
    const res = await call('GET', '/email', { port: MAIL.webPort, timeoutMs: 10_000 });
    for (const mail of Array.isArray(res.json) ? res.json : []) {
      if (seen.has(mail.id)) continue;
      const subject = String(mail.subject ?? '');
      const uniqueId = ours(subject);
      const toLoadUser = mail.to?.some((t) => String(t.address).toLowerCase().endsWith(`@${DOMAIN}`));
      if (!uniqueId && !toLoadUser) continue;
      seen.add(mail.id);
      if (uniqueId && subject.startsWith('Estimate requested for')) {
        for (const m of `${mail.text ?? ''}`.matchAll(/\/quote\/([0-9a-f-]{36})\/([A-Za-z0-9_-]+)/g)) {
          const job = answer(m[1], m[2]).finally(() => fboWork.delete(job));
          fboWork.add(job);
        }
      }
      void call('DELETE', `/email/${encodeURIComponent(mail.id)}`, { port: MAIL.webPort });
    }
    await sleep(300);
  }
}

/** An FBO answers its link: loads the estimate page, then submits an estimate (every fourth declines). */
async function answer(fboId, token) {
  await sleep(1000 + Math.random() * 3000);
  const from = loopbackAddress();
  const page = await call('GET', `/api/fbo-quote/${fboId}/${token}`, {
    route: 'GET /api/fbo-quote/:fboId/:token',
    localAddress: from,
  });
  if (page.status !== 200) return;
  await think(0.5);
  const i = answerCount++;
  if (i % 4 === 3) {
    await call('POST', `/api/fbo-quote/${fboId}/${token}/decline`, {
      route: 'POST /api/fbo-quote/:fboId/:token/decline',
      expect: [200, 201],
      localAddress: loopbackAddress(),
      body: { reason: 'no_hangar_space' },
    });
    return;
  }
  const perGallon = 5.5 + (i % 20) * 0.05;
  const body = {
    servicesQuoted: {
      dedicatedFuel: { price: Number(perGallon.toFixed(2)), quantity: 500 },
      hangar: { price: 150, days: 2 },
      gpu: { price: 40 },
      customServices: [],
    },
    totalPrice: Math.round(perGallon * 500 * 100 + 30_000 + 4000) / 100,
    notes: 'bench-load',
  };
  await call('POST', `/api/fbo-quote/${fboId}/${token}/submit`, {
    route: 'POST /api/fbo-quote/:fboId/:token/submit',
    expect: [201],
    localAddress: loopbackAddress(),
    body,
  });
}

// ---------------------------------------------------------------- the pilots
function requestBody(aircraftId, fboIds) {
  const arrival = new Date(Date.now() + 7 * 24 * 3600_000);
  arrival.setUTCHours(12, 0, 0, 0);
  const departure = new Date(arrival.getTime() + 2 * 24 * 3600_000);
  return {
    aircraftId,
    departureAirportCode: 'KSEA',
    airportCode: AIRPORT,
    arrival: arrival.toISOString(),
    departure: departure.toISOString(),
    services: {
      fuelJetA: true,
      fuelEstimatedAmount: 500,
      hangar: true,
      hangarPriority: 'medium',
      gpu: true,
      gpuDuration: '15',
    },
    notes: 'bench-load',
    selectedFbos: fboIds,
    notifications: { emailEachResponse: false, emailAllResponded: false },
  };
}

let rounds = 0;
async function pilot(user, fbos, stopAt) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
  const as = (route, expect) => ({ route, expect, agent, cookie: user.cookie });
  let round = 0;
  try {
    while (Date.now() < stopAt) {
      // The fixtures' session is the first; then a new sign-in every RELOGIN rounds (sessions end, users come back).
      if (!user.cookie || (round > 0 && round % RELOGIN === 0)) {
        if (user.cookie) await call('POST', '/api/auth/logout', as('POST /api/auth/logout', [200, 204]));
        const s = await logIn(user.email, { route: 'POST /api/auth/login', agent });
        if (!s.cookie) {
          await think(2);
          continue;
        }
        user.cookie = s.cookie;
      }
      round += 1;
      await call('GET', '/api/auth/me', as('GET /api/auth/me'));
      await think(0.5);
      await call('GET', `/api/airports/search?q=${AIRPORT.slice(0, 2)}`, as('GET /api/airports/search'));
      await sleep(300);
      await call('GET', `/api/airports/search?q=${AIRPORT.slice(0, 3)}`, as('GET /api/airports/search'));
      await think(0.5);
      await Promise.all([
        call('GET', `/api/airports/${AIRPORT}/fbos`, as('GET /api/airports/:code/fbos')),
        call('GET', '/api/user/aircraft', as('GET /api/user/aircraft')),
        call('GET', '/api/fbo-services', as('GET /api/fbo-services')),
      ]);
      await think();
      const chosen = [...fbos].sort(() => Math.random() - 0.5).slice(0, 2);
      const created = await call('POST', '/api/quote-requests', {
        ...as('POST /api/quote-requests', [201]),
        body: requestBody(
          user.aircraftId,
          chosen.map((f) => f.id),
        ),
      });
      if (created.status !== 201) {
        await think(2);
        continue;
      }
      const { id, uniqueId } = created.json;
      pending.set(uniqueId, true);
      await Promise.all([
        call('GET', `/api/quote-requests/${id}`, as('GET /api/quote-requests/:id')),
        call('GET', `/api/quote-requests/${id}/responses`, as('GET /api/quote-requests/:id/responses')),
      ]);
      await think();
      await call('GET', '/api/quote-requests', as('GET /api/quote-requests'));
      await think();
      await Promise.all([
        call('GET', '/api/billing/plans', as('GET /api/billing/plans')),
        call('GET', '/api/billing/subscription', as('GET /api/billing/subscription', [200, 404])),
      ]);
      await think(0.5);
      await Promise.all([
        call('GET', '/api/billing/payment-method', as('GET /api/billing/payment-method')),
        call('GET', '/api/billing/invoices', as('GET /api/billing/invoices')),
      ]);
      await think();
      // The details page polls until every FBO answered (the spec's 3-second polling).
      let status = '';
      for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
        const d = await call('GET', `/api/quote-requests/${id}`, as('GET /api/quote-requests/:id'));
        status = d.json?.status ?? '';
        if (status === 'completed') break;
        await sleep(3000);
      }
      await call(
        'GET',
        `/api/quote-requests/${id}/responses?view=results`,
        as('GET /api/quote-requests/:id/responses'),
      );
      await think();
      if (status !== 'completed')
        await call('POST', `/api/quote-requests/${id}/cancel`, as('POST /api/quote-requests/:id/cancel'));
      await call('DELETE', `/api/quote-requests/${id}`, as('DELETE /api/quote-requests/:id', [200, 204]));
      pending.delete(uniqueId);
      rounds += 1;
      await think();
    }
  } finally {
    agent.destroy();
  }
}

// ---------------------------------------------------------------- main
let stopSystem;
let startedHere = false;
if (!(await isUp(`http://${HOST}:${GATEWAY.port}/health`))) {
  console.log(
    'No system on :8080; starting one (node scripts/start.mjs --no-build --quiet, NODE_ENV=development, RATE_LIMIT_* raised) ...',
  );
  Object.assign(process.env, {
    NODE_ENV: 'development',
    RATE_LIMIT_REGISTER: '100000',
    RATE_LIMIT_SUPPORT: '1000',
    RATE_LIMIT_FBO_SUBMIT: '100000',
    RATE_LIMIT_FORGOT_PASSWORD_IP: '1000',
    RATE_LIMIT_RESET_PASSWORD: '1000',
    RATE_LIMIT_LOGIN: '100000',
    RATE_LIMIT_LOGIN_EMAIL: '100000',
    RATE_LIMIT_LOGIN_IP: '100000',
    NO_PLAN_MONTHLY_QUOTE_REQUESTS: '100000',
  });
  const started = await startSystem(['--no-build', '--quiet']);
  stopSystem = started.stop;
  startedHere = true;
  console.log(`system ready in ${(started.ms / 1000).toFixed(1)} s`);
} else {
  console.log(
    'Using the system already running on :8080 (it needs raised RATE_LIMIT_LOGIN* / NO_PLAN_MONTHLY_QUOTE_REQUESTS for 0 errors).',
  );
}
const stop = async () => {
  if (stopSystem) await stopSystem();
};
process.on('SIGINT', () => void stop().then(() => process.exit(130)));

const rss = []; // { label, atS, values: Map(name → MB) }
let failed = false;
try {
  console.log(`fixtures: ${USERS} users at @${DOMAIN}, ${FBO_COUNT} FBOs at ${AIRPORT} ...`);
  const t0 = performance.now();
  const { fbos, users } = await fixtures();
  console.log(`fixtures ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const pids = systemPids();
  if (!pids.length) console.log('(could not read the processes listening on the system ports: no RSS figures)');
  const sample = async (label) => {
    const values = new Map(pids.map((p) => [p.name, rssMb(p.pid)]));
    const heap = new Map(
      await Promise.all(pids.filter((p) => WITH_METRICS.has(p.name)).map(async (p) => [p.name, await heapMb(p.port)])),
    );
    const cpu = new Map(pids.map((p) => [p.name, cpuSeconds(p.pid)]));
    // Its own CPU and the machine's busy share go with each sample.
    const own = process.cpuUsage();
    cpu.set(GENERATOR, (own.user + own.system) / 1e6);
    rss.push({
      label,
      atS: Math.round((Date.now() - startedAt) / 1000),
      values,
      heap,
      cpu,
      machine: machineTicks(),
      load: load(),
    });
    return values;
  };
  const startedAt = Date.now();
  const stopAt = startedAt + DURATION_S * 1000;
  recording = true;
  await sample('start');
  console.log(`load: ${USERS} users for ${DURATION_S} s (think ${THINK_MS} ms ±50 %, ramp ${RAMP_S} s) ...`);
  // every minute, so that the table shows whether memory levels off or keeps climbing
  const samplesAt = [
    ...new Set([...Array.from({ length: Math.floor(DURATION_S / 60) }, (_, i) => (i + 1) * 60), DURATION_S]),
  ];
  const sampler = (async () => {
    for (const s of samplesAt) {
      await sleep(Math.max(0, startedAt + s * 1000 - Date.now()));
      await sample(s === DURATION_S ? `end (${s} s)` : `${s} s`);
      const total = [...stats.values()].reduce((a, v) => a + v.latencies.length, 0);
      const errs = [...stats.values()].reduce((a, v) => a + v.errors, 0);
      console.log(`   ${s} s: ${total} requests, ${errs} errors, ${rounds} rounds completed; load average ${load()}`);
    }
  })();
  const poller = mailPoller(stopAt);
  await Promise.all(
    users.map(async (u, i) => {
      await sleep((RAMP_S * 1000 * i) / USERS);
      await pilot(u, fbos, stopAt);
    }),
  );
  recording = false;
  await sampler;
  await poller;
  await Promise.allSettled([...fboWork]);
} catch (err) {
  failed = true;
  console.error(`\nbenchmark failed: ${err instanceof Error ? err.message : err}`);
  process.exitCode = 1;
}

// ---------------------------------------------------------------- the tables
if (!failed) {
  const routes = [...stats.entries()].map(([route, s]) => {
    const l = sorted(s.latencies);
    return {
      route,
      requests: l.length,
      errors: s.errors,
      p50: percentile(l, 50),
      p99: percentile(l, 99),
      max: l.at(-1) ?? NaN,
    };
  });
  routes.sort((a, b) => b.requests - a.requests);
  const total = routes.reduce((a, r) => a + r.requests, 0);
  const errors = routes.reduce((a, r) => a + r.errors, 0);
  const all = sorted([...stats.values()].flatMap((s) => s.latencies));
  const rows = routes.map((r) => [
    r.route,
    String(r.requests),
    String(r.errors),
    fmt(r.p50),
    fmt(r.p99),
    fmt(r.max),
    r.p99 <= GOALS.p99Ms ? 'MET' : 'NOT MET',
  ]);
  rows.push([
    'all routes',
    String(total),
    String(errors),
    fmt(percentile(all, 50)),
    fmt(percentile(all, 99)),
    fmt(all.at(-1) ?? NaN),
    percentile(all, 99) <= GOALS.p99Ms ? 'MET' : 'NOT MET',
  ]);
  const table = (head, body) => {
    const widths = head.map((h, c) => Math.max(h.length, ...body.map((r) => r[c].length)));
    const line = (r) =>
      `| ${r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join(' | ')} |`;
    console.log(line(head));
    console.log(`|${widths.map((w, c) => (c === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
    for (const r of body) console.log(line(r));
  };
  console.log(
    `\nload (${startedHere ? 'system started by this benchmark' : 'the running system'}): ${USERS} users, ${DURATION_S} s, think ${THINK_MS} ms; ` +
      `${total} requests (${(total / DURATION_S).toFixed(1)} req/s), ${rounds} request rounds completed, ${answerCount} FBO answers; client and servers share this machine\n`,
  );
  table(['route', 'requests', 'errors', 'p50', 'p99', 'max', 'p99 ≤ 100 ms'], rows);
  console.log(`\nerrors: ${errors} (goal ${GOALS.errors}) ${errors === GOALS.errors ? 'MET' : 'NOT MET'}`);
  for (const e of errorSamples) console.log(`   ${e}`);

  if (rss.length) {
    const names = [...rss[0].values.keys()];
    const warm = rss.find((r) => r.label === '60 s') ?? rss[0];
    const last = rss.at(-1);
    // the growth of the last interval tells a process still climbing (a leak) from one that levelled off
    const before = rss.length > 2 ? rss.at(-2) : null;
    const pct = (a, b) => ((b - a) / a) * 100;
    const signed = (v) => `${v >= 0 ? '+' : ''}${v.toFixed(1)} %`;
    const body = names.map((n) => {
      const growth = pct(warm.values.get(n), last.values.get(n));
      const cpu = last.cpu.get(n) - rss[0].cpu.get(n);
      return [
        n,
        ...rss.map((r) => `${r.values.get(n).toFixed(0)} MB`),
        signed(growth),
        growth <= GOALS.rssGrowthPct ? 'MET' : 'NOT MET',
        ...(before ? [signed(pct(before.values.get(n), last.values.get(n)))] : []),
        `${cpu.toFixed(0)} s`,
      ];
    });
    console.log('');
    table(
      [
        'process (RSS)',
        ...rss.map((r) => r.label),
        `growth ${warm.label} → end`,
        '≤ 15 %',
        ...(before ? [`${before.label} → end`] : []),
        'CPU used',
      ],
      body,
    );
    const heapNames = names.filter((n) => rss[0].heap.has(n));
    if (heapNames.length) {
      console.log('');
      table(
        ['V8 heap (of the RSS)', ...rss.map((r) => r.label), `growth ${warm.label} → end`],
        heapNames.map((n) => [
          n,
          ...rss.map((r) => (Number.isNaN(r.heap.get(n)) ? '-' : `${r.heap.get(n).toFixed(0)} MB`)),
          signed(pct(warm.heap.get(n), last.heap.get(n))),
        ]),
      );
    }
    console.log(`\nload average (1 / 5 / 15 min) at ${rss.map((r) => `${r.label}: ${r.load}`).join('; ')} (2 cores)`);
    const busy = (last.machine.busy - rss[0].machine.busy) / (last.machine.all - rss[0].machine.all);
    const generator = last.cpu.get(GENERATOR) - rss[0].cpu.get(GENERATOR);
    console.log(
      `CPU during the run: the machine's cores were busy ${(busy * 100).toFixed(0)} % of the time; the ${GENERATOR} used ${generator.toFixed(0)} s of it`,
    );
  }
  if (JSON_OUT)
    writeFileSync(
      JSON_OUT,
      JSON.stringify(
        {
          users: USERS,
          durationS: DURATION_S,
          thinkMs: THINK_MS,
          total,
          errors,
          routes,
          rss: rss.map((r) => ({
            ...r,
            values: Object.fromEntries(r.values),
            heap: Object.fromEntries(r.heap),
            cpu: Object.fromEntries(r.cpu),
          })),
        },
        null,
        2,
      ),
    );
}
await stop();
