// Checks shared by `npm start` and `npm test`: dependencies installed, PostgreSQL and RabbitMQ reachable,
// a browser for the end-to-end tests. Plain Node: runs before any dependency is installed.
import { spawnSync } from 'node:child_process';
import { createConnection } from 'node:net';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './system.mjs';

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432';
export const DEFAULT_AMQP_URL = 'amqp://guest:guest@127.0.0.1:5672';
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Runs `npm ci` when node_modules is missing or older than package-lock.json. Returns false on failure. */
export function ensureDependencies(say) {
  const marker = join(ROOT, 'node_modules', '.package-lock.json');
  const lock = join(ROOT, 'package-lock.json');
  const missing = !existsSync(marker);
  const outdated = !missing && existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs + 1000;
  if (!missing && !outdated) return true;
  say(missing ? 'installing dependencies (npm ci) ...' : 'package-lock.json changed: installing dependencies ...');
  const result = spawnSync('npm', [existsSync(lock) ? 'ci' : 'install', '--no-audit', '--no-fund'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  return result.status === 0;
}

function reachable(host, port, timeoutMs = 2000) {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

function hostPort(url, defaultPort) {
  const u = new URL(url);
  return { host: u.hostname || '127.0.0.1', port: Number(u.port || defaultPort) };
}

/** Problems (strings) when PostgreSQL or RabbitMQ cannot be reached, each naming the address and how to start it. */
export async function infrastructureProblems(env = process.env) {
  const pg = hostPort(env.DATABASE_URL || DEFAULT_DATABASE_URL, 5432);
  const mq = hostPort(env.AMQP_URL || DEFAULT_AMQP_URL, 5672);
  const [pgUp, mqUp] = await Promise.all([reachable(pg.host, pg.port), reachable(mq.host, mq.port)]);
  const problems = [];
  if (!pgUp) {
    problems.push(
      `PostgreSQL is not reachable at ${pg.host}:${pg.port} (DATABASE_URL).\n` +
        `  Start it with:  pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start\n` +
        `  or, with Docker: docker compose up -d postgres rabbitmq`,
    );
  }
  if (!mqUp) {
    problems.push(
      `RabbitMQ is not reachable at ${mq.host}:${mq.port} (AMQP_URL).\n` +
        `  Start it with:  rabbitmq-server -detached && rabbitmqctl await_startup\n` +
        `  or, with Docker: docker compose up -d postgres rabbitmq`,
    );
  }
  return problems;
}

/**
 * Makes sure a Debian package's program is there (`/usr/bin/<program>`); installs the package when running as root
 * with apt. Says what to do otherwise.
 */
export function ensureDebianProgram(program, pkg, purpose, say) {
  if (existsSync(program)) return true;
  const canApt = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (!canApt) {
    say(`No ${program}. Install Debian's ${pkg} (apt-get install -y ${pkg}) for ${purpose}.`);
    return false;
  }
  say(`installing Debian's ${pkg} for ${purpose} (apt-get) ...`);
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  const install =
    update.status === 0 &&
    spawnSync('apt-get', ['install', '-y', '-qq', pkg], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  return Boolean(install && install.status === 0 && existsSync(program));
}

/** Makes sure Debian's Chromium is there for Playwright (or CHROMIUM_PATH names another browser). */
export function ensureChromium(say) {
  if (CHROMIUM !== '/usr/bin/chromium' && !existsSync(CHROMIUM)) {
    say(`No browser at CHROMIUM_PATH=${CHROMIUM}.`);
    return false;
  }
  return ensureDebianProgram(CHROMIUM, 'chromium', 'the end-to-end tests', say);
}

/** Debian's docker-compose (1.29): validates the compose file offline (`docker-compose config -q`). */
export const DOCKER_COMPOSE = '/usr/bin/docker-compose';
export function ensureDockerCompose(say) {
  return ensureDebianProgram(DOCKER_COMPOSE, 'docker-compose', 'validating docker-compose.yml', say);
}

/** Debian's pdftotext (poppler-utils): svc-quotes' tests read the quote PDF's text as a reader would copy it. */
export const PDFTOTEXT = '/usr/bin/pdftotext';
export function ensurePdftotext(say) {
  return ensureDebianProgram(PDFTOTEXT, 'poppler-utils', "svc-quotes' PDF tests", say);
}
