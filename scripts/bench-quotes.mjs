#!/usr/bin/env node
// `npm run bench:quotes`: the quote-flow figures, against the whole system as `npm start`
// runs it:
//  1. A pilot submits a quote request to 20 FBOs → all 20 invitation e-mails accepted by the SMTP server (the dev mail
//     catcher, maildev): time from sending POST /api/quote-requests until the catcher lists the 20th invitation of that
//     request (polled every POLL_MS by subject). Median and max over --runs (default 10). Goal: median ≤ 1 s.
//  2. An FBO answers → the `response-received` event reaches an open details-page stream: the pilot's
//     GET /api/quote-requests/{id}/events (SSE through the gateway) is open; time from sending
//     POST /api/fbo-quote/{fboId}/{token}/submit (the link read from the mail catcher) to that event. One answer at a
//     time; by default every invitation of step 1 is answered (200). p50/p95. Goal: p95 ≤ 1 s.
//  3. GET /api/quote-requests for a pilot with 1,000 requests, 20 keep-alive connections, through the gateway (session
//     cookie) and straight to svc-quotes (:4003, identity signed as the gateway signs it) in the same run: p50/p99 and
//     req/s each, and what the gateway adds. Goals: p99 ≤ 20 ms through the gateway, the gateway adds ≤ 30 % (p50).
//     Then one connection each (one request at a time): the cost of a single request without queueing. Then the two ways
//     the list is read cheaply: revalidation (If-None-Match with the list's ETag → 304 while nothing changed, as a
//     browser does by itself) and the first page (`?limit=--page`, default 50), each with the same load.
//
// Data it makes, idempotently: 21 FBOs "Bench FBO 00..20" (bench-fbo-NN@example.com) at --airport (default KBFI), made
// through the admin API and reused; a pilot bench-quotes-pilot@example.com (invited and registered through the API)
// with --list-size (default 1,000) requests to Bench FBO 00, made once and reused. Step 1's requests (the seeded pilot
// pilot@rampquote.dev, with an aircraft made for the run) are completed by step 2, then deleted with the aircraft; the
// mails this run caused are removed from the mail catcher at the end.
//
// Uses the running system, or starts one (`npm start --no-build --quiet`, with NO_PLAN_MONTHLY_QUOTE_REQUESTS=100000
// and RATE_LIMIT_FBO_SUBMIT=100000 so the pilots' allowance and the FBOs' hourly limit do not stop the run) and stops it
// afterwards. A running system that refuses a request with 403 "Monthly quote request limit reached" stops the
// benchmark with that message. The FBOs' answers are sent each from its own loopback address (127.x.y.z), as FBOs
// answer from their own networks: the gateway's per-address limit on FBO submissions then does not stop a run against
// a system started without the raised limit. The system ports are shared: run it as
// `flock /tmp/rampquote-e2e.lock node scripts/bench-quotes.mjs`.
// Load for 3: wrk when it is on PATH (Debian's package; a C load generator that leaves the cores to the system, as in
// bench:api), else autocannon when it is installed, otherwise a keep-alive loop on node:http (each connection sends
// its next request when the answer is read); `--tool wrk|autocannon|builtin` chooses. Client and servers share this
// machine's cores.
// Options: --runs N (10) --answers N (all invitations of step 1, at least 20) --fbos N (20) --list-size N (1000)
//          --connections C (20) --seconds S (10) --warmup S (3) --airport CODE (KBFI) --departure CODE (KSEA)
//          --page N (50) --only 1,2,3 (steps to run; 2 needs 1) --tool NAME --accept-encoding VALUE (what the load sends; a
//          browser's "gzip, deflate, br, zstd" unless set; "none" sends no Accept-Encoding).
import http from 'node:http';
import { randomInt } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT, GATEWAY, SERVICES, MAIL, DEMO_ACCOUNTS } from './lib/system.mjs';
import { isUp, startSystem } from './lib/system-process.mjs';
import { useNode24 } from './lib/node-runtime.mjs';
import { signAsGateway } from './lib/identity-keys.mjs';
import { gatewayCall } from './lib/gateway-call.mjs';
import { fbosAtImportedAirport } from './lib/airport-ready.mjs';
import { pickLoadTool, runWrk } from './lib/load-tool.mjs';

await useNode24({ say: (m) => console.log(`[bench] ${m}`) });

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
const RUNS = Math.max(1, Math.min(Number(option('runs', 10)), 50));
const FBO_COUNT = Math.max(1, Math.min(Number(option('fbos', 20)), 50));
const ANSWERS = Math.max(
  Math.min(20, RUNS * FBO_COUNT),
  Math.min(Number(option('answers', RUNS * FBO_COUNT)), RUNS * FBO_COUNT),
);
const LIST_SIZE = Math.max(1, Math.min(Number(option('list-size', 1000)), 10_000));
const CONNECTIONS = Math.max(1, Math.min(Number(option('connections', 20)), 200));
const SECONDS = Math.max(1, Math.min(Number(option('seconds', 10)), 120));
const WARMUP = Math.max(0, Math.min(Number(option('warmup', 3)), 60));
const AIRPORT = String(option('airport', 'KBFI')).toUpperCase();
const DEPARTURE = String(option('departure', 'KSEA')).toUpperCase();
const PAGE = Math.max(1, Math.min(Number(option('page', 50)), 200));
const ACCEPT_ENCODING = String(option('accept-encoding', 'gzip, deflate, br, zstd'));
/** The headers of every load request besides the session or identity: what a browser's fetch of the list sends. */
const LOAD_HEADERS = {
  accept: 'application/json',
  ...(ACCEPT_ENCODING === 'none' ? {} : { 'accept-encoding': ACCEPT_ENCODING }),
};
const STEPS = new Set(
  String(option('only', '1,2,3'))
    .split(',')
    .map((s) => s.trim()),
);
if (STEPS.has('2')) STEPS.add('1');

