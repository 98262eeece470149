// What the fault suite shares between its faults: the people and data a fault works with, the ledger of
// operations made during a fault, the summary table, and a service replica the suite may kill.
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { Client, DEMO, ROOT, dbQuery, signIn, waitFor, mails, recipients } from './system.mjs';
import { devIdentityKeys, identityEnv } from '../../scripts/lib/identity-keys.mjs';

export const DESTINATION = 'KSEA';
export const DEPARTURE = 'KLAX';
export const DEMO_FBO_EMAILS = ['demo-fbo-ksea-1@example.com', 'demo-fbo-ksea-2@example.com'];
export const PASSWORD = 'Runway#2026a';

export const unique = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
const uniqueTail = () =>
  `F${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 6).padEnd(4, '0')}`.toUpperCase();

/** A free TCP port of 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen({ port: 0, host: '127.0.0.1' }, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function ok(res, what, expected = [200, 201]) {
  if (!expected.includes(res.status)) throw new Error(`${what}: ${res.status} ${res.text.slice(0, 300)}`);
  return res.body;
}

/**
 * A fresh pilot (registered, put on the beta list by the admin, signed in) with an aircraft, the demo FBO user
 * (demo FBO 1 at KSEA) and the two demo FBOs at KSEA.
 */
export async function setUpActors() {
  const admin = await signIn(DEMO.admin);
  const email = `faults-${unique()}@proof.rampquote.test`;
  const visitor = new Client();
  await ok(
    await visitor.post('/api/auth/register', { firstName: 'Fay', lastName: 'Faults', email, password: PASSWORD }),
    'register',
    [201],
  );
  await ok(await admin.post('/api/admin/invites', { value: email }), 'invite', [201]);
  const pilot = await signIn(email, PASSWORD);
  const fboUser = await signIn(DEMO.fboUser);
  const makes = await ok(await visitor.get('/api/aircraft/makes'), 'makes');
  const make = makes.includes('Cessna') ? 'Cessna' : makes[0];
  const models = await ok(await visitor.get(`/api/aircraft/models/${encodeURIComponent(make)}`), 'models');
  const model = models.includes('172S Skyhawk') ? '172S Skyhawk' : models[0];
  const aircraft = await ok(
    await pilot.post('/api/aircraft', { make, model, tailNumber: uniqueTail() }),
    'aircraft',
    [201],
  );
  const { fbos } = await ok(await visitor.get(`/api/airports/${DESTINATION}/fbos`), 'FBOs');
  // The public list has no e-mail addresses: the demo FBOs are found by theirs in svc-airports' database.
  const rows = await dbQuery('airports', 'SELECT id, email FROM fbos WHERE email = ANY($1)', [DEMO_FBO_EMAILS]);
  const demoFbos = DEMO_FBO_EMAILS.map((address) => {
    const ids = new Set(rows.filter((r) => r.email === address).map((r) => String(r.id)));
    const fbo = fbos.find((f) => ids.has(String(f.id)));
    if (!fbo) throw new Error(`demo FBO ${address} is not listed at ${DESTINATION}`);
    return { ...fbo, email: address };
  });
  return { admin, visitor, pilot, pilotEmail: email, fboUser, aircraft, catalogue: { make, model }, fbos: demoFbos };
}

/** The request form's payload to the given FBOs (e-mail for each answer on, so an answer mails the pilot). */
export function quoteRequestBody(aircraftId, fboIds, note) {
  const arrival = new Date(Date.now() + 7 * 24 * 3600_000);
  arrival.setUTCHours(12, 0, 0, 0);
  const departure = new Date(arrival.getTime() + 2 * 24 * 3600_000);
  return {
    aircraftId,
    departureAirportCode: DEPARTURE,
    airportCode: DESTINATION,
    arrival: arrival.toISOString(),
    departure: departure.toISOString(),
    services: { fuelJetA: true, fuelEstimatedAmount: 500, gpu: true, gpuDuration: '15' },
    notes: note,
    selectedFbos: fboIds,
    notifications: { emailEachResponse: true, emailAllResponded: true },
  };
}

export const ESTIMATE = {
  servicesQuoted: {
    dedicatedFuel: { price: 6.25, quantity: 500, notes: 'Jet A' },
    gpu: { price: 45 },
    customServices: [],
  },
  totalPrice: 3170,
  notes: null,
};

export const newTailNumber = uniqueTail;

/** Runs `tasks` (functions returning promises) with at most `limit` at a time; results in order. */
export async function pool(tasks, limit) {
  const results = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, tasks.length) }, async () => {
      while (next < tasks.length) {
        const i = next++;
        results[i] = await tasks[i]();
      }
    }),
  );
  return results;
}

// ---------------------------------------------------------------- mail accounting
/**
 * Counts the mails in the catcher that match each expected (recipient, subject) pair: lost = expected pairs with
 * none, duplicated = copies beyond the first.
 */
export async function mailCounts(expected) {
  const all = await mails();
  const counts = expected.map(
    ({ to, subject }) => all.filter((m) => m.subject === subject && recipients(m).includes(to.toLowerCase())).length,
  );
  return {
    counts,
    lost: counts.filter((c) => c === 0).length,
    duplicated: counts.reduce((sum, c) => sum + Math.max(0, c - 1), 0),
    arrived: counts.filter((c) => c > 0).length,
  };
}

