#!/usr/bin/env node
// `npm run typecheck`: every workspace that has a tsconfig.json, type-checked with no output files. Workspaces whose
// options agree are checked together in one program (scripts/lib/typecheck-groups.mjs); the programs run two at a
// time, each in a process of its own.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './lib/system.mjs';
import { run } from './lib/run.mjs';
import { useNode24 } from './lib/node-runtime.mjs';
import { checkGroup, groupName, typecheckGroups } from './lib/typecheck-groups.mjs';

const onlyAt = process.argv.indexOf('--only');
if (onlyAt >= 0) {
  // One group, in this process: the configs given, comma-separated.
  const [group] = typecheckGroups(process.argv[onlyAt + 1].split(','));
  const { files, errors, output } = checkGroup(group, ROOT);
  process.stdout.write(output);
  console.log(`${files} files, ${errors} error(s)`);
  process.exit(errors ? 1 : 0);
}

await useNode24({ say: (m) => console.log(`[typecheck] ${m}`) });

const workspaces = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).workspaces;
const configs = workspaces.map((ws) => join(ROOT, ws, 'tsconfig.json')).filter((c) => existsSync(c));
const queue = typecheckGroups(configs);
const failed = [];
async function worker() {
  while (queue.length) {
    const group = queue.shift();
    const name = groupName(group, ROOT);
    const started = Date.now();
    const { code, output } = await run(
      process.execPath,
      [join(ROOT, 'scripts', 'typecheck.mjs'), '--only', group.configs.join(',')],
      { quiet: true },
    );
    console.log(`typecheck ${name}: ${code === 0 ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    if (code !== 0) {
      process.stdout.write(output);
      failed.push(name);
    }
  }
}
await Promise.all([worker(), worker()]);
process.exit(failed.length ? 1 : 0);
