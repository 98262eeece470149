// Checks of the container images (one Dockerfile per kind of slice, deploy/docker/, and the gateway's own) and of
// docker-compose.yml, used by scripts/deploy-manifests.test.mjs. Every check returns a list of problems (empty: fine).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { imageOf, parseCopy, parseDockerfile } from '../dry-run-image.mjs';

export { imageOf };

/** Files at the repository root any image may copy: the npm workspace manifests and the shared compiler options. */
export const ROOT_FILES = ['package.json', 'package-lock.json', 'tsconfig.base.json'];
/** What a slice's image may take besides its own folder and the libraries it declares. */
export const EXTRA_SOURCES = {
  gateway: ['shell'], // the gateway serves the shell
  'mf-account': ['scripts/static-host'], // the static host of every micro-frontend
  'mf-quotes': ['scripts/static-host'],
  'mf-fbo-portal': ['scripts/static-host'],
  'mf-admin': ['scripts/static-host'],
};

/** A Dockerfile's text with the given build arguments written in (`${NAME}` and `$NAME`). */
export function withBuildArgs(text, args) {
  let out = text;
  for (const [name, value] of Object.entries(args))
    out = out.replaceAll(`\${${name}}`, value).replace(new RegExp(`\\$${name}\\b`, 'g'), value);
  return out;
}

/** Workspace folder of each package name (`@rampquote/contracts` → `libs/contracts`). */
export function workspaceDirs(root) {
  const { workspaces } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  return new Map(
    workspaces
      .filter((w) => existsSync(join(root, w, 'package.json')))
      .map((w) => [JSON.parse(readFileSync(join(root, w, 'package.json'), 'utf8')).name, w]),
  );
}

/** The workspace folders a workspace uses, itself included: its @rampquote/* dependencies, transitively. */
export function workspaceClosure(root, dir, dirs = workspaceDirs(root), seen = new Set()) {
  if (seen.has(dir)) return seen;
  seen.add(dir);
  const pkg = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
  for (const name of Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })) {
    if (dirs.has(name)) workspaceClosure(root, dirs.get(name), dirs, seen);
  }
  return seen;
}