const GOALS = { invitationsMedianMs: 1000, answerP95Ms: 1000, listP99Ms: 20, gatewayAddsPct: 30 };
const HOST = '127.0.0.1';
const QUOTES_PORT = SERVICES.find((s) => s.name === 'quotes').port;
const IDENTITY_HEADER = 'x-rampquote-identity';
const ADMIN = DEMO_ACCOUNTS.find((a) => a.email.startsWith('admin'));
const PILOT = DEMO_ACCOUNTS.find((a) => a.email.startsWith('pilot'));
const BENCH_PILOT = {
  email: 'bench-quotes-pilot@example.com',
  password: 'RampQuote#2026',
  firstName: 'Bench',
  lastName: 'Quotes',
};
const BENCH_AIRCRAFT_TAIL = 'BENCHQ1000';
const fboEmail = (n) => `bench-fbo-${String(n).padStart(2, '0')}@example.com`;
const fboName = (n) => `Bench FBO ${String(n).padStart(2, '0')}`;
const SEED_FBO = 0; // Bench FBO 00 receives the list pilot's requests; 01..FBO_COUNT the timed ones.
const POLL_MS = 20;
const LIMIT_REACHED = 'Monthly quote request limit reached';

const require = createRequire(join(ROOT, 'package.json'));
const tool = pickLoadTool(String(option('tool', '')), () => require('autocannon'));
const wrk = tool.name === 'wrk' ? tool.bin : null;
const autocannon = tool.name === 'autocannon' ? tool.run : null;
const LOAD_TOOL = wrk ? 'wrk' : autocannon ? 'autocannon' : 'a keep-alive loop on node:http';

class Stop extends Error {}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const sorted = (values) => [...values].sort((a, b) => a - b);
/** Nearest-rank percentile of a sorted list. */
const percentile = (s, p) => s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? NaN;
const median = (s) =>
  s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : NaN;
const ms = (v) => (v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${v.toFixed(v < 10 ? 2 : 1)} ms`);

// ---------------------------------------------------------------- HTTP
const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 16 });

/** A random loopback address outside 127.0.0.0/24 (one per FBO answer: each FBO answers from its own address). */
const loopbackAddress = () => `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
let ownAddresses = process.platform === 'linux';

/** One call over this bench's kept-alive connections (lib/gateway-call.mjs); rejects when no answer comes. */
function call(method, path, { agent = keepAlive, ...options } = {}) {
  return gatewayCall(method, path, { agent, ...options });
}

/** `call` that throws unless the status is one of `expected`. */
async function expectStatus(expected, what, method, path, options) {
  const res = await call(method, path, options);
  if (!expected.includes(res.status))
    throw new Error(`${what}: ${method} ${path} answered ${res.status}: ${res.text.slice(0, 300)}`);
  return res;
}

/** A call from its own loopback address (falls back to the ordinary connection where such an address cannot be used). */
async function callFromOwnAddress(method, path, options) {
  if (ownAddresses) {
    try {
      return await call(method, path, { ...options, localAddress: loopbackAddress() });
    } catch (err) {
      if (!['EADDRNOTAVAIL', 'EINVAL'].includes(err.code)) throw err;
      ownAddresses = false;
    }
  }
  return call(method, path, options);
}

async function logIn(account) {
  const res = await expectStatus([200], `signing in as ${account.email}`, 'POST', '/api/auth/login', {
    body: { email: account.email, password: account.password },
  });
  const cookie = [res.headers['set-cookie'] ?? []]
    .flat()
    .find((c) => c.startsWith('rq.sid='))
    ?.split(';')[0];
  if (!cookie) throw new Error(`signing in as ${account.email}: no session cookie in the answer`);
  return { cookie, user: res.json };
}

// ---------------------------------------------------------------- mail catcher
const MAIL_BASE = { host: HOST, port: MAIL.webPort };
async function mails(query = '') {
  const res = await call('GET', `/email${query}`, { port: MAIL_BASE.port });
  if (res.status !== 200 || !Array.isArray(res.json))
    throw new Error(`the mail catcher answered ${res.status} to GET /email${query}`);
  return res.json;
}
const invitationSubject = (uniqueId) => `Estimate requested for ${AIRPORT}: ${uniqueId}`;

/** The /quote/{fboId}/{token} link of each invitation mail, by FBO id. */
function invitationLinks(list) {
  const links = new Map();
  for (const mail of list) {
    for (const m of `${mail.text ?? ''} ${mail.html ?? ''}`.matchAll(/\/quote\/([0-9a-f-]{36})\/([A-Za-z0-9_-]+)/g))
      links.set(m[1], m[2]);
  }
  return links;
}

// ---------------------------------------------------------------- the Server-Sent Events stream
/** Opens GET /api/quote-requests/{id}/events through the gateway; resolves once its `ready` event arrived. */
function openStream(id, cookie) {
  return new Promise((resolve, reject) => {
    const waiters = new Set();
    let buffer = '';
    let readySeen = false;
    const req = http.get(
      {
        host: HOST,
        port: GATEWAY.port,
        path: `/api/quote-requests/${id}/events`,
        agent: false,
        headers: { cookie, accept: 'text/event-stream' },
      },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          return reject(new Error(`the event stream of ${id} answered ${res.statusCode}`));
        }
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          const at = performance.now();
          buffer += chunk.replace(/\r\n/g, '\n');
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            let type = 'message';
            const data = [];
            for (const line of block.split('\n')) {
              if (line.startsWith('event:')) type = line.slice(6).trim();
              else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
            }
            if (!data.length) continue; // a comment (heartbeat) or retry line
            let parsed;
            try {
              parsed = JSON.parse(data.join('\n'));
            } catch {
              continue;
            }
            if (type === 'ready' && !readySeen) {
              readySeen = true;
              resolve(stream);
            }
            for (const w of [...waiters]) w({ type, data: parsed, at });
          }
        });
        res.on('error', () => undefined);
      },
    );
    req.on('error', reject);
    req.setTimeout(
      15_000,
      () => !readySeen && req.destroy(new Error(`the event stream of ${id} sent no ready event within 15 s`)),
    );
    const stream = {
      /** Resolves with the arrival time (performance.now()) of the first event matching `match`. */
      next(match, timeoutMs = 15_000) {
        return new Promise((res, rej) => {
          const timer = setTimeout(() => {
            waiters.delete(w);
            rej(new Error(`no matching event on the stream of ${id} within ${timeoutMs / 1000} s`));
          }, timeoutMs);
          const w = (event) => {
            if (!match(event)) return;
            clearTimeout(timer);
            waiters.delete(w);
            res(event.at);
          };
          waiters.add(w);
        });
      },
      close: () => req.destroy(),
    };
  });
}

