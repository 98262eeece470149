#!/usr/bin/env node
// `npm run bench:bundle`: the JavaScript two first pages really load, measured in Debian's Chromium against the
// built system as a browser receives it (every script's encoded transfer size, the browser asking for br and gzip;
// its raw size and Content-Encoding beside it):
//   1. the home page in the shell (goal <= 200 KB as received), quoted next to
//   2. the floor: a plain React + react-router + Redux page (createRoot, createBrowserRouter + RouterProvider,
//      Redux Toolkit's configureStore + react-redux's Provider), built in this same run with the bundles' own
//      webpack, resolve rules, production mode and minifier, served brotli-compressed and loaded in the same
//      browser — the home page's figure divided by it is the ratio to quote;
//   3. the FBO's e-mailed link /quote/{fboId}/{token} at the gateway (the FBO portal's standalone page, no shell
//      code; goal <= 150 KB as received), opened on a real link: the seeded pilot asks two demo FBOs for an
//      estimate, the link is read from the dev mail catcher, and the request is cancelled and deleted afterwards.
// `node scripts/bench-bundle.mjs [path]` measures another shell path instead of `/`.
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { createServer } from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { basename, join } from 'node:path';
import { chromium, request as playwrightRequest } from '@playwright/test';
import { ROOT } from './lib/system.mjs';
import { isUp, startSystem } from './lib/system-process.mjs';
import { buildStale } from './build.mjs';
import { useNode24 } from './lib/node-runtime.mjs';
import { gatewayCall } from './lib/gateway-call.mjs';
import { DEMO_FBO_EMAIL, fbosAtImportedAirport, someFboEmailed } from './lib/airport-ready.mjs';
import { linkFromMail, requestEstimates } from './lib/estimate-link.mjs';

await useNode24({ say: (m) => console.log(`[bench] ${m}`) });

const HOME_GOAL_KB = 200;
const FBO_GOAL_KB = 150;
const BASE = 'http://localhost:8080';
const path = process.argv[2] ?? '/';
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const gzip = (body) => gzipSync(body, { level: 9 }).length;
/** What the browser asks for (Chromium sends no `br` over plain http otherwise). */
const ACCEPT_ENCODING = 'br, gzip';