/** Waits until every expected mail is in; resolves with the counts (the last poll's, also when time ran out). */
export async function awaitMails(expected, timeoutMs) {
  let last;
  try {
    await waitFor(
      async () => {
        last = await mailCounts(expected);
        return last.lost === 0;
      },
      { timeoutMs, intervalMs: 250, message: `${expected.length} e-mails` },
    );
  } catch {
    /* reported through `lost` */
  }
  return last ?? (await mailCounts(expected));
}

/**
 * Waits until every event of `type` in `service`'s outbox whose `data[field]` is one of `values` is in that
 * service's inbox (handled, its mails sent, committed): a later delivery of it is skipped, so no copy of its mails
 * can come after this. Read the duplicate count once this resolved. Resolves with the number of such events.
 */
export async function awaitEventsHandled(service, type, field, values, timeoutMs = 30_000) {
  let last = { events: 0, handled: 0 };
  await waitFor(
    async () => {
      [last] = await dbQuery(
        service,
        `SELECT count(*)::int AS events, count(i.event_id)::int AS handled
           FROM outbox_events o LEFT JOIN inbox_events i ON i.event_id = o.id
          WHERE o.type = $1 AND o.payload->'data'->>$2 = ANY($3)`,
        [type, field, values],
      );
      return last.events >= values.length && last.handled === last.events;
    },
    {
      timeoutMs,
      intervalMs: 250,
      message: `${service}: ${values.length} ${type} events handled (${JSON.stringify(last)})`,
    },
  );
  return last.events;
}

// ---------------------------------------------------------------- ledger and table
/** Statuses of answers, e.g. "201×50, 503×12". */
export function statusSummary(results) {
  const by = new Map();
  for (const r of results) by.set(r.status, (by.get(r.status) ?? 0) + 1);
  return [...by]
    .sort((a, b) => a[0] - b[0])
    .map(([s, n]) => `${s === 0 ? 'no answer' : s}×${n}`)
    .join(', ');
}

export const count500s = (results) => results.filter((r) => r.status === 500).length;

export const ROWS = [];

export function addRow(row) {
  ROWS.push(row);
}

export function formatTable(rows = ROWS) {
  const header = ['fault', 'operations during', 'answers', 'lost', 'duplicated', '500s', 'recovery'];
  const lines = rows.map((r) => [
    r.fault,
    String(r.operations),
    r.answers,
    String(r.lost),
    String(r.duplicated),
    String(r.errors500),
    r.recovery,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cols) => `| ${cols.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [fmt(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...lines.map(fmt)].join('\n');
}

export const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

// ---------------------------------------------------------------- processes the suite may kill
/**
 * A process of the system started the way the launcher starts it (same command, the launcher's environment) on a
 * port of its own, so the suite can kill it and start it again: the launcher stops everything when one of its own
 * children dies. The system is pointed at it by the variable naming its address (BILLING_URL, REMOTE_URL_MF_*).
 */
export class Replica {
  /** @param {{ name: string, args: string[], port: number, env: Record<string, string>, logsDir: string }} options */
  constructor({ name, args, port, env, logsDir }) {
    this.name = name;
    this.args = args;
    this.port = port;
    this.env = { ...env, PORT: String(port), NODE_ENV: 'development', HOST: '127.0.0.1' };
    this.logFile = join(logsDir, `${name}-replica.log`);
    this.child = undefined;
  }

  /** A service: `node <dir>/dist/main.js`, with the identity keys the launcher gives it (a key in `env` wins). */
  static service(dir, { port, env, logsDir }) {
    const keys = identityEnv(devIdentityKeys());
    const serviceEnv = { ...keys.shared, ...keys.service(dir), ...env };
    return new Replica({ name: dir, args: [join(dir, 'dist', 'main.js')], port, env: serviceEnv, logsDir });
  }

  /** A micro-frontend's static host: `node scripts/static-host/static-host.mjs` serving `<dir>/dist`. */
  static remoteHost(dir, { port, env, logsDir, allowedOrigins }) {
    const hostEnv = { ...env, NAME: dir, STATIC_ROOT: join(ROOT, dir, 'dist'), ALLOWED_ORIGINS: allowedOrigins };
    return new Replica({
      name: dir,
      args: [join('scripts', 'static-host', 'static-host.mjs')],
      port,
      env: hostEnv,
      logsDir,
    });
  }

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  get running() {
    return Boolean(this.child && this.child.exitCode === null && this.child.signalCode === null);
  }

  /** Starts the process and resolves with the ms until its /health answered 200. */
  async start(timeoutMs = 30_000) {
    const t0 = performance.now();
    const log = createWriteStream(this.logFile, { flags: 'a' });
    const child = spawn(process.execPath, this.args, { cwd: ROOT, env: this.env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(log);
    child.stderr.pipe(log);
    this.child = child;
    const killOnExit = () => child.kill('SIGKILL');
    process.once('exit', killOnExit);
    this.exited = new Promise((resolve) =>
      child.once('exit', (code) => {
        process.removeListener('exit', killOnExit);
        resolve(code);
      }),
    );
    await waitFor(
      async () => {
        if (!this.running) throw new Error(`${this.name} exited (see ${this.logFile})`);
        return (await fetch(`${this.url}/health`, { signal: AbortSignal.timeout(1000) })).ok;
      },
      { timeoutMs, intervalMs: 100, message: `${this.name} replica /health` },
    );
    return performance.now() - t0;
  }

  /** SIGKILL: no shutdown hooks, connections drop as in a crash. */
  async kill() {
    if (!this.running) return;
    this.child.kill('SIGKILL');
    await this.exited;
  }

  async stop() {
    if (!this.running) return;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 8000);
    await this.exited;
    clearTimeout(timer);
  }
}
