#!/usr/bin/env node
// `npm test`: everything, in three lanes on a 2-core machine: two that keep the cores busy, one that mostly waits.
//   0. Node 24 LTS (fetched from the npm registry into .data/toolchain/ when this machine's node is older)
//   1. prerequisites (dependencies, PostgreSQL, RabbitMQ, Chromium, docker-compose)
//   2. the build of the shared libraries, then three lanes side by side:
//      - the build of the micro-frontends and the shell, the type check, then jest in the browser workspaces (jsdom);
//      - the build of the services and the gateway, lint, the dependency check (each workspace declares what it
//        imports and runs), the scripts' own tests, the deployment manifests' tests and the lint rules' tests
//        (node:test), then jest in the libraries, services and gateway (real PostgreSQL and RabbitMQ);
//      - once both builds are done, the end-to-end suite (Playwright in Debian's Chromium against the system started
//        as `npm start` starts it), then the proof suites over the whole system: faults (`npm run test:faults`) and
//        bad input (`npm run test:fuzz`), one system at a time.
//      Each suite has its own databases, exchanges and ports (jest's on ports the system does not use), so the lanes
//      cannot meet; the system's suites wait on the network and the browser much of their time, which the two
//      CPU lanes fill.
// Ends with one line "N passed, N failed" summing every test run. A skipped or todo test fails the run.
// Options: --skip-e2e (no system: the two lanes without their builds), --only-e2e (what is stale built, then the
// system's suites).
import { mkdirSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { ROOT } from './lib/system.mjs';
import { run, npmCmd, seconds } from './lib/run.mjs';
import {
  ensureDependencies,
  ensureChromium,
  ensureDockerCompose,
  ensurePdftotext,
  infrastructureProblems,
} from './lib/prerequisites.mjs';
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

/** Steps one after another; two lanes run side by side (their output lines carry the step's name). */
async function lane(...steps) {
  for (const s of steps) await s();
}

/** A node:test run (TAP counts added to the totals); `label` names skipped tests in the failures. */
async function nodeTests(label, files, { cwd = ROOT, prefix, env, timeoutMs } = {}) {
  const tap = join(resultsDir, `${label.replace(/\W+/g, '_')}.tap`);
  const { code } = await run(
    process.execPath,
    [
      '--test',
      '--test-concurrency=1',
      ...(timeoutMs ? [`--test-timeout=${timeoutMs}`] : []),
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      '--test-reporter=tap',
      `--test-reporter-destination=${tap}`,
      ...files,
    ],
    { cwd, prefix, env },
  );
  const tapText = existsSync(tap) ? readFileSync(tap, 'utf8') : '';
  const counts = tapText ? readTapCounts(tapText) : null;
  if (counts) {
    totals.passed += counts.passed;
    totals.failed += counts.failed;
    if (counts.skipped) failures.push(`${counts.skipped} ${label} test(s) skipped`);
    // the innermost failed tests by name (a failed suite repeats its failed test's name one level up)
    for (const m of tapText.matchAll(/^([ \t]*)not ok \d+ - (.*)$/gm)) failures.push(`  ${label}: ${m[2]}`);
  }
  return code === 0 && counts !== null && counts.passed > 0;
}

async function jestStep(ws, prefix) {
  const out = join(resultsDir, `${ws.replace(/\//g, '_')}.json`);
  await step(`jest ${ws}`, async () => {
    const { code } = await run(npmCmd, ['test', '-w', ws, '--', '--json', `--outputFile=${out}`, '--ci'], { prefix });
    const counts = readJestCounts(out);
    if (counts) {
      totals.passed += counts.passed;
      totals.failed += counts.failed;
      if (counts.skipped) failures.push(`${counts.skipped} jest test(s) skipped or todo in ${ws}`);
      for (const f of counts.failedTests) failures.push(`  ${ws}: ${f}`);
      for (const f of counts.flakyTests) say(`jest test passed only on its retry (flaky): ${f}`);
    }
    return code === 0 && counts !== null && counts.passed > 0;
  });
}

/** The titles of the Playwright tests that failed first and passed on their retry. */
function flakyTests(report) {
  const titles = [];
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? []) if (test.status === 'flaky') titles.push([...path, spec.title].join(' › '));
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, [suite.title]);
  return titles;
}

function readJestCounts(file) {
  if (!existsSync(file)) return null;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  // The failed tests by name with the first line of their message, so that the end of a long log says what failed.
  const failedTests = [];
  const flakyTests = [];
  for (const suite of r.testResults ?? []) {
    const where = relative(ROOT, suite.name ?? '');
    for (const a of suite.assertionResults ?? [])
      if (a.status === 'passed' && (a.invocations ?? 1) > 1) flakyTests.push(`${where} › ${a.fullName}`);
    if (suite.status === 'failed' && !(suite.assertionResults ?? []).some((a) => a.status === 'failed')) {
      failedTests.push(`${where}: ${firstLine(suite.message)}`);
    }
    for (const a of suite.assertionResults ?? []) {
      if (a.status === 'failed')
        failedTests.push(`${where} › ${a.fullName}: ${firstLine((a.failureMessages ?? []).join('\n'))}`);
    }
  }
  return {
    failedTests,
    flakyTests,
    passed: r.numPassedTests,
    failed: r.numFailedTests + (r.numRuntimeErrorTestSuites || 0),
    skipped: (r.numPendingTests || 0) + (r.numTodoTests || 0),
  };
}