// ---------------------------------------------------------------- fixtures
/** FBOs "Bench FBO 00..FBO_COUNT" at AIRPORT, active; made or re-activated as admin. Returns them by number. */
async function benchFbos(admin) {
  const listed = await fbosAtImportedAirport(AIRPORT, admin.cookie, { say: (m) => console.log(`   ${m}`) });
  if (listed.status !== 200)
    throw new Error(`listing the FBOs at ${AIRPORT}: answered ${listed.status}: ${listed.text.slice(0, 300)}`);
  const byEmail = new Map(listed.json.fbos.map((f) => [f.email.toLowerCase(), f]));
  const fbos = [];
  for (let n = 0; n <= FBO_COUNT; n++) {
    let fbo = byEmail.get(fboEmail(n));
    if (!fbo) {
      const res = await call('POST', '/api/admin/fbos', {
        cookie: admin.cookie,
        body: { airport: AIRPORT, name: fboName(n), email: fboEmail(n), phone: null },
      });
      if (res.status !== 201)
        throw new Error(`adding ${fboName(n)} at ${AIRPORT} answered ${res.status}: ${res.text.slice(0, 300)}`);
      fbo = res.json;
    } else if (!fbo.active) {
      fbo = (
        await expectStatus([200], `re-activating ${fbo.name}`, 'PATCH', `/api/admin/fbos/${fbo.id}`, {
          cookie: admin.cookie,
          body: { active: true },
        })
      ).json;
    }
    fbos.push({ id: fbo.id, name: fbo.name, email: fbo.email.toLowerCase() });
  }
  return fbos;
}

function requestBody(aircraftId, fboIds, notes, notifications) {
  const arrival = new Date(Date.now() + 7 * 24 * 3600_000);
  arrival.setUTCHours(12, 0, 0, 0);
  const departure = new Date(arrival.getTime() + 2 * 24 * 3600_000);
  return {
    aircraftId,
    departureAirportCode: DEPARTURE,
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
    notes,
    selectedFbos: fboIds,
    ...(notifications ? { notifications } : {}),
  };
}

/** POST /api/quote-requests; a 403 "Monthly quote request limit reached" stops the benchmark with a clear message. */
async function submitRequest(session, body) {
  const res = await call('POST', '/api/quote-requests', { cookie: session.cookie, body });
  if (res.status === 403 && res.json?.error === LIMIT_REACHED) {
    throw new Stop(
      `The running system refused a quote request for ${session.user.email}: 403 "${LIMIT_REACHED}"` +
        `${res.json?.details?.[0]?.message ? ` (${res.json.details[0].message})` : ''}.\n` +
        'Stop it and run the benchmark again: it then starts the system itself with NO_PLAN_MONTHLY_QUOTE_REQUESTS=100000, ' +
        'or start the system with that variable set.',
    );
  }
  if (res.status !== 201) throw new Error(`POST /api/quote-requests answered ${res.status}: ${res.text.slice(0, 300)}`);
  return res.json;
}

/** An estimate for the requested services (fuel 500 gal, hangar 2 days, GPU); `i` varies the prices. */
function estimate(i) {
  const perGallon = 5.5 + (i % 20) * 0.05;
  const hangarPerDay = 150 + (i % 7) * 5;
  const gpu = 40 + (i % 5);
  const cents = Math.round(perGallon * 100 * 500) + Math.round(hangarPerDay * 100 * 2) + gpu * 100;
  return {
    servicesQuoted: {
      dedicatedFuel: { price: Number(perGallon.toFixed(2)), quantity: 500, notes: 'Jet A, into-plane' },
      hangar: { price: hangarPerDay, days: 2 },
      gpu: { price: gpu },
      customServices: [],
    },
    totalPrice: cents / 100,
    notes: 'bench-quotes',
  };
}

