// Staleness by modification time: a package is stale when any input (its own or a dependency's) is newer
// than the stamp its last successful build wrote.
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, BUILDS, EXTRA_INPUTS } from './system.mjs';

const STAMP = '.build-stamp';

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const name of readdirSync(path)) {
    if (name === 'node_modules' || name === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, name)));
  }
  return newest;
}

function inputsOf(dir) {
  const build = BUILDS.find((b) => b.dir === dir);
  const own = (build?.inputs ?? EXTRA_INPUTS[dir] ?? ['src']).map((p) => join(ROOT, dir, p));
  return [...own, join(ROOT, dir, 'package.json')];
}

export function stampPath(build) {
  return join(ROOT, build.dir, build.output, STAMP);
}

export function isStale(build) {
  const stamp = stampPath(build);
  if (!existsSync(stamp)) return true;
  const built = statSync(stamp).mtimeMs;
  const dirs = [build.dir, ...(build.deps ?? [])];
  return dirs.some((d) => inputsOf(d).some((p) => newestMtime(p) > built));
}

export function writeStamp(build) {
  writeFileSync(stampPath(build), new Date().toISOString() + '\n');
}
