#!/usr/bin/env node
// `npm run build`: builds every package whose sources changed since its last build, in dependency order.
// `--all` rebuilds everything. Exits non-zero on the first failed build.
import { pathToFileURL } from 'node:url';
import { BUILDS } from './lib/system.mjs';
import { isStale, writeStamp } from './lib/build-stamps.mjs';
import { run, npmCmd, seconds } from './lib/run.mjs';
import { useNode24 } from './lib/node-runtime.mjs';

export async function buildStale({ all = false, only = () => true, log = console.log } = {}) {
  const started = Date.now();
  let built = 0;
  for (const build of BUILDS.filter(only)) {
    if (!all && !isStale(build)) continue;
    const t = Date.now();
    log(`building ${build.dir} ...`);
    const { code, output } = await run(npmCmd, ['run', 'build', '-w', build.dir, '--silent'], { quiet: true });
    if (code !== 0) {
      process.stderr.write(output);
      throw new Error(`build of ${build.dir} failed (exit ${code})`);
    }
    writeStamp(build);
    built += 1;
    log(`built ${build.dir} in ${seconds(t)} s`);
  }
  log(built ? `built ${built} package(s) in ${seconds(started)} s` : 'everything is up to date');
  return built;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  await useNode24({ say: (m) => console.log(`[build] ${m}`) });
  buildStale({ all: process.argv.includes('--all') }).catch((err) => {
    console.error(err.message);
    process.exit(1);
  });
}
