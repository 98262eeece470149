#!/usr/bin/env node
// `npm test`: everything, in the order that fails fastest.
//   0. Node 24 LTS (fetched from the npm registry into .data/toolchain/ when this machine's node is older)
//   1. prerequisites (dependencies, PostgreSQL, RabbitMQ, Chromium)
//   2. type check, lint, the dependency check (each workspace declares what it imports and runs), the scripts' own
//      tests and the lint rules' tests (node:test)
//   3. unit and integration tests of every workspace whose "test" script runs jest (real PostgreSQL and RabbitMQ)
//   4. build what is stale, then the end-to-end suite (Playwright in Debian's Chromium against the system
//      started as `npm start` starts it)
// Ends with one line "N passed, N failed" summing every test run. A skipped or todo test fails the run.
// Options: --skip-e2e, --only-e2e.
import { mkdirSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './lib/system.mjs';
import { run, npmCmd, seconds } from './lib/run.mjs';
import { ensureDependencies, ensureChromium, infrastructureProblems } from './lib/prerequisites.mjs';
import { useNode24 } from './lib/node-runtime.mjs';
import { jestWorkspaces } from './lib/workspaces.mjs';

await useNode24({ say: (m) => console.log(`[test] ${m}`) });

const args = new Set(process.argv.slice(2));
const started = Date.now();
const say = (msg) => console.log(`\n[test] ${msg}`);
const totals = { passed: 0, failed: 0 };
const failures = [];
const resultsDir = join(ROOT, '.data', 'test-results');

function finish() {
  const line = `${totals.passed} passed, ${totals.failed} failed`;
  say(`finished in ${seconds(started)} s`);
  if (failures.length) console.log(`\nFailed steps:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
  console.log(`\n${line}`);
  process.exit(failures.length || totals.failed ? 1 : 0);
}

async function step(name, fn) {
  const t = Date.now();
  say(`${name} ...`);
  const ok = await fn();
  if (!ok) failures.push(name);
  console.log(`[test] ${name}: ${ok ? 'ok' : 'FAILED'} (${seconds(t)} s)`);
  return ok;
}

function readJestCounts(file) {
  if (!existsSync(file)) return null;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  return {
    passed: r.numPassedTests,
    failed: r.numFailedTests + (r.numRuntimeErrorTestSuites || 0),
    skipped: (r.numPendingTests || 0) + (r.numTodoTests || 0),
  };
}

/** Counts of a node:test run from its TAP summary ("# pass 3", "# fail 0", "# skipped 0", "# todo 0"). */
function readTapCounts(output) {
  const count = (name) => Number(new RegExp(`^# ${name} (\\d+)$`, 'm').exec(output)?.[1] ?? NaN);
  const counts = { passed: count('pass'), failed: count('fail'), skipped: count('skipped') + count('todo') };
  return Object.values(counts).some(Number.isNaN) ? null : counts;
}

// 1. prerequisites
if (!ensureDependencies((m) => say(m))) {
  failures.push('install dependencies');
  finish();
}
const problems = await infrastructureProblems();
if (problems.length) {
  console.error(`\n${problems.join('\n\n')}\n`);
  failures.push('PostgreSQL and RabbitMQ must be running');
  finish();
}
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

if (!args.has('--only-e2e')) {
  // 2. static checks (the libraries' declarations come from their builds)
  await step('build the shared libraries', async () => {
    const { buildStale } = await import('./build.mjs');
    try {
      await buildStale({ only: (b) => b.dir.startsWith('libs/'), log: (m) => console.log(`[test] ${m}`) });
      return true;
    } catch (err) {
      console.error(err.message);
      return false;
    }
  });
  await step('type check', async () => (await run(process.execPath, [join(ROOT, 'scripts', 'typecheck.mjs')])).code === 0);
  await step('lint', async () => (await run(npmCmd, ['run', 'lint', '--silent'])).code === 0);
  await step('dependency check', async () => (await run(process.execPath, [join(ROOT, 'scripts', 'check-dependencies.mjs')])).code === 0);
  await step('scripts and lint rules (node:test)', async () => {
    const tap = join(resultsDir, 'scripts.tap');
    const { code } = await run(process.execPath, [
      '--test', '--test-reporter=spec', '--test-reporter-destination=stdout', '--test-reporter=tap', `--test-reporter-destination=${tap}`,
      'scripts/**/*.test.mjs',
      'eslint/**/*.test.mjs',
    ]);
    const counts = existsSync(tap) ? readTapCounts(readFileSync(tap, 'utf8')) : null;
    if (counts) {
      totals.passed += counts.passed;
      totals.failed += counts.failed;
      if (counts.skipped) failures.push(`${counts.skipped} script test(s) skipped`);
    }
    return code === 0 && counts !== null && counts.passed > 0;
  });

  // 3. unit and integration tests, one workspace at a time (2 cores; integration suites use real services)
  for (const ws of jestWorkspaces()) {
    const out = join(resultsDir, `${ws.replace(/\//g, '_')}.json`);
    await step(`jest ${ws}`, async () => {
      const { code } = await run(npmCmd, ['test', '-w', ws, '--', '--json', `--outputFile=${out}`, '--ci']);
      const counts = readJestCounts(out);
      if (counts) {
        totals.passed += counts.passed;
        totals.failed += counts.failed;
        if (counts.skipped) failures.push(`${counts.skipped} jest test(s) skipped or todo in ${ws}`);
      }
      return code === 0 && counts !== null && counts.passed > 0;
    });
  }
}

if (!args.has('--skip-e2e')) {
  // 4. end to end
  const browser = await step('browser for end-to-end tests', async () => ensureChromium((m) => say(m)));
  const built = await step('build what is stale', async () => (await run(process.execPath, [join(ROOT, 'scripts', 'build.mjs')])).code === 0);
  if (browser && built) {
    const out = join(resultsDir, 'e2e.json');
    await step('end-to-end (Playwright)', async () => {
      const { code } = await run(npmCmd, ['test', '-w', 'e2e'], { env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: out } });
      if (existsSync(out)) {
        const { stats } = JSON.parse(readFileSync(out, 'utf8'));
        totals.passed += stats.expected + (stats.flaky || 0);
        totals.failed += stats.unexpected;
        if (stats.skipped) failures.push(`${stats.skipped} end-to-end test(s) skipped`);
      }
      return code === 0 && existsSync(out);
    });
  }
}

finish();
