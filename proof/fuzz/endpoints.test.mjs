// Bad input (`npm run test:fuzz`): at least 10,000 malformed requests at every documented endpoint of the
// route policy (libs/contracts: a new route is fuzzed without touching this file), as a visitor and as signed-in
// users (a fresh pilot; the admin on admin routes; the FBO user on FBO portal routes; forged tokens on FBO links),
// against the system as `npm start` runs it. Goals: no 5xx, every error in the JSON error shape, nothing stored
// from a refused request. Prints requests sent and answers by status; a failure prints the shrunk request.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { listRoutePolicies } from '@rampquote/contracts';
import { startSystem, signIn, Client, closeDb, dbQuery, waitFor, DEMO } from '../lib/system.mjs';
import { BODIES, bodySpecOf, schemaOf } from './support/bodies.mjs';
import { requestArb, toWire, describeWire } from './support/arbitraries.mjs';
import { send, problemOf, closeAgent } from './support/wire.mjs';
import { snapshot, storedFromRefused } from './support/store.mjs';

const TARGET_REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 10_500);
const CONCURRENCY = Number(process.env.FUZZ_CONCURRENCY ?? 16);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
/** Longest a single route's property may run, shrinking included. */
const JOB_TIME_LIMIT_MS = 30_000;

const routes = listRoutePolicies();
const routeKey = (p) => `${p.method} ${p.path}`;

/** Every raised limit: the fuzz must reach the validation behind the counters (429s would hide it). */
const FUZZ_ENV = {
  RATE_LIMIT_LOGIN: '1000000',
  RATE_LIMIT_LOGIN_EMAIL: '1000000',
  RATE_LIMIT_LOGIN_IP: '1000000',
  RATE_LIMIT_REGISTER: '1000000',
  RATE_LIMIT_FORGOT_PASSWORD: '1000000',
  RATE_LIMIT_FORGOT_PASSWORD_IP: '1000000',
  RATE_LIMIT_RESET_PASSWORD: '1000000',
  RATE_LIMIT_SUPPORT: '1000000',
  RATE_LIMIT_FBO_SUBMIT: '1000000',
};

let system;
const personas = {};
const ctx = { realIds: {} };
const stats = { sent: 0, notSendable: 0, byStatus: new Map(), byRoute: new Map(), accepted: new Map(), failures: [] };
let storeBefore;
let runStartedInDb;
const t0 = performance.now();

/** Who calls a route, and how much of the budget each gets: the caller who passes the access check most. */
function callersOf(policy) {
  if (policy.path === '/api/auth/logout') return [['visitor', 4]]; // a signed-in logout would end the fuzz sessions
  if (policy.session !== 'required')
    return [
      ['visitor', 4],
      ['pilot', 1],
    ];
  if (policy.roles?.includes('admin'))
    return [
      ['admin', 4],
      ['pilot', 1],
      ['visitor', 1],
    ];
  // FBO rights come from membership, not a role: the FBO portal's and FBO team's routes are the FBO user's.
  if (policy.path.startsWith('/api/fbo-portal/') || policy.path.startsWith('/api/fbo/'))
    return [
      ['fbo', 4],
      ['pilot', 1],
      ['visitor', 1],
    ];
  return [
    ['pilot', 4],
    ['visitor', 1],
  ];
}

function tally(policy, answer) {
  if (answer.status === -1) {
    stats.notSendable++;
    stats.notSendableWhy = `${answer.error?.code ?? ''} ${answer.error?.message ?? ''}`.slice(0, 120);
    return;
  }
  stats.sent++;
  stats.byRoute.set(routeKey(policy), (stats.byRoute.get(routeKey(policy)) ?? 0) + 1);
  const status =
    answer.status === 0
      ? answer.resetWhileUploading
        ? 'reset during an oversized upload'
        : 'no answer'
      : String(answer.status);
  stats.byStatus.set(status, (stats.byStatus.get(status) ?? 0) + 1);
  if (answer.status >= 200 && answer.status < 300)
    stats.accepted.set(routeKey(policy), (stats.accepted.get(routeKey(policy)) ?? 0) + 1);
}

async function fuzzRoute(policy, personaName, numRuns, seed) {
  const persona = personas[personaName];
  const property = fc.asyncProperty(requestArb(policy, ctx), async (c) => {
    const wire = toWire(c, persona, system.origin);
    const answer = await send(wire);
    tally(policy, answer);
    const problem = problemOf(answer);
    if (problem) throw new Error(problem);
  });
  const result = await fc.check(property, {
    numRuns,
    seed,
    interruptAfterTimeLimit: JOB_TIME_LIMIT_MS,
    includeErrorInReport: true,
  });
  if (result.failed) {
    const wire = toWire(result.counterexample[0], persona, system.origin);
    stats.failures.push(
      `${routeKey(policy)} as ${personaName} (seed ${seed}, path ${result.counterexamplePath}, ${result.numShrinks} shrinks):\n  ${result.errorInstance?.message ?? result.error}\n  ${describeWire(wire)}`,
    );
  }
}