// Only the front-end bundles: the bench measures them (the services run from their last build).
await buildStale({ only: (b) => b.web, log: () => {} });
const floorDir = await buildFloor();
let system;
if (!(await isUp())) {
  // The bench asks for one estimate per run: the allowance of a pilot without a subscription (5 a month) must not
  // stop it (svc-quotes' plan-limit tests cover the allowance; the end-to-end suite lifts it the same way).
  process.env.NO_PLAN_MONTHLY_QUOTE_REQUESTS ??= '100000';
  system = await startSystem();
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const floorServer = await serveDir(floorDir);
try {
  const home = await measure(`${BASE}${path}`, async () => undefined);
  print(`JavaScript loaded by ${path} (shell)`, home);

  const floor = await measure(`http://127.0.0.1:${floorServer.address().port}/`, async (page) => {
    await page.getByText('Floor page').waitFor();
  });
  print('JavaScript of the floor (React + react-router + Redux Toolkit + react-redux)', floor);

  let fbo;
  let fboError;
  try {
    fbo = await measureFboStandalone();
    print(`JavaScript loaded by the FBO's link (${fbo.path}, the portal's standalone page, no shell code)`, fbo);
  } catch (err) {
    fboError = err instanceof Error ? err.message.split('\n')[0] : String(err);
  }

  console.log('\nSummary');
  console.log(
    `  home page (${path}):       ${kb(home.received).padStart(9)} received in ${home.files.length} files (goal <= ${HOME_GOAL_KB} KB)`,
  );
  console.log(`  floor, same run:        ${kb(floor.received).padStart(9)} received in ${floor.files.length} files`);
  console.log(`  ratio home / floor:     ${(home.received / floor.received).toFixed(2).padStart(9)}`);
  if (fbo)
    console.log(
      `  FBO link (standalone):  ${kb(fbo.received).padStart(9)} received in ${fbo.files.length} files (goal <= ${FBO_GOAL_KB} KB)`,
    );
  else console.log(`  FBO link (standalone):  not measured (${fboError})`);

  console.log('\nBuilt bundles (mf-manifest.json):');
  for (const dir of ['mf-account', 'mf-quotes', 'mf-fbo-portal', 'mf-admin']) {
    const file = join(ROOT, dir, 'dist', 'mf-manifest.json');
    if (!existsSync(file)) continue;
    const manifest = JSON.parse(readFileSync(file, 'utf8'));
    const entry = join(ROOT, dir, 'dist', manifest.metaData?.remoteEntry?.name ?? 'remoteEntry.js');
    const size = existsSync(entry) ? gzip(readFileSync(entry)) : 0;
    console.log(
      `  ${dir}: remote entry ${kb(size)} gzip, ${manifest.shared?.length ?? 0} shared, ${manifest.exposes?.length ?? 0} exposed`,
    );
  }
} finally {
  floorServer.close();
  await browser.close();
  rmSync(floorDir, { recursive: true, force: true });
  if (system) await system.stop();
}

function print(title, result) {
  console.log(`\n${title}:`);
  for (const r of [...result.files].sort((a, b) => b.received - a.received))
    console.log(
      `  ${kb(r.received).padStart(10)} received (${r.encoding.padEnd(8)}) ${kb(r.raw).padStart(10)} raw  ${r.url}`,
    );
  console.log(`  ${kb(result.received).padStart(10)} received in ${result.files.length} files`);
}

/** Opens `url` in a fresh page, waits for `ready` and the network to settle; every script response counted once. */
async function measure(url, ready, setup = async () => undefined) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.setExtraHTTPHeaders({ 'Accept-Encoding': ACCEPT_ENCODING });
    await setup(page);
    const files = new Map();
    page.on('response', async (res) => {
      if (res.request().resourceType() !== 'script' && !new URL(res.url()).pathname.endsWith('.js')) return;
      try {
        // The body as it came over the network (its encoded size), next to the decoded one.
        const [body, sizes] = await Promise.all([res.body(), res.request().sizes()]);
        files.set(res.url(), {
          url: res.url(),
          raw: body.length,
          received: sizes.responseBodySize,
          encoding: (await res.headerValue('content-encoding')) ?? 'none',
        });
      } catch {
        /* redirects and aborted requests have no body */
      }
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await ready(page);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    const list = [...files.values()];
    return { files: list, received: list.reduce((s, r) => s + r.received, 0) };
  } finally {
    await context.close();
  }
}

/** A real estimate link opened at the gateway (the portal's standalone page). */
async function measureFboStandalone() {
  const origin = { Origin: BASE };
  const api = await playwrightRequest.newContext({ baseURL: BASE });
  const pilot = await playwrightRequest.newContext({ baseURL: BASE, extraHTTPHeaders: origin });
  const cleanUps = [];
  try {
    // An estimate link still open in the mail catcher (an earlier run's, or the end-to-end suite's) serves as
    // well as a new one, and needs no pilot sign-in (whose rate limit repeated runs on one machine may spend).
    const link = (await openLinkFromMail(api)) ?? (await newLink(api, pilot, cleanUps));
    return await measureLink(api, link);
  } finally {
    for (const cleanUp of cleanUps) await cleanUp().catch(() => undefined);
    await pilot.dispose();
    await api.dispose();
  }
}

/** The seeded pilot asks two demo FBOs at KSEA for an estimate; the link mailed to the first one. */
async function newLink(api, pilot, cleanUps) {
  // The admin's FBO list names each FBO's e-mail (the public one does not); on a first start it waits for
  // svc-airports' import of KSEA.
  const admin = await gatewayCall('POST', '/api/auth/login', {
    body: { email: 'admin@rampquote.dev', password: 'RampQuote#2026' },
  });
  if (admin.status !== 200) throw new Error(`admin login: ${admin.status}`);
  const adminCookie = [admin.headers['set-cookie'] ?? []]
    .flat()
    .map((c) => c.split(';')[0])
    .join('; ');
  const listed = await fbosAtImportedAirport('KSEA', adminCookie, {
    say: (m) => console.log(`[bench] ${m}`),
    until: someFboEmailed(DEMO_FBO_EMAIL, 'demo FBO'),
  });
  if (listed.status !== 200) throw new Error(`GET /api/admin/fbos?airport=KSEA: ${listed.status}`);
  const fbos = listed.json.fbos.filter((f) => DEMO_FBO_EMAIL.test(f.email ?? ''));
  if (fbos.length === 0) throw new Error('no demo FBO at KSEA (development seed)');
  const login = await pilot.post('/api/auth/login', {
    data: { email: 'pilot@rampquote.dev', password: 'RampQuote#2026' },
  });
  if (login.status() !== 200) throw new Error(`pilot login: ${login.status()}`);
  const id = await requestEstimates(pilot, fbos, {
    services: {
      fuelJetA: true,
      fuelEstimatedAmount: 300,
      hangar: true,
      hangarTypeOvernight: true,
      coffee: true,
      coffeeType: 'regular',
      gpu: true,
      gpuDuration: '15',
    },
    notes: 'bench:bundle',
    cleanUps,
  });

  return await linkFromMail(api, fbos[0], id);
}

/** Newest first: a /quote/{fboId}/{token} link in the mail catcher whose estimate page is still open. */
async function openLinkFromMail(api) {
  const mails = await (await api.get('http://localhost:1080/email')).json();
  const links = mails
    .flatMap((m) =>
      [...(m.text ?? '').matchAll(/\/quote\/([0-9a-f-]{36})\/([A-Za-z0-9_-]+)/g)].map((match) => match[0]),
    )
    .reverse();
  for (const link of [...new Set(links)].slice(0, 30)) {
    const res = await api.get(`/api/fbo-quote${link.slice('/quote'.length)}`);
    if (res.ok() && (await res.json()).state === 'open') return link;
  }
  return undefined;
}

/** Opens `link` where the FBO opens it (the gateway, which answers it with the portal's standalone page). */
async function measureLink(api, link) {
  const result = await measure(
    `${BASE}${link}`,
    async (page) => {
      await page.getByRole('button', { name: 'Submit Estimate' }).waitFor({ timeout: 30_000 });
    },
    async (page) => page.setViewportSize({ width: 375, height: 812 }),
  );
  const standalone = `${BASE}/mf-fbo-portal/`;
  const foreign = result.files.filter((f) => !f.url.startsWith(standalone));
  if (foreign.length)
    throw new Error(`the link page loaded scripts from outside ${standalone}: ${foreign.map((f) => f.url).join(', ')}`);
  return { ...result, path: '/quote/:fboId/:token' };
}

/**
 * The floor page: React, react-dom/client, react-router's data router, a Redux Toolkit store and react-redux —
 * the plain page the home page is compared with — built with the bundles' own webpack, resolve rules, production mode
 * and swc minifier (libs/web-kit/build/federation.cjs).
 */
async function buildFloor() {
  const dir = mkdtempSync(join(tmpdir(), 'rampquote-floor-'));
  const src = join(dir, 'src');
  const out = join(dir, 'dist');
  // The bundles' own webpack and settings (the helper every webpack.config.js calls).
  const { webpack, resolveOptions, minimizers } = createRequire(import.meta.url)(
    '../libs/web-kit/build/federation.cjs',
  );
  mkdirSync(src);
  writeFileSync(
    join(src, 'index.js'),
    `import { createElement as h, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Link, Outlet } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { configureStore, createSlice } from '@reduxjs/toolkit';
import { Provider, useSelector } from 'react-redux';

const ui = createSlice({ name: 'ui', initialState: { title: 'Floor page' }, reducers: { rename: (s, a) => { s.title = a.payload; } } });
const store = configureStore({ reducer: { ui: ui.reducer } });
function Layout() { return h('main', null, h('nav', null, h(Link, { to: '/' }, 'Home')), h(Outlet)); }
function Home() { const title = useSelector((s) => s.ui.title); return h('h1', null, title); }
const router = createBrowserRouter([{ element: h(Layout), children: [{ index: true, element: h(Home) }, { path: '*', element: h(Home) }] }]);
createRoot(document.getElementById('root')).render(h(StrictMode, null, h(Provider, { store }, h(RouterProvider, { router }))));
`,
  );
  const compiler = webpack({
    mode: 'production',
    context: dir,
    entry: { main: join(src, 'index.js') },
    target: 'web',
    output: { path: out, filename: '[name].js', chunkFilename: '[name].[contenthash:8].js', publicPath: '/' },
    resolve: {
      ...resolveOptions(true),
      modules: [join(ROOT, 'libs/web-kit/node_modules'), join(ROOT, 'node_modules')],
    },
    optimization: { minimizer: minimizers() },
    performance: { hints: false },
  });
  await new Promise((resolve, reject) =>
    compiler.run((err, stats) => {
      if (err || stats.hasErrors()) return reject(err ?? new Error(stats.toString('errors-only')));
      compiler.close(() => resolve());
    }),
  );
  const scripts = readdirSync(out).filter((f) => f.endsWith('.js'));
  writeFileSync(
    join(out, 'index.html'),
    `<!doctype html><html><head><title>floor</title>${scripts
      .filter((f) => f === 'main.js')
      .map((f) => `<script defer src="/${f}"></script>`)
      .join('')}</head><body><div id="root"></div></body></html>`,
  );
  return dir;
}

/** A static server for the floor page (index.html for every path without a file), brotli as the hosts send it. */
function serveDir(dir) {
  const server = createServer((req, res) => {
    const name = basename(new URL(req.url, 'http://x').pathname);
    const file = join(dir, 'dist', name && existsSync(join(dir, 'dist', name)) ? name : 'index.html');
    const br = /\bbr\b/.test(req.headers['accept-encoding'] ?? '');
    res.writeHead(200, {
      'content-type': file.endsWith('.js') ? 'text/javascript' : 'text/html',
      ...(br ? { 'content-encoding': 'br', vary: 'Accept-Encoding' } : {}),
    });
    res.end(br ? brotliCompressSync(readFileSync(file)) : readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}
