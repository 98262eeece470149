#!/usr/bin/env node
// `npm run typecheck`: tsc --noEmit for every workspace that has a tsconfig.json (two at a time).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './lib/system.mjs';
import { run } from './lib/run.mjs';
import { useNode24 } from './lib/node-runtime.mjs';

await useNode24({ say: (m) => console.log(`[typecheck] ${m}`) });

const workspaces = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).workspaces;
const targets = workspaces.filter((ws) => existsSync(join(ROOT, ws, 'tsconfig.json')));
const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const failed = [];
const queue = [...targets];
async function worker() {
  while (queue.length) {
    const ws = queue.shift();
    const { code, output } = await run(process.execPath, [tsc, '-p', join(ws, 'tsconfig.json'), '--noEmit'], {
      quiet: true,
    });
    console.log(`typecheck ${ws}: ${code === 0 ? 'ok' : 'FAILED'}`);
    if (code !== 0) {
      process.stdout.write(output);
      failed.push(ws);
    }
  }
}
await Promise.all([worker(), worker()]);
process.exit(failed.length ? 1 : 0);