const within = (path, dir) => path === dir || path.startsWith(`${dir}/`);
const normal = (p) => p.replace(/^\.\//, '').replace(/\/$/, '');

/**
 * Problems of a slice's image: its Dockerfile with the slice's build arguments. `kind`: 'node' (a service or the
 * gateway) or 'static' (a micro-frontend host). `text`: another Dockerfile text to check instead (tests).
 */
export function dockerfileProblems(root, slice, kind, text) {
  const problems = [];
  const { dockerfile, args: buildArgs } = imageOf(slice);
  const where = `${dockerfile} (${slice})`;
  text = withBuildArgs(text ?? readFileSync(join(root, dockerfile), 'utf8'), buildArgs);
  const instructions = parseDockerfile(text);
  const allowedDirs = [...workspaceClosure(root, slice)];
  for (const extra of EXTRA_SOURCES[slice] ?? []) {
    allowedDirs.push(extra);
    if (existsSync(join(root, extra, 'package.json'))) allowedDirs.push(...workspaceClosure(root, extra));
  }
  const args = Object.fromEntries(instructions.filter((i) => i.op === 'ARG').map((i) => i.args.split('=')));
  const sub = (s) => s.replace(/\$\{(\w+)\}/g, (_, n) => args[n] ?? '');

  for (const { op, args: raw } of instructions) {
    if (op === 'COPY' || op === 'ADD') {
      const { from, sources } = parseCopy(raw);
      if (op === 'ADD') problems.push(`${where}: ADD ${raw} (use COPY)`);
      if (from) continue;
      for (const source of sources.map(normal)) {
        if (source === '.' || source === '') problems.push(`${where}: COPY of the whole build context`);
        else if (!ROOT_FILES.includes(source) && !allowedDirs.some((d) => within(source, d))) {
          problems.push(
            `${where}: copies ${source}, which is neither ${slice}, a library it declares (${allowedDirs.join(', ')}) nor a root manifest`,
          );
        }
      }
    }
    if (op === 'RUN') {
      for (const m of raw.matchAll(/(?:-w|--workspace)[ =](\S+)/g)) {
        if (!allowedDirs.includes(normal(m[1])))
          problems.push(`${where}: RUN works on workspace ${m[1]}, not part of ${slice}`);
      }
    }
  }
  const froms = instructions.filter((i) => i.op === 'FROM').map((i) => sub(i.args).split(/\s+/)[0]);
  const finalBase = froms.at(-1);
  const finalIndex = instructions.map((i) => i.op).lastIndexOf('FROM');
  const finalStage = instructions.slice(finalIndex);
  if (!/^node:24([.-]|$)/.test(finalBase ?? ''))
    problems.push(`${where}: the image must run on node:24 (is ${finalBase})`);
  const user = finalStage.filter((i) => i.op === 'USER').at(-1)?.args;
  if (!user || /^(root|0)(:|$)/.test(user)) problems.push(`${where}: the final stage must switch to a non-root USER`);
  const health = finalStage.find((i) => i.op === 'HEALTHCHECK')?.args ?? '';
  if (!health.includes('/health')) problems.push(`${where}: no HEALTHCHECK on /health`);
  if (!finalStage.some((i) => i.op === 'CMD')) problems.push(`${where}: no CMD`);
  if (kind === 'node') {
    const pruned = instructions.some(
      (i) =>
        i.op === 'RUN' &&
        /npm ci\b.*--omit=dev/.test(i.args) &&
        new RegExp(`-w ${slice}\\b`).test(i.args) &&
        /--include-workspace-root=false/.test(i.args),
    );
    if (!pruned)
      problems.push(
        `${where}: no pruned production install (npm ci --omit=dev -w ${slice} --include-workspace-root=false)`,
      );
    if (!finalStage.some((i) => i.op === 'CMD' && i.args.includes(`${slice}/dist/main.js`)))
      problems.push(`${where}: CMD must start ${slice}/dist/main.js`);
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------------------------
// docker-compose.yml, as `docker-compose config` resolves it.
const SITE = (name) => name === 'gateway' || name.startsWith('mf-');

/** Problems of the resolved compose document (`docker-compose config` output, parsed). */
export function composeProblems(config, { nodeSlices, staticSlices }) {
  const problems = [];
  const services = config.services ?? {};
  for (const slice of [...nodeSlices, ...staticSlices]) {
    const s = services[slice];
    if (!s) {
      problems.push(`compose: no service ${slice}`);
      continue;
    }
    const { dockerfile, args } = imageOf(slice);
    if (s.build?.dockerfile !== dockerfile)
      problems.push(`compose: ${slice} must build ${dockerfile} (builds ${s.build?.dockerfile})`);
    for (const [name, value] of Object.entries(args)) {
      if (s.build?.args?.[name] !== value)
        problems.push(`compose: ${slice} must build with ${name}=${value} (has ${s.build?.args?.[name]})`);
    }
  }
  for (const slice of nodeSlices) {
    const migrate = services[`${slice}-migrate`];
    if (!migrate) {
      problems.push(`compose: no one-shot ${slice}-migrate`);
      continue;
    }
    const command = [].concat(migrate.command ?? []).join(' ');
    if (!command.includes(`${slice}/dist/migrate.js`))
      problems.push(`compose: ${slice}-migrate must run ${slice}/dist/migrate.js`);
    if (!['no', undefined].includes(migrate.restart))
      problems.push(`compose: ${slice}-migrate is one-shot (restart: "no")`);
    if (services[slice]?.depends_on?.[`${slice}-migrate`]?.condition !== 'service_completed_successfully') {
      problems.push(`compose: ${slice} must wait for ${slice}-migrate to complete successfully`);
    }
  }
  for (const [name, s] of Object.entries(services)) {
    for (const port of s.ports ?? []) {
      const text = typeof port === 'string' ? port : `${port.host_ip ?? ''}:${port.published}:${port.target}`;
      const hostIp = text.split(':').length >= 3 ? text.split(':')[0] : '';
      if (!SITE(name) && hostIp !== '127.0.0.1')
        problems.push(`compose: ${name} publishes ${text} beyond 127.0.0.1 (only the site may)`);
    }
  }
  return problems;
}

/** Secret-looking variables of the raw compose file must come from the environment (`${VAR:?...}` or empty). */
export function composeSecretProblems(text) {
  const problems = [];
  for (const m of text.matchAll(/^[ \t]+([A-Z_]*(?:SECRET|PASS|_KEY)[A-Z_]*):(.*)$/gm)) {
    const value = m[2].trim();
    if (!/^\$\{\w+(:\?[^}]*|:-)\}$/.test(value))
      problems.push(
        `compose: ${m[1]} is ${value}; a secret must be \${VAR:?message} (required) or \${VAR:-} (optional)`,
      );
  }
  for (const m of text.matchAll(/:\/\/[^/:@\s]+:([^@\s]+)@/g)) {
    if (!m[1].startsWith('${')) problems.push(`compose: a URL with a literal password (${m[0]})`);
  }
  return problems;
}
