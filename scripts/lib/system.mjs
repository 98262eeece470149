// What the system is made of: packages in build order, the processes `npm start` runs, their ports.
// Plain Node (no dependencies): the launcher must run before `npm install` has.
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Packages with a build step, in dependency order. `inputs` are what make the build stale. */
export const BUILDS = [
  { dir: 'libs/contracts', output: 'dist', inputs: ['src', 'tsconfig.json', 'tsconfig.build.json'] },
  { dir: 'libs/service-kit', output: 'dist', inputs: ['src', 'tsconfig.json', 'tsconfig.build.json'], deps: ['libs/contracts'] },
  ...['svc-identity', 'svc-fleet', 'svc-quotes', 'svc-billing', 'svc-airports', 'gateway'].map((dir) => ({
    dir,
    output: 'dist',
    inputs: ['src', 'tsconfig.json', 'tsconfig.build.json'],
    deps: ['libs/contracts', 'libs/service-kit'],
  })),
  ...['mf-account', 'mf-quotes', 'mf-fbo-portal', 'mf-admin', 'shell'].map((dir) => ({
    dir,
    output: 'dist',
    inputs: ['src', 'public', 'webpack.config.js', 'webpack.config.cjs', 'tsconfig.json'],
    deps: ['libs/contracts', 'libs/web-kit'],
    web: true,
  })),
];

/** Inputs of a package's dependencies that also make it stale (web-kit has no build of its own). */
export const EXTRA_INPUTS = { 'libs/web-kit': ['src', 'build'] };

/** The services, with their default ports (ARCHITECTURE section 7). */
export const SERVICES = [
  { name: 'identity', dir: 'svc-identity', port: 4001 },
  { name: 'fleet', dir: 'svc-fleet', port: 4002 },
  { name: 'quotes', dir: 'svc-quotes', port: 4003 },
  { name: 'billing', dir: 'svc-billing', port: 4004 },
  { name: 'airports', dir: 'svc-airports', port: 4005 },
];

export const GATEWAY = { name: 'gateway', dir: 'gateway', port: 8080 };
export const MAIL = { smtpPort: 1025, webPort: 1080 };

export const DEMO_ACCOUNTS = [
  { email: 'admin@rampquote.dev', password: 'RampQuote#2026', role: 'admin' },
  { email: 'pilot@rampquote.dev', password: 'RampQuote#2026', role: 'pilot (invited)' },
  { email: 'demo-fbo-ksea-1@example.com', password: 'RampQuote#2026', role: 'FBO user of Demo FBO Seattle Jet Center (KSEA)' },
];
