// node:test for scripts/check-dependencies.mjs (run by `npm test`, or `node --test scripts/check-dependencies.test.mjs`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { binariesIn, checkPackage, packageNameOf, specifiersIn, typesPackageOf } from './check-dependencies.mjs';

test('names the package of a specifier and leaves out relative paths and built-in modules', () => {
  assert.equal(packageNameOf('react-dom/client'), 'react-dom');
  assert.equal(packageNameOf('@rampquote/web-kit/build/federation.cjs'), '@rampquote/web-kit');
  assert.equal(packageNameOf('zod'), 'zod');
  for (const notAPackage of ['./x', '../jest.preset', '/abs/file.js', 'node:fs', 'fs', 'fs/promises', 'C:\\x\\y.js']) {
    assert.equal(packageNameOf(notAPackage), null, notAPackage);
  }
  assert.equal(typesPackageOf('node'), '@types/node');
  assert.equal(typesPackageOf('@scope/pkg'), '@types/scope__pkg');
});

test('finds every way a file can name a module, type-only imports included', () => {
  const text = `
    import a from 'a';
    import type { B } from 'b/sub';
    export { c } from '@s/c';
    import d = require('d');
    const e = require('e');
    const f = require.resolve('f/package.json');
    const g = require.resolve('g', { paths: [somewhere] }); // another package's dependency: not this one's
    jest.mock('h');
    const i = await import('i');
    let j: import('j').J;
    // import k from 'k' in a comment is not an import
    const text = "require('l') in a string is not one either";
  `;
  const found = specifiersIn(text, 'file.ts').map((s) => s.specifier);
  assert.deepEqual(found.sort(), ['@s/c', 'a', 'b/sub', 'd', 'e', 'f/package.json', 'h', 'i', 'j']);
});

test('reads the binaries a package.json script runs', () => {
  assert.deepEqual(binariesIn('jest --runInBand'), ['jest']);
  assert.deepEqual(binariesIn('webpack --mode production'), ['webpack']);
  assert.deepEqual(binariesIn('webpack serve --mode development'), ['webpack serve']);
  assert.deepEqual(binariesIn('tsc -p tsconfig.build.json && node dist/main.js'), ['tsc']);
  assert.deepEqual(binariesIn('NODE_ENV=test npx playwright test | cat'), ['playwright']);
  assert.deepEqual(binariesIn('node scripts/x.mjs; ./bin/run.sh'), []);
});

test('reports each undeclared import and tool of a package, with the file that needs it', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'check-deps-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, 'src'));
  mkdirSync(join(dir, 'dist'));
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({
      name: '@fx/app',
      scripts: {
        build: 'webpack --mode production',
        test: 'jest',
        typecheck: 'tsc --noEmit',
        odd: 'not-a-tool-anywhere',
      },
      dependencies: { react: '1' },
      devDependencies: { jest: '1', webpack: '1' },
    }),
  );
  writeFileSync(
    join(dir, 'src', 'index.ts'),
    `import React from 'react';\nimport { z } from 'zod';\nimport { self } from '@fx/app/other';\nimport './local';\n`,
  );
  writeFileSync(
    join(dir, 'src', 'index.spec.ts'),
    `import type { Page } from '@playwright/test';\nimport { readFileSync } from 'node:fs';\n`,
  );
  writeFileSync(join(dir, 'dist', 'index.js'), `require('built-output-is-not-checked');\n`);
  const bins = new Map([
    ['jest', new Set(['jest'])],
    ['webpack', new Set(['webpack'])],
    ['tsc', new Set(['typescript'])],
  ]);

  const problems = await checkPackage({ dir, bins, tsconfigs: false });
  const byName = Object.fromEntries(problems.map((p) => [p.name, p]));

  assert.deepEqual(Object.keys(byName).sort(), [
    '@playwright/test',
    'not-a-tool-anywhere',
    'typescript',
    'webpack-cli',
    'zod',
  ]);
  assert.match(byName.zod.file, /src\/index\.ts$/);
  assert.equal(byName.zod.why, "imports 'zod'");
  assert.match(byName['@playwright/test'].file, /src\/index\.spec\.ts$/);
  assert.equal(byName.typescript.why, `script "typecheck" runs 'tsc'`);
  assert.match(byName['webpack-cli'].why, /hands its work to webpack-cli/);
  assert.match(byName['not-a-tool-anywhere'].why, /no installed package provides/);
});

test('passes a package that declares everything it uses', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'check-deps-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({
      name: 'ok',
      scripts: { test: 'jest' },
      dependencies: { zod: '1' },
      peerDependencies: { jest: '1' },
    }),
  );
  writeFileSync(join(dir, 'index.mjs'), `import { z } from 'zod';\nimport { join } from 'node:path';\n`);
  assert.deepEqual(await checkPackage({ dir, bins: new Map([['jest', new Set(['jest'])]]), tsconfigs: false }), []);
});