// ---------------------------------------------------------------- 1. invitations
async function measureInvitations(pilot, aircraftId, fbos, made) {
  const timed = fbos.slice(1);
  const want = new Set(timed.map((f) => f.email));
  const runs = [];
  console.log(
    `\n1. quote request to ${timed.length} FBOs at ${AIRPORT} → ${timed.length} invitations accepted by the mail catcher (${RUNS} runs, polled every ${POLL_MS} ms)`,
  );
  for (let run = 1; run <= RUNS; run++) {
    const t0 = performance.now();
    const created = await submitRequest(
      pilot,
      requestBody(
        aircraftId,
        timed.map((f) => f.id),
        `bench-quotes run ${run}`,
      ),
    );
    const answeredMs = performance.now() - t0;
    made.requests.push(created);
    made.uniqueIds.add(created.uniqueId);
    const query = `?subject=${encodeURIComponent(invitationSubject(created.uniqueId))}`;
    let list = [];
    let firstMs = null;
    const deadline = t0 + 30_000;
    for (;;) {
      list = (await mails(query)).filter((m) => m.to?.some((t) => want.has(String(t.address).toLowerCase())));
      const now = performance.now() - t0;
      if (list.length && firstMs === null) firstMs = now;
      if (new Set(list.flatMap((m) => m.to.map((t) => String(t.address).toLowerCase()))).size >= want.size) {
        runs.push({ ms: now, firstMs, answeredMs, request: created, links: invitationLinks(list) });
        break;
      }
      if (performance.now() > deadline) {
        const any = (await mails()).some((m) => String(m.subject ?? '').includes(created.uniqueId));
        throw new Error(
          `only ${list.length} of ${want.size} invitations of ${created.uniqueId} reached the mail catcher within 30 s` +
            (any || list.length
              ? ''
              : ` (none with the subject "${invitationSubject(created.uniqueId)}": has the invitation subject changed?)`),
        );
      }
      await sleep(POLL_MS);
    }
    const r = runs.at(-1);
    console.log(
      `   run ${String(run).padStart(2)}: ${created.uniqueId}  POST answered ${ms(r.answeredMs)}, first mail ${ms(r.firstMs)}, all ${want.size} ${ms(r.ms)}`,
    );
    await sleep(200);
  }
  return runs;
}

// ---------------------------------------------------------------- 2. answers → stream
async function measureAnswers(pilot, fbos, runs) {
  const byId = new Map(fbos.map((f) => [f.id, f]));
  const latencies = [];
  const postMs = [];
  let i = 0;
  console.log(
    `\n2. FBO answer (POST .../submit through the gateway) → response-received on the open details stream (${ANSWERS} answers, one at a time)`,
  );
  for (const run of runs) {
    if (i >= ANSWERS) break;
    const stream = await openStream(run.request.id, pilot.cookie);
    try {
      for (const [fboId, token] of run.links) {
        if (i >= ANSWERS) break;
        if (!byId.has(fboId)) continue;
        const arrived = stream.next((e) => e.type === 'response-received' && e.data?.response?.fboId === fboId);
        const t0 = performance.now();
        const res = await callFromOwnAddress('POST', `/api/fbo-quote/${fboId}/${token}/submit`, { body: estimate(i) });
        const tPost = performance.now() - t0;
        if (res.status !== 201) {
          arrived.catch(() => undefined);
          const limited =
            res.status === 429
              ? " (the gateway's limit on FBO submissions per client address: run against a system started with RATE_LIMIT_FBO_SUBMIT raised)"
              : '';
          throw new Error(
            `${byId.get(fboId).name}'s answer to ${run.request.uniqueId} answered ${res.status}: ${res.text.slice(0, 200)}${limited}`,
          );
        }
        const at = await arrived;
        latencies.push(at - t0);
        postMs.push(tPost);
        i += 1;
      }
    } finally {
      stream.close();
    }
    const mine = latencies.slice(-run.links.size);
    console.log(
      `   ${run.request.uniqueId}: ${mine.length} answers, event after ${ms(Math.min(...mine))} .. ${ms(Math.max(...mine))}`,
    );
  }
  return { latencies: sorted(latencies), postMs: sorted(postMs) };
}