/** Runs the jobs `CONCURRENCY` at a time (each job is one route and caller, its requests one after another). */
async function runPool(jobs) {
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++];
      await fuzzRoute(...job);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

/** A fresh pilot for this run (invited by the admin, registered, signed in): the demo pilot's data stays as it was. */
async function freshPilot(admin) {
  const email = `fuzz-pilot-${Date.now()}-${process.pid}@example.com`;
  const invite = await admin.post('/api/admin/invites', { value: email });
  assert.equal(invite.status, 201, `invite: ${invite.status} ${invite.text}`);
  const visitor = new Client();
  const reg = await visitor.post('/api/auth/register', {
    firstName: 'Fuzz',
    lastName: 'Pilot',
    email,
    password: DEMO.password,
    role: 'pilot',
  });
  assert.ok(reg.status === 201 || reg.status === 200, `register: ${reg.status} ${reg.text}`);
  return { client: await signIn(email, DEMO.password), email };
}

/** Real ids the fuzz users own, so that malformed bodies also reach handlers that found their row. */
async function seed(pilot, admin) {
  const ids = new Set();
  const aircraft = await pilot.post('/api/aircraft', { make: 'Cessna', model: '172S Skyhawk', tailNumber: 'N777FZ' });
  assert.ok(aircraft.status === 201 || aircraft.status === 200, `aircraft: ${aircraft.status} ${aircraft.text}`);
  ids.add(aircraft.body.id);
  ctx.aircraftId = aircraft.body.id;
  // A request of the fuzz pilot to KSEA, where the demo FBO user works: its invitations are the only real FBO
  // link and inbox ids fuzzed (an estimate the fuzz manages to submit lands on this request, nobody else's).
  const fbos = await pilot.get('/api/airports/KSEA/fbos');
  const fboIds = Array.isArray(fbos.body) ? fbos.body.map((f) => f.id) : (fbos.body?.fbos ?? []).map((f) => f.id);
  const quote = await pilot.post('/api/quote-requests', {
    ...BODIES['POST /api/quote-requests'].example(ctx),
    departureAirportCode: 'KBFI',
    airportCode: 'KSEA',
    selectedFbos: fboIds.slice(0, 3),
  });
  const quoteId =
    quote.status === 201 || quote.status === 200 ? (quote.body.id ?? quote.body.quoteRequest?.id) : undefined;
  if (quoteId) ids.add(quoteId);
  else
    console.log(
      `# seed: quote request not created (${quote.status} ${quote.text.slice(0, 200)}); fuzzing without a real quote id`,
    );
  const invitations = quoteId
    ? await waitFor(
        async () => {
          const rows = await dbQuery('quotes', 'SELECT id, fbo_id FROM quote_invitations WHERE quote_request_id = $1', [
            quoteId,
          ]);
          return rows.length ? rows : null;
        },
        { timeoutMs: 10_000, message: 'the invitations of the fuzz quote request' },
      ).catch(() => [])
    : [];
  // An FBO of the directory owned by this run (never another suite's: a valid-ish PATCH renames it), inactive.
  const own = await admin.post('/api/admin/fbos', {
    airport: 'KBFI',
    name: `Fuzz FBO ${process.pid}-${Date.now()}`,
    email: 'fuzz-fbo@example.com',
    phone: null,
    logo: null,
  });
  assert.ok(own.status === 201 || own.status === 200, `fbo: ${own.status} ${own.text}`);
  ids.add(own.body.id);
  await admin.patch(`/api/admin/fbos/${own.body.id}`, { active: false });
  // The FBO user manages it too, so that the team routes (/api/fbo/{id}/members) reach a team with this id.
  const member = await admin.post(`/api/admin/fbos/${own.body.id}/members`, { email: DEMO.fboUser, role: 'manager' });
  assert.equal(member.status, 201, `member: ${member.status} ${member.text}`);
  console.log(
    `# seed: aircraft, quote request ${quoteId ?? '(none)'} with ${invitations.length} FBO invitation(s), an inactive FBO of the run`,
  );
  ctx.realIds = {
    id: [...ids].filter(Boolean).map(String),
    fboId: invitations.map((i) => String(i.fbo_id)),
    invitationId: invitations.map((i) => String(i.id)),
    make: ['Cessna'],
    model: ['172S Skyhawk'],
    code: ['KSEA', 'KBFI'],
  };
}

