#!/usr/bin/env node
// `npm run bench:lighthouse`: Lighthouse 12.2.3 (npm) in Debian's Chromium against the running system (started as
// `npm start` does when nothing answers on :8080), mobile profile defaults (simulated slow 4G, 4x CPU slowdown),
// the median of 3 runs per page. Prints performance, LCP, TBT, CLS, JavaScript and total bytes transferred (the
// network's encoded sizes) with the goals and a pass/fail per cell. Not part of `npm test`.
//
// Pages: /, /login, an FBO's e-mailed link /quote/{fboId}/{token} (a new estimate request by the seeded pilot),
// /rfi-form, /history and /quote-details/{id} signed in as the pilot, /fbo-portal signed in as the demo FBO user.
// `node scripts/bench-lighthouse.mjs --runs 1 /login /` runs other counts or pages (signed-in pages by path, `/quote` the
// FBO link, `/quote-details` the request's details);
// `--reports DIR` also writes each run's full Lighthouse result there (JSON) to see where the time goes.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { request as playwrightRequest } from '@playwright/test';
import { isUp, startSystem } from './lib/system-process.mjs';
import { DEMO_FBO_EMAIL, fbosAtImportedAirport, someFboEmailed } from './lib/airport-ready.mjs';
import { linkFromMail, requestEstimates } from './lib/estimate-link.mjs';
import { useNode24 } from './lib/node-runtime.mjs';

await useNode24({ say: (m) => console.log(`[bench] ${m}`) });

const BASE = 'http://localhost:8080';
const PASSWORD = 'RampQuote#2026';
const PILOT = 'pilot@rampquote.dev';
const FBO_USER = 'demo-fbo-ksea-1@example.com';
const ADMIN = 'admin@rampquote.dev';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const GOALS = { perf: 90, lcpMs: 2500, tbtMs: 200, cls: 0.05 };
/** Byte goals per page (KB = 1024 bytes, as Lighthouse counts). */
const BYTE_GOALS = { fboLink: { js: 150, total: 250 }, home: { js: 200 } };

const argv = process.argv.slice(2);
const runsAt = argv.indexOf('--runs');
const RUNS = runsAt >= 0 ? Number(argv[runsAt + 1]) : 3;
const reportsAt = argv.indexOf('--reports');
const REPORTS_DIR = reportsAt >= 0 ? argv[reportsAt + 1] : null;
const onlyPaths = argv.filter((a, i) => a.startsWith('/') && !['--runs', '--reports'].includes(argv[i - 1]));

let system;
if (!(await isUp())) {
  // The bench asks for one estimate per run: the monthly allowance of a pilot without a subscription must not stop it.
  process.env.NO_PLAN_MONTHLY_QUOTE_REQUESTS ??= '100000';
  system = await startSystem();
}
const cleanUps = [];
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: CHROME_FLAGS,
});
try {
  const pilot = await signIn(PILOT);
  const { link, quoteRequestId } = await newEstimateRequest(pilot);
  const fbo = await signIn(FBO_USER);
  const pilotCookie = pilot.cookie;
  const fboCookie = fbo.cookie;

  const pages = [
    { name: '/', path: '/', bytes: BYTE_GOALS.home },
    { name: '/login', path: '/login' },
    { name: 'FBO link /quote/{fboId}/{token}', path: link, bytes: BYTE_GOALS.fboLink, key: '/quote' },
    { name: '/rfi-form (pilot)', path: '/rfi-form', cookie: pilotCookie },
    { name: '/history (pilot)', path: '/history', cookie: pilotCookie },
    {
      name: '/quote-details/{id} (pilot)',
      path: `/quote-details/${quoteRequestId}`,
      cookie: pilotCookie,
      key: '/quote-details',
    },
    { name: '/fbo-portal (FBO user)', path: '/fbo-portal', cookie: fboCookie },
  ].filter((p) => onlyPaths.length === 0 || onlyPaths.some((o) => p.path === o || p.key === o));

  const rows = [];
  for (const page of pages) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const load = loadavg()[0].toFixed(2);
      const result = await auditWithRetries(`${BASE}${page.path}`, page.cookie, `${page.key ?? page.path}-${i + 1}`);
      runs.push(result);
      console.log(
        `[bench] ${page.name} run ${i + 1}/${RUNS} (load ${load}): perf ${result.perf}, LCP ${seconds(result.lcpMs)}, ` +
          `TBT ${Math.round(result.tbtMs)} ms, CLS ${result.cls.toFixed(3)}, JS ${kb(result.jsBytes)}, ` +
          `total ${kb(result.totalBytes)}${result.lcpElement ? `, LCP element ${result.lcpElement}` : ''}` +
          `${result.cls > GOALS.cls && result.shiftElement ? `, shifted most: ${result.shiftElement}` : ''}`,
      );
    }
    rows.push({ page, result: median(runs) });
  }
  printTable(rows);
} finally {
  for (const cleanUp of cleanUps) await cleanUp().catch(() => undefined);
  await chrome.kill();
  if (system) await system.stop();
}