// ---------------------------------------------------------------- 3. the list
/** The list pilot: invited (admin API), registered, signed in; with LIST_SIZE requests (made once, then reused). */
async function listPilot(admin, seedFbo, made) {
  const invite = await call('POST', '/api/admin/invites', { cookie: admin.cookie, body: { value: BENCH_PILOT.email } });
  if (![201, 200, 409].includes(invite.status))
    throw new Error(`inviting ${BENCH_PILOT.email} answered ${invite.status}: ${invite.text.slice(0, 300)}`);
  let session;
  try {
    session = await logIn(BENCH_PILOT);
  } catch {
    const reg = await callFromOwnAddress('POST', '/api/auth/register', {
      body: {
        firstName: BENCH_PILOT.firstName,
        lastName: BENCH_PILOT.lastName,
        email: BENCH_PILOT.email,
        password: BENCH_PILOT.password,
        role: 'pilot',
      },
    });
    if (![200, 201, 409].includes(reg.status))
      throw new Error(`registering ${BENCH_PILOT.email} answered ${reg.status}: ${reg.text.slice(0, 300)}`);
    session = await logIn(BENCH_PILOT);
  }
  let count = (
    await expectStatus([200], "the list pilot's My Quotes", 'GET', '/api/quote-requests', { cookie: session.cookie })
  ).json.length;
  if (count >= LIST_SIZE) {
    console.log(`   ${BENCH_PILOT.email} has ${count} requests (reused)`);
    return { session, count };
  }
  const aircraftList = (
    await expectStatus([200], "the list pilot's aircraft", 'GET', '/api/aircraft', { cookie: session.cookie })
  ).json;
  let aircraft = aircraftList.find((a) => a.tailNumber === BENCH_AIRCRAFT_TAIL);
  if (!aircraft) {
    aircraft = (
      await expectStatus([201], "adding the list pilot's aircraft", 'POST', '/api/aircraft', {
        cookie: session.cookie,
        body: { make: 'Cessna', model: '172S Skyhawk', tailNumber: BENCH_AIRCRAFT_TAIL },
      })
    ).json;
  }
  const missing = LIST_SIZE - count;
  console.log(
    `   ${BENCH_PILOT.email} has ${count} requests; making ${missing} more (once; later runs reuse them) ...`,
  );
  const t0 = performance.now();
  const seeded = new Set();
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < missing) {
        next += 1;
        const created = await submitRequest(
          session,
          requestBody(aircraft.id, [seedFbo.id], `bench-quotes list ${count + next}`, {
            emailEachResponse: false,
            emailAllResponded: false,
          }),
        );
        seeded.add(created.uniqueId);
        made.uniqueIds.add(created.uniqueId);
        if (seeded.size % 100 === 0)
          console.log(`   ${count + seeded.size} / ${LIST_SIZE} (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
      }
    }),
  );
  // Their invitation mails go out in the background: wait until they are out, so the load below runs on a quiet system.
  const waitS = Math.max(180, Math.ceil(seeded.size / 2));
  const deadline = Date.now() + waitS * 1000;
  let reported = Date.now();
  for (;;) {
    const out = (await mails(`?to.address=${encodeURIComponent(seedFbo.email)}`)).filter((m) =>
      seeded.has(
        String(m.subject ?? '')
          .split(' ')
          .pop(),
      ),
    ).length;
    if (out >= seeded.size) break;
    if (Date.now() > deadline) {
      console.log(
        `   (only ${out} of ${seeded.size} invitation mails of the new requests are out after ${waitS} s; measuring anyway)`,
      );
      break;
    }
    if (Date.now() - reported > 30_000) {
      reported = Date.now();
      console.log(`   waiting for their invitation mails: ${out} / ${seeded.size} out`);
    }
    await sleep(1000);
  }
  count = (
    await expectStatus([200], "the list pilot's My Quotes", 'GET', '/api/quote-requests', { cookie: session.cookie })
  ).json.length;
  console.log(
    `   made in ${((performance.now() - t0) / 1000).toFixed(0)} s; ${BENCH_PILOT.email} now has ${count} requests`,
  );
  return { session, count };
}

/**
 * CONNECTIONS keep-alive connections, each sending its next GET when the previous answer is read completely. WARMUP
 * seconds are run and thrown away, then SECONDS are measured. `headers()` is asked before each request.
 */
async function keepAliveLoop(
  { port, path, headers },
  { connections = CONNECTIONS, seconds = SECONDS, warmup = WARMUP } = {},
) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
  const get = () =>
    new Promise((resolve) => {
      const t0 = performance.now();
      const req = http.request(
        { host: HOST, port, path, method: 'GET', agent, headers: { ...LOAD_HEADERS, ...headers() } },
        (res) => {
          res.on('data', () => {});
          res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - t0 }));
          res.on('error', () => resolve({ status: 0, ms: 0 }));
        },
      );
      req.setTimeout(10_000, () => req.destroy(new Error('timeout')));
      req.on('error', () => resolve({ status: 0, ms: 0 }));
      req.end();
    });
  const run = async (duration, record) => {
    const latencies = [];
    let non2xx = 0;
    let errors = 0;
    const started = performance.now();
    const deadline = started + duration * 1000;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (performance.now() < deadline) {
          const r = await get();
          if (!record) continue;
          if ((r.status >= 200 && r.status < 300) || r.status === 304) latencies.push(r.ms);
          else if (r.status === 0) errors += 1;
          else non2xx += 1;
        }
      }),
    );
    return { latencies, non2xx, errors, seconds: (performance.now() - started) / 1000 };
  };
  if (warmup) await run(warmup, false);
  const r = await run(seconds, true);
  agent.destroy();
  const s = sorted(r.latencies);
  return {
    requests: s.length,
    rps: s.length / r.seconds,
    p50: percentile(s, 50),
    p99: percentile(s, 99),
    max: s.at(-1) ?? NaN,
    non2xx: r.non2xx,
    errors: r.errors,
  };
}

/** The body's bytes as sent for the load's headers (gzip when the service gives it), and its Content-Encoding. */
function wireBytes(port, path, headers) {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: HOST, port, path, headers: { ...LOAD_HEADERS, ...headers } }, (res) => {
      let bytes = 0;
      res.on('data', (c) => (bytes += c.length));
      res.on('end', () => resolve({ bytes, encoding: res.headers['content-encoding'] ?? 'identity' }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

async function withAutocannon(
  { port, path, headers },
  { connections = CONNECTIONS, seconds = SECONDS, warmup = WARMUP } = {},
) {
  const run = (duration) =>
    new Promise((resolve, reject) => {
      const instance = autocannon(
        {
          url: `http://${HOST}:${port}${path}`,
          connections,
          duration,
          headers: { ...LOAD_HEADERS, ...headers() },
          setupClient: (client) => client.on('response', () => client.setHeaders({ ...LOAD_HEADERS, ...headers() })),
        },
        (err, result) => (err ? reject(err) : resolve(result)),
      );
      autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false });
    });
  if (warmup) await run(warmup);
  const r = await run(seconds);
  const ok = r['2xx'] + (r.statusCodeStats?.['304']?.count ?? 0); // 304: a revalidated list is an answer too
  return {
    requests: ok,
    rps: ok / seconds,
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    non2xx: r.non2xx - (ok - r['2xx']),
    errors: r.errors + r.timeouts,
  };
}