describe('bad input at every documented endpoint', { timeout: 170_000 }, () => {
  before(async () => {
    system = await startSystem({ env: FUZZ_ENV });
    [{ now: runStartedInDb }] = await dbQuery('airports', 'SELECT now() AS now');
    const admin = await signIn(DEMO.admin);
    const fbo = await signIn(DEMO.fboUser);
    const pilot = await freshPilot(admin);
    ctx.pilotEmail = pilot.email;
    await seed(pilot.client, admin);
    personas.visitor = { cookie: undefined };
    personas.pilot = { cookie: pilot.client.cookieHeader(), client: pilot.client };
    personas.admin = { cookie: admin.cookieHeader(), client: admin };
    personas.fbo = { cookie: fbo.cookieHeader(), client: fbo };
    storeBefore = await snapshot();
    console.log(
      `# system ready in ${(system.readyMs / 1000).toFixed(1)} s, signed in and seeded at ${((performance.now() - t0) / 1000).toFixed(1)} s; seed ${SEED}`,
    );
  });

  after(async () => {
    await system?.stop();
    // The FBO directory is shared with the other suites (quote flows offer its FBOs): what this run added goes.
    if (runStartedInDb) {
      for (const table of ['fbos', 'fbo_directory_entries'])
        await dbQuery('airports', `DELETE FROM ${table} WHERE created_at >= $1`, [runStartedInDb]).catch(
          () => undefined,
        );
    }
    closeAgent();
    await closeDb();
    console.log(`# fuzz wall time ${((performance.now() - t0) / 1000).toFixed(1)} s (system start and stop included)`);
  });

  test('every state-changing route of the policy has its body in the fuzz table, and each example passes its schema', () => {
    const missing = routes.filter((p) => p.method !== 'GET' && p.method !== 'DELETE' && !bodySpecOf(p)).map(routeKey);
    assert.deepEqual(missing, [], 'routes fuzzed with generic bodies only: add them to proof/fuzz/support/bodies.mjs');
    const invalid = [];
    for (const [key, spec] of Object.entries(BODIES)) {
      const schema = schemaOf(spec);
      if (!spec.schema) continue;
      assert.ok(schema, `${key}: @rampquote/contracts has no export ${spec.schema}`);
      const result = schema.safeParse(spec.example(ctx));
      if (!result.success)
        invalid.push(`${key}: ${result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    }
    assert.deepEqual(invalid, []);
  });

  test(`${TARGET_REQUESTS} malformed requests: no 5xx, every error answer in the JSON error shape`, async () => {
    const jobs = [];
    const weights = routes.flatMap((p) => callersOf(p).map(([, w]) => w)).reduce((a, b) => a + b, 0);
    let n = 0;
    for (const policy of routes) {
      for (const [persona, weight] of callersOf(policy)) {
        jobs.push([policy, persona, Math.max(10, Math.ceil((TARGET_REQUESTS * weight) / weights)), SEED + n++]);
      }
    }
    // The heaviest jobs first, so that the pool ends together.
    jobs.sort((a, b) => b[2] - a[2]);
    const started = performance.now();
    await runPool(jobs);
    const seconds = (performance.now() - started) / 1000;
    const statuses = [...stats.byStatus]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([s, c]) => `${s}: ${c}`)
      .join(', ');
    console.log(
      `# fuzz: ${stats.sent} requests sent to ${routes.length} routes in ${seconds.toFixed(1)} s (${(stats.sent / seconds).toFixed(0)}/s, ${CONCURRENCY} in flight)`,
    );
    console.log(
      `# fuzz: answers by status: ${statuses}${stats.notSendable ? `; ${stats.notSendable} cases Node's client refused to write (e.g. ${stats.notSendableWhy})` : ''}`,
    );
    if (stats.failures.length)
      console.log(
        `# fuzz: ${stats.failures.length} failing route(s):\n${stats.failures.map((f) => `# ${f.replace(/\n/g, '\n# ')}`).join('\n')}`,
      );
    assert.equal(
      stats.failures.length,
      0,
      `${stats.failures.length} route(s) answered a 5xx or a non-JSON error:\n${stats.failures.join('\n')}`,
    );
    assert.ok(stats.sent >= 10_000 || TARGET_REQUESTS < 10_000, `only ${stats.sent} requests sent`);
    const unreached = routes.map(routeKey).filter((key) => !stats.byRoute.has(key));
    assert.deepEqual(unreached, [], 'routes of the policy that no fuzz request reached');
  });

  test('nothing is stored from a refused request, and the fuzz users stay signed in', async () => {
    const storeAfter = await snapshot();
    const problems = storedFromRefused(storeBefore, storeAfter, stats.accepted);
    const writes = [...stats.accepted]
      .filter(([route]) => !route.startsWith('GET '))
      .map(([route, n]) => `${route} ${n}`);
    const grown = Object.keys(storeAfter)
      .filter((t) => storeBefore[t] && storeAfter[t].n !== storeBefore[t].n)
      .map((t) => `${t} ${storeAfter[t].n - storeBefore[t].n >= 0 ? '+' : ''}${storeAfter[t].n - storeBefore[t].n}`);
    console.log(
      `# store: ${Object.keys(storeAfter).length} tables compared row for row; accepted writes: ${writes.join(', ') || 'none'}; rows added: ${grown.join(', ') || 'none'}`,
    );
    assert.deepEqual(problems, []);
    for (const name of ['pilot', 'admin', 'fbo']) {
      const me = await personas[name].client.get('/api/auth/me');
      assert.equal(me.status, 200, `${name} was signed out during the fuzz: its requests were a visitor's`);
    }
  });
});