/** Lighthouse now and then fails to record a trace on a loaded machine (NO_NAVSTART, NO_FCP): that run again. */
async function auditWithRetries(url, cookie, reportName, attempts = 3) {
  for (let i = 1; ; i++) {
    try {
      return await audit(url, cookie, reportName);
    } catch (err) {
      if (i >= attempts) throw err;
      console.log(`[bench] ${err instanceof Error ? err.message.split('\n')[0] : err}; running it again`);
    }
  }
}

/** One Lighthouse run (mobile profile defaults) of `url`, with the session cookie when given. */
async function audit(url, cookie, reportName) {
  const flags = {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    // The run's own browser is reused: each run starts from an empty cache, as a new user would.
    disableStorageReset: false,
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  };
  const { lhr } = await lighthouse(url, flags);
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  if (REPORTS_DIR) {
    mkdirSync(REPORTS_DIR, { recursive: true });
    const file = `${reportName.replace(/^\//, '').replace(/[^\w.-]+/g, '_') || 'home'}.json`;
    writeFileSync(join(REPORTS_DIR, file), JSON.stringify(lhr));
  }
  const a = lhr.audits;
  const items = a['resource-summary']?.details?.items ?? [];
  const of = (type) => items.find((i) => i.resourceType === type)?.transferSize ?? 0;
  const lcpDetails = a['largest-contentful-paint-element']?.details;
  const lcpItem = (lcpDetails?.items?.[0]?.items ?? lcpDetails?.items)?.[0]?.node;
  const shift = a['layout-shifts']?.details?.items?.[0];
  return {
    perf: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcpMs: a['largest-contentful-paint'].numericValue,
    tbtMs: a['total-blocking-time'].numericValue,
    cls: a['cumulative-layout-shift'].numericValue,
    jsBytes: of('script'),
    totalBytes: of('total'),
    shiftElement: shift?.node ? `${shift.node.selector ?? ''} (${Number(shift.score ?? 0).toFixed(3)})` : undefined,
    lcpElement: lcpItem ? `<${(lcpItem.nodeLabel ?? '').slice(0, 40)}> ${lcpItem.selector ?? ''}`.trim() : undefined,
  };
}

/** The median of each figure over the runs. */
function median(runs) {
  const mid = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];
  return Object.fromEntries(
    Object.keys(runs[0])
      .filter((k) => typeof runs[0][k] === 'number')
      .map((k) => [k, mid(runs.map((r) => r[k]))]),
  );
}