function firstLine(text = '') {
  const plain = stripVTControlCharacters(String(text));
  return (
    plain
      .split('\n')
      .map((l) => l.trim())
      .find((l) => l && !l.startsWith('●')) ?? ''
  ).slice(0, 300);
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

/** Builds the stale packages `only` picks (scripts/build.mjs), as one step. */
async function buildStep(name, only) {
  return step(name, async () => {
    const { buildStale } = await import('./build.mjs');
    try {
      await buildStale({ only, log: (m) => console.log(`[build] ${m}`) });
      return true;
    } catch (err) {
      console.error(err.message);
      return false;
    }
  });
}

const system = !args.has('--skip-e2e');

/** The end-to-end suite, then the proof suites; each starts the system as `npm start` does, one after another. */
async function systemSuites(built) {
  const browser = await step('browser for end-to-end tests', async () => ensureChromium((m) => say(m)));
  if (browser && built) {
    const out = join(resultsDir, 'e2e.json');
    await step('end-to-end (Playwright)', async () => {
      const { code } = await run(npmCmd, ['test', '-w', 'e2e'], {
        env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: out },
        prefix: '[e2e] ',
      });
      if (existsSync(out)) {
        const { stats } = JSON.parse(readFileSync(out, 'utf8'));
        totals.passed += stats.expected + (stats.flaky || 0);
        totals.failed += stats.unexpected;
        if (stats.skipped) failures.push(`${stats.skipped} end-to-end test(s) skipped`);
        for (const title of flakyTests(JSON.parse(readFileSync(out, 'utf8'))))
          say(`end-to-end test passed only on its retry (flaky): ${title}`);
      }
      return code === 0 && existsSync(out);
    });
  }
  if (built) {
    const proof = join(ROOT, 'proof');
    await step('faults (npm run test:faults)', () =>
      nodeTests('faults', ['faults/*.test.mjs'], { cwd: proof, timeoutMs: 300_000, prefix: '[faults] ' }),
    );
    await step('bad input (npm run test:fuzz)', () =>
      nodeTests('fuzz', ['fuzz/*.test.mjs'], { cwd: proof, timeoutMs: 300_000, prefix: '[fuzz] ' }),
    );
  }
}

if (args.has('--only-e2e')) {
  await systemSuites(await buildStep('build what is stale', () => true));
} else {
  await buildStep('build the shared libraries', (b) => b.dir.startsWith('libs/'));
  // The builds start each lane, so that the system's suites run beside the checks and jest.
  let servicesBuilt = Promise.resolve(false);
  let webBuilt = Promise.resolve(false);
  const all = jestWorkspaces();
  const browserSuites = all.filter((ws) => ws === 'libs/web-kit' || ws.startsWith('mf-') || ws === 'shell');
  const nodeSuites = all.filter((ws) => !browserSuites.includes(ws));
  const short = (ws) => `[${ws.replace(/^libs\//, '')}] `;
  if (system) {
    servicesBuilt = buildStep('build the services and the gateway', (b) => !b.web);
    webBuilt = buildStep('build the micro-frontends and the shell', (b) => Boolean(b.web));
  }
  await Promise.all([
    lane(
      () => webBuilt,
      () =>
        step(
          'type check',
          async () =>
            (await run(process.execPath, [join(ROOT, 'scripts', 'typecheck.mjs')], { prefix: '[typecheck] ' })).code ===
            0,
        ),
      ...browserSuites.map((ws) => () => jestStep(ws, short(ws))),
    ),
    lane(
      () => servicesBuilt,
      () =>
        step('lint', async () => (await run(npmCmd, ['run', 'lint', '--silent'], { prefix: '[lint] ' })).code === 0),
      () =>
        step(
          'dependency check',
          async () =>
            (await run(process.execPath, [join(ROOT, 'scripts', 'check-dependencies.mjs')], { prefix: '[deps] ' }))
              .code === 0,
        ),
      () => step('docker-compose for the deployment checks', async () => ensureDockerCompose((m) => say(m))),
      () => step('pdftotext for the PDF tests', async () => ensurePdftotext((m) => say(m))),
      () =>
        step('scripts, deployment manifests and lint rules (node:test)', () =>
          nodeTests('script', ['scripts/**/*.test.mjs', 'eslint/**/*.test.mjs'], { prefix: '[node:test] ' }),
        ),
      ...nodeSuites.map((ws) => () => jestStep(ws, short(ws))),
    ),
    system && (async () => systemSuites((await servicesBuilt) && (await webBuilt)))(),
  ]);
}

finish();
