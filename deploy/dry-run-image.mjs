#!/usr/bin/env node
// Runs a Dockerfile of this repository without a Docker engine, to check that it builds from the files it copies
// and to measure what it adds to its base image:
//
//   node deploy/dry-run-image.mjs svc-fleet [mf-account gateway ...] [--keep] [--context=DIR]
//   node deploy/dry-run-image.mjs --build-arg SERVICE=svc-fleet deploy/docker/service.Dockerfile
//
// A slice's name stands for its Dockerfile with its build arguments (imageOf).
// --context: another build context (e.g. a `git archive` of a commit) instead of the repository's working tree.
// Each stage is a folder under $TMPDIR/rampquote-dry-run/<image>/<stage>; FROM <earlier stage> starts from a copy of
// it, FROM <image> from an empty folder (the base image's own files are not there: RUN commands use this
// machine's node and npm, which must be Node 24 as in the images). COPY honours .dockerignore; RUN runs with `sh -c`
// in the stage's WORKDIR. Only the instructions the repository's Dockerfiles use are understood (ARG, FROM, WORKDIR,
// COPY [--from], RUN, ENV, USER, EXPOSE, HEALTHCHECK, CMD). Prints, per image, the size of what the final stage adds
// (node_modules, dist and the rest) in MB; the image size is that plus the base image's size.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { dirname, join, matchesGlob, relative, resolve } from 'node:path';
import { tmpdir } from 'node:os';

const REPO = resolve(import.meta.dirname, '..');
let ROOT = REPO;

/** The instructions of a Dockerfile: continuation lines joined, comments dropped. */
export function parseDockerfile(text) {
  const lines = text.replace(/\\\r?\n/g, ' ').split(/\r?\n/);
  return lines
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => {
      const op = /^\S+/.exec(l)[0];
      const rest = l.slice(op.length).trimStart();
      return { op: op.toUpperCase(), args: rest };
    });
}

/** The Dockerfile a slice's image is built from, and the build arguments that name the slice in it. */
export function imageOf(slice) {
  if (slice.startsWith('svc-')) return { dockerfile: 'deploy/docker/service.Dockerfile', args: { SERVICE: slice } };
  if (slice.startsWith('mf-')) return { dockerfile: 'deploy/docker/remote.Dockerfile', args: { REMOTE: slice } };
  return { dockerfile: `${slice}/Dockerfile`, args: {} };
}

/** COPY's flags and paths: `COPY --from=build a b dest` → { from: 'build', sources: ['a','b'], dest }. */
export function parseCopy(args) {
  const words = args.split(/\s+/);
  const flags = {};
  while (words[0]?.startsWith('--')) {
    const [k, v] = words.shift().slice(2).split('=');
    flags[k] = v;
  }
  const dest = words.pop();
  return { from: flags.from, sources: words, dest };
}

function dockerignore() {
  const file = join(ROOT, '.dockerignore');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
}

function ignored(relPath, patterns) {
  return patterns.some((p) => matchesGlob(relPath, p) || matchesGlob(relPath, `${p}/**`));
}

function copyInto(src, dest, filter) {
  const isDir = statSync(src).isDirectory();
  mkdirSync(isDir ? dest : dirname(dest), { recursive: true });
  cpSync(src, dest, { recursive: true, filter, verbatimSymlinks: true });
}

/** Apparent size in bytes (`du -sb`) of a folder, or of every node_modules folder in it. */
function duBytes(path, { nodeModulesOnly = false } = {}) {
  const script = nodeModulesOnly
    ? 'find . -type d -name node_modules -prune -print0 | du -cb --files0-from=- | tail -n 1 | cut -f1'
    : 'du -sb . | cut -f1';
  return Number(execFileSync('sh', ['-c', script], { cwd: path }).toString().trim()) || 0;
}

const mb = (bytes) => (bytes / 1e6).toFixed(1);