/** The same measurement with wrk: one warm-up run, then the measured one; `headers()` is asked before each run. */
async function withWrk(
  { port, path, headers },
  { connections = CONNECTIONS, seconds = SECONDS, warmup = WARMUP } = {},
) {
  const url = `http://${HOST}:${port}${path}`;
  if (warmup) await runWrk(wrk, url, { headers: { ...LOAD_HEADERS, ...headers() }, connections, seconds: warmup });
  const r = await runWrk(wrk, url, { headers: { ...LOAD_HEADERS, ...headers() }, connections, seconds });
  return {
    requests: r.requests - r.non2xx,
    rps: r.rps,
    p50: r.p50,
    p99: r.p99,
    max: r.max,
    non2xx: r.non2xx,
    errors: r.errors,
  };
}

async function measureList(admin, seedFbo, made) {
  console.log(
    `\n3. GET /api/quote-requests (its default page: at most 200 rows) for a pilot with ${LIST_SIZE.toLocaleString('en-US')} requests, ${CONNECTIONS} connections`,
  );
  const { session, count } = await listPilot(admin, seedFbo, made);
  const user = session.user;
  const path = '/api/quote-requests';
  let signed = { at: 0, value: null };
  /** Re-signed every second (valid 30 s; signing per request would time the client). */
  const direct = () => {
    const now = Date.now();
    if (now - signed.at > 1000) {
      signed = {
        at: now,
        value: {
          [IDENTITY_HEADER]: signAsGateway(
            { user: { id: user.id, email: user.email, role: user.role } },
            { service: 'quotes', method: 'GET', path },
          ),
        },
      };
    }
    return signed.value;
  };
  const signedCache = new Map();
  /** The identity header for `p` (signed for that path and query), re-signed every second. */
  const signedFor = (p) => {
    const hit = signedCache.get(p);
    if (hit && Date.now() - hit.at < 1000) return hit.value;
    const value = {
      [IDENTITY_HEADER]: signAsGateway(
        { user: { id: user.id, email: user.email, role: user.role } },
        { service: 'quotes', method: 'GET', path: p },
      ),
    };
    signedCache.set(p, { at: Date.now(), value });
    return value;
  };
  const viaGateway = () => ({ cookie: session.cookie });
  const targets = [
    { name: 'svc-quotes direct :4003', port: QUOTES_PORT, path, headers: direct },
    { name: 'through the gateway :8080', port: GATEWAY.port, path, headers: viaGateway },
  ];
  for (const t of targets) {
    const res = await call('GET', path, { port: t.port, headers: t.headers() });
    if (res.status !== 200 || !Array.isArray(res.json))
      throw new Error(`${t.name} GET ${path} answered ${res.status}: ${res.text.slice(0, 200)}`);
    t.items = res.json.length;
    t.bytes = Buffer.byteLength(res.text);
    t.etag = res.headers.etag;
    t.wireBytes = await wireBytes(t.port, path, t.headers());
  }
  console.log(
    `   ${targets[0].items} rows, ${(targets[0].bytes / 1024).toFixed(0)} KB of JSON, ${(targets[0].wireBytes.bytes / 1024).toFixed(0)} KB on the wire (${targets[0].wireBytes.encoding}; Accept-Encoding: ${LOAD_HEADERS['accept-encoding'] ?? 'none'}) per answer; load by ${LOAD_TOOL}, ${WARMUP} s warm-up then ${SECONDS} s each`,
  );
  const measure = wrk ? withWrk : autocannon ? withAutocannon : keepAliveLoop;
  for (const t of targets) {
    t.result = await measure(t);
    const r = t.result;
    console.log(
      `   ${t.name.padEnd(26)} ${Math.round(r.rps).toString().padStart(5)} req/s  p50 ${ms(r.p50)}  p99 ${ms(r.p99)}  max ${ms(r.max)}${r.non2xx || r.errors ? `  (${r.non2xx} non-2xx, ${r.errors} errors)` : ''}`,
    );
  }
  // The cost of one request without queueing: one connection, one request at a time.
  const single = { connections: 1, seconds: Math.min(SECONDS, 5), warmup: Math.min(WARMUP, 1) };
  for (const t of targets) {
    t.single = await measure(t, single);
    console.log(
      `   ${t.name.padEnd(26)} 1 connection: p50 ${ms(t.single.p50)}  p99 ${ms(t.single.p99)}  (${Math.round(t.single.rps)} req/s)`,
    );
  }
  // How My Quotes is read in practice: a browser revalidates the list it holds (If-None-Match → 304 while nothing
  // changed), and a client that pages reads the first ?limit=PAGE rows.
  const variants = {};
  if (targets[1].etag) {
    const tag = targets[1].etag;
    const check = await call('GET', path, { headers: { ...viaGateway(), 'if-none-match': tag } });
    if (check.status === 304) {
      const target = { port: GATEWAY.port, path, headers: () => ({ ...viaGateway(), 'if-none-match': tag }) };
      variants.revalidate = await measure(target);
      variants.revalidateSingle = await measure(target, single);
      console.log(
        `   revalidation (If-None-Match → 304) through the gateway: p50 ${ms(variants.revalidate.p50)}  p99 ${ms(variants.revalidate.p99)}  ${Math.round(variants.revalidate.rps)} req/s; 1 connection: p50 ${ms(variants.revalidateSingle.p50)}  p99 ${ms(variants.revalidateSingle.p99)}`,
      );
    } else console.log(`   (If-None-Match with the list's ETag answered ${check.status}, not 304)`);
  }
  const pagePath = `${path}?limit=${PAGE}`;
  const page = await call('GET', pagePath, { headers: viaGateway() });
  if (page.status === 200 && Array.isArray(page.json)) {
    variants.pageDirect = await measure({ port: QUOTES_PORT, path: pagePath, headers: () => signedFor(pagePath) });
    variants.page = await measure({ port: GATEWAY.port, path: pagePath, headers: viaGateway });
    variants.pageSingle = await measure({ port: GATEWAY.port, path: pagePath, headers: viaGateway }, single);
    variants.pageRows = page.json.length;
    variants.pageBytes = Buffer.byteLength(page.text);
    console.log(
      `   first page ?limit=${PAGE} (${page.json.length} rows, ${(variants.pageBytes / 1024).toFixed(0)} KB) gateway: p50 ${ms(variants.page.p50)}  p99 ${ms(variants.page.p99)}  ${Math.round(variants.page.rps)} req/s; direct: p50 ${ms(variants.pageDirect.p50)}  p99 ${ms(variants.pageDirect.p99)}; gateway, 1 connection: p50 ${ms(variants.pageSingle.p50)}  p99 ${ms(variants.pageSingle.p99)}`,
    );
  } else console.log(`   (GET ${pagePath} answered ${page.status}: no paging on this system)`);
  return {
    count,
    direct: targets[0].result,
    gateway: targets[1].result,
    directSingle: targets[0].single,
    gatewaySingle: targets[1].single,
    bytes: targets[0].bytes,
    variants,
  };
}

