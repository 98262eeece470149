// typecheck-groups.mjs on workspaces made for the test: which are checked together, and that an error in any of them
// is still reported with its file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkGroup, groupName, typecheckGroups } from './typecheck-groups.mjs';

function workspaces(files) {
  const root = mkdtempSync(join(tmpdir(), 'rq-typecheck-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), typeof text === 'string' ? text : JSON.stringify(text));
  }
  return root;
}

const BASE = {
  compilerOptions: { strict: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'bundler', types: [] },
};

test('workspaces with the same options are one program, whatever their emit options; others one each', (t) => {
  const root = workspaces({
    'tsconfig.base.json': BASE,
    'a/tsconfig.json': { extends: '../tsconfig.base.json', compilerOptions: { outDir: 'dist' }, include: ['src'] },
    'a/src/index.ts': 'export const a = 1;\n',
    'libs/b/tsconfig.json': {
      extends: '../../tsconfig.base.json',
      compilerOptions: { noEmit: true },
      include: ['src'],
    },
    'libs/b/src/index.ts': 'export const b = 2;\n',
    'c/tsconfig.json': {
      extends: '../tsconfig.base.json',
      compilerOptions: { noImplicitReturns: true },
      include: ['src'],
    },
    'c/src/index.ts': 'export const c = 3;\n',
  });
  t.after(() => rmSync(root, { recursive: true, force: true }));
  const groups = typecheckGroups(['a', 'libs/b', 'c'].map((ws) => join(root, ws, 'tsconfig.json')));
  assert.deepEqual(
    groups.map((g) => groupName(g, root)),
    ['a, libs/b', 'c'],
  );
  assert.deepEqual(groups[0].fileNames.map((f) => f.slice(root.length + 1)).sort(), [
    'a/src/index.ts',
    'libs/b/src/index.ts',
  ]);
  for (const group of groups) assert.equal(checkGroup(group, root).errors, 0);
});

test("two entry scripts' top-level names do not clash in a shared program, and each workspace's errors are reported", (t) => {
  const root = workspaces({
    'tsconfig.base.json': BASE,
    'a/tsconfig.json': { extends: '../tsconfig.base.json', include: ['src'] },
    'a/src/index.ts': "const root = document.body;\nconst total: number = 'none';\n",
    'b/tsconfig.json': { extends: '../tsconfig.base.json', include: ['src'] },
    'b/src/index.ts': 'const root = document.body;\n',
  });
  t.after(() => rmSync(root, { recursive: true, force: true }));
  const [group, ...rest] = typecheckGroups(['a', 'b'].map((ws) => join(root, ws, 'tsconfig.json')));
  assert.equal(rest.length, 0);
  const { files, errors, output } = checkGroup(group, root);
  assert.equal(files, 2);
  assert.equal(errors, 1);
  assert.match(output, /^a\/src\/index\.ts\(2,7\): error TS2322: Type 'string' is not assignable to type 'number'\./m);
});

test('paths that name the same file from different folders count as the same option', (t) => {
  const root = workspaces({
    'tsconfig.base.json': BASE,
    'libs/contracts/src/index.ts': 'export const shared = 1;\n',
    'app/tsconfig.json': {
      extends: '../tsconfig.base.json',
      compilerOptions: { paths: { '@x/contracts': ['../libs/contracts/src/index.ts'] } },
      include: ['src'],
    },
    'app/src/index.ts': "import { shared } from '@x/contracts';\nexport const n: number = shared;\n",
    'libs/kit/tsconfig.json': {
      extends: '../../tsconfig.base.json',
      compilerOptions: { paths: { '@x/contracts': ['../contracts/src/index.ts'] } },
      include: ['src'],
    },
    'libs/kit/src/index.ts': "import { shared } from '@x/contracts';\nexport const s: string = shared;\n",
  });
  t.after(() => rmSync(root, { recursive: true, force: true }));
  const groups = typecheckGroups(['app', 'libs/kit'].map((ws) => join(root, ws, 'tsconfig.json')));
  assert.equal(groups.length, 1);
  const { errors, output } = checkGroup(groups[0], root);
  assert.equal(errors, 1);
  assert.match(
    output,
    /^libs\/kit\/src\/index\.ts\(2,14\): error TS2322: Type 'number' is not assignable to type 'string'\./m,
  );
});
