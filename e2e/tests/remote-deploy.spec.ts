import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';

// Each micro-frontend ships alone: a new mf-account build deployed to mf-account's own static host (the folder it
// serves) is what the running shell shows on the next page load; no shell or gateway build or restart. A build made
// against another shared-library version shows its own notice in its area; the rest of the site works.
// The builds are made from a copy of mf-account (the repository is never modified) and the host's folder is put
// back after each test, so the other suites see the real mf-account.

const ROOT = resolve(__dirname, '..', '..');
const LIVE = join(ROOT, 'mf-account', 'dist');
const WORK = join(ROOT, '.data', 'e2e-remote-deploy');
/** Where the live build waits while a test build is deployed (a crashed run is healed from it). */
const PARKED = join(WORK, 'live-dist');

/** Builds a copy of mf-account (production mode) after `change` edits the copy; resolves with the built folder. */
async function buildAccountVariant(variant: string, change: (dir: string) => void): Promise<string> {
  const dir = join(WORK, variant);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const entry of ['src', 'package.json', 'webpack.config.js'])
    cpSync(join(ROOT, 'mf-account', entry), join(dir, entry), { recursive: true });
  // The copy resolves its packages exactly as mf-account does.
  symlinkSync(join(ROOT, 'mf-account', 'node_modules'), join(dir, 'node_modules'), 'dir');
  change(dir);
  const cli = createRequire(join(ROOT, 'mf-account', 'package.json')).resolve('webpack-cli/bin/cli.js');
  const child = spawn(process.execPath, [cli, '--mode', 'production', '--config', join(dir, 'webpack.config.js')], {
    cwd: dir,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));
  const code = await new Promise<number | null>((done) => child.on('close', done));
  if (code !== 0) throw new Error(`building ${variant} failed (exit ${code}):\n${output}`);
  return join(dir, 'dist');
}

const edit = (file: string, from: string, to: string) => {
  const text = readFileSync(file, 'utf8');
  if (!text.includes(from)) throw new Error(`${file} no longer contains "${from}"`);
  writeFileSync(file, text.replace(from, to));
};

/** Deploys a built folder to mf-account's host: it serves the new files from the next request on. */
function deploy(dist: string) {
  if (!existsSync(PARKED)) renameSync(LIVE, PARKED);
  else rmSync(LIVE, { recursive: true, force: true });
  renameSync(dist, LIVE);
}

/** Puts the real mf-account build back on its host (also after a run that crashed mid-test). */
function restoreLive() {
  if (!existsSync(PARKED)) return;
  rmSync(LIVE, { recursive: true, force: true });
  renameSync(PARKED, LIVE);
}

/** The shell as the gateway serves it, and where /remotes.json says mf-account lives. */
async function shellAndConfig(request: APIRequestContext) {
  const page = await request.get('/', { headers: { accept: 'text/html' } });
  const remotes = (await (await request.get('/remotes.json')).json()) as { remotes: { name: string; entry: string }[] };
  const account = remotes.remotes.find((r) => r.name === 'account')!;
  return {
    shellPage: await page.text(),
    remotesJson: JSON.stringify(remotes),
    accountOrigin: new URL(account.entry).origin,
  };
}

let changedBuild = '';
let skewedBuild = '';
const stamp = `e2e-${Date.now().toString(36)}`;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  restoreLive();
  const started = Date.now();
  // Both builds at once (one per core).
  [changedBuild, skewedBuild] = await Promise.all([
    buildAccountVariant('changed', (dir) =>
      edit(join(dir, 'src', 'features', 'login', 'LoginPage.tsx'), 'Welcome Back', `Welcome Back (build ${stamp})`),
    ),
    // Built against web-kit 0.0.9: the shared singleton's requiredVersion the site (web-kit 0.1.0) does not satisfy.
    buildAccountVariant('skewed', (dir) =>
      edit(join(dir, 'package.json'), '"@rampquote/web-kit": "0.1.0"', '"@rampquote/web-kit": "0.0.9"'),
    ),
  ]);
  test.info().annotations.push({
    type: 'mf-account builds',
    description: `${((Date.now() - started) / 1000).toFixed(1)} s for two production builds in parallel`,
  });
});

test.afterEach(() => restoreLive());

test.afterAll(() => {
  restoreLive();
  rmSync(WORK, { recursive: true, force: true });
});

test('a new mf-account deployed to its own host shows on the next page load, with no shell or gateway change', async ({
  page,
  request,
  baseURL,
}) => {
  const before = await shellAndConfig(request);
  expect(before.accountOrigin).not.toBe(new URL(baseURL!).origin);
  const accountFiles: string[] = [];
  page.on('response', (res) => {
    if (new URL(res.url()).origin === before.accountOrigin) accountFiles.push(new URL(res.url()).pathname);
  });

  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome Back', exact: true })).toBeVisible();
  // mf-account comes from its host, not from the gateway.
  expect(accountFiles).toEqual(expect.arrayContaining(['/mf-manifest.json', '/remoteEntry.js']));

  deploy(changedBuild);
  await page.reload();
  await expect(page.getByRole('heading', { name: `Welcome Back (build ${stamp})` })).toBeVisible();
  await expect(page.getByLabel('Email')).toBeVisible();

  // The gateway still serves the same shell page and the same /remotes.json: nothing but mf-account's host changed.
  const after = await shellAndConfig(request);
  expect(after.shellPage).toBe(before.shellPage);
  expect(after.remotesJson).toBe(before.remotesJson);

  // Rolling back is the same: the previous folder on the host, and the next page load shows it.
  restoreLive();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome Back', exact: true })).toBeVisible();
});

test('an mf-account built against another shared-library version shows its own notice; the rest of the site works', async ({
  page,
}) => {
  deploy(skewedBuild);
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));

  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'This part of RampQuote is being updated' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /temporarily unavailable/i })).toHaveCount(0);
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();

  // The shell's own pages and the other micro-frontends keep working (mf-fbo-portal answers an unknown FBO link).
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'FAQ' }).click();
  await expect(page.getByRole('heading', { name: 'Frequently Asked Questions' })).toBeVisible();
  await page.goto('/');
  await expect(page.getByText('Ready to simplify your FBO experience?')).toBeVisible();
  await page.goto('/quote/no-such-fbo/no-such-invitation');
  await expect(page.getByText('Quote Not Found')).toBeVisible();
  expect(errors).toEqual([]);
});
