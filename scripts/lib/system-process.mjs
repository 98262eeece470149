// Starts the system as `npm start` does (for benchmarks), or reuses one already running.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './system.mjs';

export async function isUp(url = 'http://127.0.0.1:8080/health') {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(1500) })).ok;
  } catch {
    return false;
  }
}

/**
 * Spawns `node scripts/start.mjs <args>` and resolves when it prints READY, with the elapsed milliseconds
 * and a stop() function. Rejects when the launcher exits first.
 */
export function startSystem(args = ['--no-build', '--quiet'], timeoutMs = 120000) {
  const t0 = performance.now();
  const child = spawn(process.execPath, [join(ROOT, 'scripts', 'start.mjs'), ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGINT');
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`system not ready after ${timeoutMs / 1000} s:\n${output}`));
    }, timeoutMs);
    const onData = (chunk) => {
      output += chunk;
      if (output.includes('[rampquote] READY')) {
        clearTimeout(timer);
        resolve({ ms: performance.now() - t0, stop });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (c) => (output += c));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`launcher exited (${code}) before ready:\n${output}`));
    });
  });
}