export function dryRun(dockerfile, { keep = false, context = REPO, buildArgs = {}, image, log = console.log } = {}) {
  ROOT = resolve(context);
  image ??= dirname(relative(ROOT, resolve(ROOT, dockerfile))) || 'root';
  const work = join(tmpdir(), 'rampquote-dry-run', image);
  rmSync(work, { recursive: true, force: true });
  const patterns = dockerignore();
  const args = { ...buildArgs };
  const stages = [];
  let stage;
  const sub = (s) => s.replace(/\$\{(\w+)\}|\$(\w+)/g, (_, a, b) => args[a ?? b] ?? stage?.env[a ?? b] ?? '');
  const inStage = (p) => join(stage.root, p.startsWith('/') ? p : join(stage.workdir, p));

  for (const { op, args: raw } of parseDockerfile(readFileSync(resolve(ROOT, dockerfile), 'utf8'))) {
    const text = sub(raw);
    if (op === 'ARG') {
      const [k, v] = text.split('=');
      args[k] = k in buildArgs ? buildArgs[k] : (v ?? args[k]);
    } else if (op === 'FROM') {
      const [from, , name] = text.split(/\s+/);
      const previous = stages.find((s) => s.name === from);
      const root = join(work, name ?? `stage-${stages.length}`);
      if (previous) cpSync(previous.root, root, { recursive: true, verbatimSymlinks: true });
      else mkdirSync(root, { recursive: true });
      stage = {
        name,
        root,
        base: previous ? previous.base : from,
        workdir: previous?.workdir ?? '/',
        env: { ...(previous?.env ?? {}) },
      };
      stages.push(stage);
    } else if (op === 'WORKDIR') {
      stage.workdir = text;
      mkdirSync(inStage('.'), { recursive: true });
    } else if (op === 'ENV') {
      for (const m of text.matchAll(/(?<!\w)(\w+)=(\S+)/g)) stage.env[m[1]] = m[2];
    } else if (op === 'COPY') {
      const { from, sources, dest } = parseCopy(text);
      for (const source of sources) {
        const fromRoot = from ? stages.find((s) => s.name === from)?.root : ROOT;
        if (!fromRoot) throw new Error(`${dockerfile}: COPY --from=${from}: no such stage`);
        const src = from ? join(fromRoot, source) : join(ROOT, source);
        if (!existsSync(src))
          throw new Error(
            `${dockerfile}: COPY ${source}: not found${from ? ` in stage ${from}` : ' in the build context'}`,
          );
        const target =
          dest.endsWith('/') && !statSync(src).isDirectory()
            ? join(inStage(dest), source.split('/').pop())
            : inStage(dest);
        const filter = from ? undefined : (p) => !ignored(relative(ROOT, p), patterns) || p === ROOT;
        copyInto(src, target, filter);
      }
    } else if (op === 'RUN') {
      log(`[${image}/${stage.name ?? 'final'}] RUN ${text}`);
      execFileSync('sh', ['-c', text], {
        cwd: inStage('.'),
        stdio: ['ignore', 'inherit', 'inherit'],
        env: { ...process.env, ...stage.env, NODE_ENV: stage.env.NODE_ENV ?? '' },
      });
    }
  }
  const final = stages.at(-1);
  const app = inStage('.');
  const total = duBytes(final.root);
  const nm = duBytes(app, { nodeModulesOnly: true });
  const result = {
    image,
    base: final.base,
    addedMB: mb(total),
    nodeModulesMB: mb(nm),
    otherMB: mb(total - nm),
    dir: final.root,
  };
  if (!keep) rmSync(work, { recursive: true, force: true });
  return result;
}

if (import.meta.main) {
  const argv = process.argv.slice(2);
  const buildArgs = {};
  const targets = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--build-arg') {
      const [name, ...value] = argv[++i].split('=');
      buildArgs[name] = value.join('=');
    } else if (!argv[i].startsWith('--')) targets.push(argv[i]);
  }
  const keep = argv.includes('--keep');
  const context = argv.find((a) => a.startsWith('--context='))?.slice('--context='.length) ?? REPO;
  const results = targets.map((t) => {
    if (/Dockerfile$/i.test(t)) return dryRun(t, { keep, context, buildArgs });
    const { dockerfile, args } = imageOf(t);
    return dryRun(dockerfile, { keep, context, buildArgs: { ...args, ...buildArgs }, image: t });
  });
  console.log('\nimage\tbase\tadded MB\tnode_modules MB\tdist and other MB');
  for (const r of results) console.log(`${r.image}\t${r.base}\t${r.addedMB}\t${r.nodeModulesMB}\t${r.otherMB}`);
}