// ---------------------------------------------------------------- clean-up
async function cleanUp(pilot, aircraftId, made) {
  for (const r of pilot ? made.requests : []) {
    const details = await call('GET', `/api/quote-requests/${r.id}`, { cookie: pilot.cookie }).catch(() => null);
    if (details?.status === 404) continue;
    if (details?.json && !['completed', 'cancelled'].includes(details.json.status))
      await call('POST', `/api/quote-requests/${r.id}/cancel`, { cookie: pilot.cookie }).catch(() => null);
    const del = await call('DELETE', `/api/quote-requests/${r.id}`, { cookie: pilot.cookie }).catch((err) => ({
      status: 0,
      text: err.message,
    }));
    if (del.status !== 200 && del.status !== 204)
      console.log(`   (could not delete ${r.uniqueId}: ${del.status} ${del.text.slice(0, 120)})`);
  }
  if (pilot && aircraftId)
    await call('DELETE', `/api/aircraft/${aircraftId}`, { cookie: pilot.cookie }).catch(() => null);
  // The mails this run caused (invitations, cancellations, the pilot's notices): their subjects name the quote ID.
  if (made.uniqueIds.size) {
    await sleep(1000);
    const ids = [...made.uniqueIds];
    const ours = (await mails()).filter((m) => ids.some((u) => String(m.subject ?? '').includes(u)));
    for (const m of ours)
      await call('DELETE', `/email/${encodeURIComponent(m.id)}`, { port: MAIL_BASE.port }).catch(() => null);
  }
}

// ---------------------------------------------------------------- main
let stopSystem;
let startedHere = false;
if (!(await isUp(`http://${HOST}:${GATEWAY.port}/health`))) {
  console.log(
    'No system on :8080; starting one (npm start --no-build --quiet, NO_PLAN_MONTHLY_QUOTE_REQUESTS=100000, RATE_LIMIT_FBO_SUBMIT=100000) ...',
  );
  process.env.NO_PLAN_MONTHLY_QUOTE_REQUESTS ??= '100000';
  process.env.RATE_LIMIT_FBO_SUBMIT ??= '100000';
  const started = await startSystem(['--no-build', '--quiet']);
  stopSystem = started.stop;
  startedHere = true;
  console.log(`system ready in ${(started.ms / 1000).toFixed(1)} s`);
} else {
  console.log('Using the system already running on :8080.');
}
const stop = async () => {
  keepAlive.destroy();
  if (stopSystem) await stopSystem();
};
process.on('SIGINT', () => void stop().then(() => process.exit(130)));

const made = { requests: [], uniqueIds: new Set() };
let pilot;
let aircraftId;
const figures = {};
try {
  const admin = await logIn(ADMIN);
  const fbos = await benchFbos(admin);
  console.log(`${fbos.length} bench FBOs at ${AIRPORT} (${fboEmail(0)} .. ${fboEmail(FBO_COUNT)})`);

  if (STEPS.has('1')) {
    pilot = await logIn(PILOT);
    const tail = `BQ${Date.now().toString(36).slice(-6)}${randomInt(0, 36).toString(36)}`.toUpperCase().slice(0, 10);
    aircraftId = (
      await expectStatus([201], "adding the pilot's aircraft", 'POST', '/api/aircraft', {
        cookie: pilot.cookie,
        body: { make: 'Cessna', model: '172S Skyhawk', tailNumber: tail },
      })
    ).json.id;
    const runs = await measureInvitations(pilot, aircraftId, fbos, made);
    figures.invitations = { all: sorted(runs.map((r) => r.ms)), fbos: fbos.length - 1 };
    if (STEPS.has('2')) figures.answers = await measureAnswers(pilot, fbos, runs);
  }
  if (STEPS.has('3')) figures.list = await measureList(admin, fbos[SEED_FBO], made);
} catch (err) {
  console.error(`\n${err instanceof Stop ? '' : 'benchmark failed: '}${err instanceof Error ? err.message : err}`);
  process.exitCode = 1;
} finally {
  try {
    await cleanUp(pilot, aircraftId, made);
  } catch (err) {
    console.error(`clean-up: ${err instanceof Error ? err.message : err}`);
  }
}

