#!/usr/bin/env node
// `npm run bench:bundle`: what the home page really loads, measured in Debian's Chromium against the built
// system: every JavaScript file (raw and gzip -9 bytes) and the total of all responses (images, video,
// styles included). Also lists each built bundle's entry files from its mf-manifest.json for reference.
// Goal: home page JavaScript at most 500 KB gzip.
import { gzipSync } from 'node:zlib';
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { ROOT } from './lib/system.mjs';
import { isUp, startSystem } from './lib/system-process.mjs';
import { buildStale } from './build.mjs';
import { useNode24 } from './lib/node-runtime.mjs';

await useNode24({ say: (m) => console.log(`[bench] ${m}`) });

const path = process.argv[2] ?? '/';
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

await buildStale({ log: () => {} });
let system;
if (!(await isUp())) system = await startSystem();

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  const page = await browser.newPage();
  const loaded = [];
  page.on('response', async (res) => {
    try {
      const body = await res.body();
      loaded.push({ url: new URL(res.url()).pathname, type: res.request().resourceType(), raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
    } catch {
      /* redirects and aborted requests have no body */
    }
  });
  await page.goto(`http://localhost:8080${path}`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);

  const js = loaded.filter((r) => r.type === 'script' || r.url.endsWith('.js'));
  const jsGzip = js.reduce((s, r) => s + r.gzip, 0);
  const totalRaw = loaded.reduce((s, r) => s + r.raw, 0);
  console.log(`JavaScript loaded by ${path}:`);
  for (const r of js.sort((a, b) => b.gzip - a.gzip)) console.log(`  ${kb(r.gzip).padStart(10)} gzip  ${kb(r.raw).padStart(10)} raw  ${r.url}`);
  console.log(`\nhome page JavaScript: ${kb(jsGzip)} gzip in ${js.length} files (goal <= 500 KB)`);
  console.log(`all first-load responses: ${kb(totalRaw)} raw in ${loaded.length} responses`);

  console.log('\nBuilt bundles (mf-manifest.json):');
  for (const dir of ['mf-account', 'mf-quotes', 'mf-fbo-portal', 'mf-admin']) {
    const file = join(ROOT, dir, 'dist', 'mf-manifest.json');
    if (!existsSync(file)) continue;
    const manifest = JSON.parse(readFileSync(file, 'utf8'));
    const entry = join(ROOT, dir, 'dist', manifest.metaData?.remoteEntry?.name ?? 'remoteEntry.js');
    const size = existsSync(entry) ? gzipSync(readFileSync(entry), { level: 9 }).length : 0;
    console.log(`  ${dir}: remote entry ${kb(size)} gzip, ${manifest.shared?.length ?? 0} shared, ${manifest.exposes?.length ?? 0} exposed`);
  }
} finally {
  await browser.close();
  if (system) await system.stop();
}
