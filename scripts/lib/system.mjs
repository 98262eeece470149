// What the system is made of: packages in build order, the processes `npm start` runs, their ports.
// Plain Node (no dependencies): the launcher must run before `npm install` has.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The system's ports, listed once in libs/contracts (the services' and the gateway's defaults read the same file). */
export const PORTS = JSON.parse(readFileSync(join(ROOT, 'libs', 'contracts', 'src', 'ports.json'), 'utf8'));

/** Packages with a build step, in dependency order. `inputs` are what make the build stale. */
export const BUILDS = [
  { dir: 'libs/contracts', output: 'dist', inputs: ['src', 'tsconfig.json', 'tsconfig.build.json'] },
  {
    dir: 'libs/service-kit',
    output: 'dist',
    inputs: ['src', 'tsconfig.json', 'tsconfig.build.json'],
    deps: ['libs/contracts'],
  },
  ...['svc-identity', 'svc-fleet', 'svc-quotes', 'svc-billing', 'svc-airports', 'gateway'].map((dir) => ({
    dir,
    output: 'dist',
    inputs: ['src', 'tsconfig.json', 'tsconfig.build.json'],
    deps: ['libs/contracts', 'libs/service-kit'],
  })),
  ...['mf-account', 'mf-quotes', 'mf-fbo-portal', 'mf-admin', 'shell'].map((dir) => ({
    dir,
    output: 'dist',
    inputs: [
      'src',
      'public',
      'webpack.config.js',
      'webpack.config.cjs',
      'webpack.standalone.config.js',
      'tsconfig.json',
      // The shell's build also prerenders the landing page.
      'prerender',
      'scripts',
    ],
    deps: ['libs/contracts', 'libs/web-kit'],
    web: true,
  })),
];

/** Inputs of a package's dependencies that also make it stale (web-kit has no build of its own). */
export const EXTRA_INPUTS = { 'libs/web-kit': ['src', 'build'] };

/** The services, with their default ports (ARCHITECTURE section 7). */
export const SERVICES = Object.entries(PORTS.services).map(([name, port]) => ({ name, dir: `svc-${name}`, port }));

export const GATEWAY = { name: 'gateway', dir: 'gateway', port: PORTS.gateway };

/**
 * The micro-frontends' static hosts (scripts/static-host serving each remote's dist/ on its own port).
 * `urlVar` is the gateway's variable naming where the browser finds the remote (its /remotes.json entry).
 * `standalonePage`: the bundle is also a page of its own; its host forwards /api to the gateway, so the page works
 * there (at http://localhost:<port>/) as it would behind an Ingress.
 * The ports stay clear of the remotes' webpack dev servers (3001-3004), so a developer can point one variable at
 * a dev server instead.
 */
export const REMOTE_HOSTS = Object.entries(PORTS.remoteHosts).map(([dir, port]) => ({
  name: dir,
  dir,
  port,
  urlVar: `REMOTE_URL_${dir.replace(/-/g, '_').toUpperCase()}`,
  standalonePage: ['mf-fbo-portal', 'mf-admin'].includes(dir),
}));
/**
 * V8 flags of every server process (services, gateway, static hosts, mail catcher; the same in deploy/k8s and
 * docker-compose.yml through NODE_OPTIONS). A young generation of at most 8 MB per semi-space instead of V8's
 * adaptive one, which grows to 32 MB per semi-space under load. Two `bench:load` runs (100 users, 300 s) with it
 * against one without: RSS at the end 24-45 % lower per process (gateway 379 -> 277-287 MB, svc-quotes 417 ->
 * 254-256 MB, mail catcher 220 -> 122 MB), the same CPU used, and no process growing in the last minute.
 * And an old generation that grows by half of what survives each full collection (`--heap-growing-percent=50`)
 * instead of V8's adaptive factor, which under a steady load let the gateway's and svc-quotes' heaps grow from about
 * 40 MB of live objects to about 150 MB over the first four minutes (not a leak: flat after). `bench:load` (100
 * users, 300 s), one run each in the same session, RSS from 60 s to the end: gateway 205 -> 288 MB (+40.1 %) without,
 * 171 -> 178 MB (+3.9 %) with; svc-quotes 248 -> 319 MB (+28.7 %) without, 193 -> 199 MB (+3.0 %) with; the same CPU
 * (gateway 51 / 50 s, svc-quotes 93 / 94 s) and per-route p99 within the runs' noise. NODE_OPTIONS does not accept
 * this flag: the images pass it on their command line (each server's Dockerfile CMD).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8', '--heap-growing-percent=50'];

export const MAIL = { smtpPort: PORTS.mail.smtp, webPort: PORTS.mail.web };

export const DEMO_ACCOUNTS = [
  { email: 'admin@rampquote.dev', password: 'RampQuote#2026', role: 'admin' },
  { email: 'pilot@rampquote.dev', password: 'RampQuote#2026', role: 'pilot (invited)' },
  {
    email: 'demo-fbo-ksea-1@example.com',
    password: 'RampQuote#2026',
    role: 'FBO user of Demo FBO Seattle Jet Center (KSEA)',
  },
];