// ---------------------------------------------------------------- the table
const rows = [];
const verdict = (ok) => (ok ? 'MET' : 'NOT MET');
if (figures.invitations) {
  const s = figures.invitations.all;
  const med = median(s);
  rows.push([
    `1. request to ${figures.invitations.fbos} FBOs → all invitations accepted by SMTP (${s.length} runs)`,
    `median ${ms(med)}, max ${ms(s.at(-1))}`,
    `median ≤ ${ms(GOALS.invitationsMedianMs)}`,
    verdict(med <= GOALS.invitationsMedianMs),
  ]);
}
if (figures.answers?.latencies.length) {
  const s = figures.answers.latencies;
  const p95 = percentile(s, 95);
  rows.push([
    `2. FBO answer → response-received on the open stream (${s.length} answers)`,
    `p50 ${ms(percentile(s, 50))}, p95 ${ms(p95)}, max ${ms(s.at(-1))}`,
    `p95 ≤ ${ms(GOALS.answerP95Ms)}`,
    verdict(p95 <= GOALS.answerP95Ms),
  ]);
  rows.push([
    '   (the submit call itself, POST answered)',
    `p50 ${ms(percentile(figures.answers.postMs, 50))}, p95 ${ms(percentile(figures.answers.postMs, 95))}`,
    '',
    '',
  ]);
}
if (figures.list) {
  const { gateway: g, direct: d, count } = figures.list;
  const added = ((g.p50 - d.p50) / d.p50) * 100;
  const addedP99 = ((g.p99 - d.p99) / d.p99) * 100;
  const sign = (v) => `${v >= 0 ? '+' : ''}${v.toFixed(0)} %`;
  rows.push([
    `3. GET /api/quote-requests (${count.toLocaleString('en-US')} rows, ${CONNECTIONS} conn.) through the gateway`,
    `p50 ${ms(g.p50)}, p99 ${ms(g.p99)}, ${Math.round(g.rps)} req/s`,
    `p99 ≤ ${GOALS.listP99Ms} ms`,
    verdict(g.p99 <= GOALS.listP99Ms),
  ]);
  rows.push([
    '   straight to svc-quotes (same run)',
    `p50 ${ms(d.p50)}, p99 ${ms(d.p99)}, ${Math.round(d.rps)} req/s`,
    '',
    '',
  ]);
  rows.push([
    '   one request at a time (1 conn.): gateway / direct',
    `p50 ${ms(figures.list.gatewaySingle.p50)} / ${ms(figures.list.directSingle.p50)}`,
    '',
    '',
  ]);
  rows.push([
    '   the gateway adds',
    `${sign(added)} p50, ${sign(addedP99)} p99 (req/s ${sign(((g.rps - d.rps) / d.rps) * 100)})`,
    `≤ ${GOALS.gatewayAddsPct} % (p50)`,
    verdict(added <= GOALS.gatewayAddsPct),
  ]);
  const v = figures.list.variants ?? {};
  if (v.revalidate) {
    rows.push([
      `   the same list revalidated (If-None-Match → 304), gateway`,
      `p50 ${ms(v.revalidate.p50)}, p99 ${ms(v.revalidate.p99)}, ${Math.round(v.revalidate.rps)} req/s`,
      `p99 ≤ ${GOALS.listP99Ms} ms`,
      verdict(v.revalidate.p99 <= GOALS.listP99Ms),
    ]);
    rows.push([
      '   revalidated, one request at a time (1 conn.)',
      `p50 ${ms(v.revalidateSingle.p50)}, p99 ${ms(v.revalidateSingle.p99)}`,
      '',
      '',
    ]);
  }
  if (v.page) {
    const pageAdded = ((v.page.p50 - v.pageDirect.p50) / v.pageDirect.p50) * 100;
    rows.push([
      `   first page ?limit=${PAGE} (${v.pageRows} rows of ${count.toLocaleString('en-US')}), gateway`,
      `p50 ${ms(v.page.p50)}, p99 ${ms(v.page.p99)}, ${Math.round(v.page.rps)} req/s`,
      `p99 ≤ ${GOALS.listP99Ms} ms`,
      verdict(v.page.p99 <= GOALS.listP99Ms),
    ]);
    rows.push([
      '   first page, one request at a time (1 conn.), gateway',
      `p50 ${ms(v.pageSingle.p50)}, p99 ${ms(v.pageSingle.p99)}`,
      '',
      '',
    ]);
    rows.push([
      `   first page, direct / the gateway adds`,
      `p50 ${ms(v.pageDirect.p50)}, p99 ${ms(v.pageDirect.p99)} / ${sign(pageAdded)} p50`,
      `≤ ${GOALS.gatewayAddsPct} % (p50)`,
      verdict(pageAdded <= GOALS.gatewayAddsPct),
    ]);
  }
}
if (rows.length) {
  const widths = [0, 1, 2, 3].map((c) =>
    Math.max(...rows.map((r) => r[c].length), ['figure', 'result', 'goal', ''][c].length),
  );
  const line = (r) => `| ${r.map((cell, c) => cell.padEnd(widths[c])).join(' | ')} |`;
  console.log(
    `\nquote-flow figures (${startedHere ? 'system started by this benchmark' : 'the running system'}; client and servers share this machine)\n`,
  );
  console.log(line(['figure', 'result', 'goal', '']));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) console.log(line(r));
}
await stop();