function printTable(rows) {
  const cell = (text, ok) => `${text} ${ok ? 'pass' : 'FAIL'}`;
  const header = ['page', 'perf (>= 90)', 'LCP (<= 2.5 s)', 'TBT (<= 200 ms)', 'CLS (<= 0.05)', 'JS', 'total'];
  const lines = rows.map(({ page, result: r }) => [
    page.name,
    cell(String(r.perf), r.perf >= GOALS.perf),
    cell(seconds(r.lcpMs), r.lcpMs <= GOALS.lcpMs),
    cell(`${Math.round(r.tbtMs)} ms`, r.tbtMs <= GOALS.tbtMs),
    cell(r.cls.toFixed(3), r.cls <= GOALS.cls),
    page.bytes?.js
      ? cell(`${kb(r.jsBytes)} (<= ${page.bytes.js} KB)`, r.jsBytes <= page.bytes.js * 1024)
      : kb(r.jsBytes),
    page.bytes?.total
      ? cell(`${kb(r.totalBytes)} (<= ${page.bytes.total} KB)`, r.totalBytes <= page.bytes.total * 1024)
      : kb(r.totalBytes),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const row = (cells) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  console.log(`\nLighthouse ${lighthouseVersion()} mobile, median of ${RUNS} run(s); ${uptime()}`);
  console.log(row(header));
  console.log(row(widths.map((w) => '-'.repeat(w))));
  for (const l of lines) console.log(row(l));
  const failed = lines.filter((l) => l.some((c) => c.endsWith('FAIL'))).length;
  console.log(failed ? `\n${failed} of ${lines.length} page(s) miss a goal.` : '\nEvery goal holds.');
}

function lighthouseVersion() {
  try {
    return JSON.parse(execFileSync(process.execPath, ['-p', 'JSON.stringify(require("lighthouse/package.json"))']))
      .version;
  } catch {
    return '';
  }
}

function uptime() {
  try {
    return `machine: ${execFileSync('uptime', { encoding: 'utf8' }).trim()}`;
  } catch {
    return `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`;
  }
}

function kb(n) {
  return `${(n / 1024).toFixed(1)} KB`;
}
function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** Signs `email` in through the API, in a request context of its own: the context and its session cookie. */
async function signIn(email) {
  const api = await playwrightRequest.newContext({ baseURL: BASE, extraHTTPHeaders: { Origin: BASE } });
  const res = await api.post('/api/auth/login', { data: { email, password: PASSWORD } });
  if (res.status() !== 200) throw new Error(`sign-in of ${email}: ${res.status()} ${await res.text()}`);
  const cookies = (await api.storageState()).cookies.map((c) => `${c.name}=${c.value}`);
  if (cookies.length === 0) throw new Error(`sign-in of ${email} set no cookie`);
  return { api, cookie: cookies.join('; ') };
}

/**
 * The seeded pilot asks two demo FBOs at KSEA for an estimate: the request's id and the link mailed to the first
 * FBO (read from the dev mail catcher). Cancelled and deleted at the end.
 */
async function newEstimateRequest({ api }) {
  // The admin's FBO list names each FBO's e-mail (the public one does not); on a first start it waits for
  // svc-airports' import of KSEA.
  const admin = await signIn(ADMIN);
  const listed = await fbosAtImportedAirport('KSEA', admin.cookie, {
    say: (m) => console.log(`[bench] ${m}`),
    until: someFboEmailed(DEMO_FBO_EMAIL, 'demo FBO'),
  });
  await admin.api.dispose();
  if (listed.status !== 200) throw new Error(`GET /api/admin/fbos?airport=KSEA: ${listed.status}`);
  const fbos = listed.json.fbos.filter((f) => DEMO_FBO_EMAIL.test(f.email ?? ''));
  if (fbos.length === 0) throw new Error('no demo FBO at KSEA (development seed)');
  const id = await requestEstimates(api, fbos, {
    services: { fuelJetA: true, fuelEstimatedAmount: 300, hangar: true, hangarTypeOvernight: true },
    notes: 'bench:lighthouse',
    cleanUps,
  });
  const fbo = fbos.find((f) => f.email.startsWith('demo-fbo-ksea-2')) ?? fbos[0];
  return { quoteRequestId: id, link: await linkFromMail(api, fbo, id) };
}
