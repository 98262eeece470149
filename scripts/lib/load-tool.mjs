// The load generator of bench:api and bench:quotes: wrk (Debian's package `wrk`, C, event-driven) when it is on PATH
// (or WRK=/path/to/wrk) — it costs far less CPU per request than a Node.js client, so on this 2-core machine the
// figures are the system's rather than the load generator's — else autocannon, else the bench's own keep-alive loop.
import { spawn, spawnSync } from 'node:child_process';

/** wrk's path, or null when it is not installed. */
export function whichWrk() {
  if (process.env.WRK) return process.env.WRK;
  const found = spawnSync('sh', ['-c', 'command -v wrk'], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : null;
}

/**
 * The tool `wanted` (--tool wrk|autocannon|builtin), or the first available: { name: 'wrk', bin }, { name:
 * 'autocannon', run } or { name: 'builtin' }. A tool asked for by name that is missing is an error.
 * `loadAutocannon` returns the autocannon module or throws when it is not installed.
 */
export function pickLoadTool(wanted, loadAutocannon) {
  if (wanted === 'builtin') return { name: 'builtin' };
  if (wanted === 'wrk' || !wanted) {
    const bin = whichWrk();
    if (bin) return { name: 'wrk', bin };
    if (wanted === 'wrk') throw new Error('wrk is not on PATH (set WRK=/path/to/wrk)');
  }
  try {
    return { name: 'autocannon', run: loadAutocannon() };
  } catch {
    if (wanted === 'autocannon') throw new Error('autocannon is not installed (npm install)');
    return { name: 'builtin' };
  }
}

/** wrk's "1.23ms" / "456.00us" / "1.02s" / "2.00m" in ms. */
export function wrkMs(text) {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(text);
  if (!m) return NaN;
  return Number(m[1]) * { us: 0.001, ms: 1, s: 1000, m: 60_000 }[m[2]];
}

/** wrk's report as figures: requests per second, p50/p99/max in ms, requests, failures (status >= 400 and socket errors). */
export function parseWrk(out) {
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  if (!Number.isFinite(rps)) throw new Error(`wrk gave no figures:\n${out}`);
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const socketErrors = errors ? errors.slice(1).reduce((s, n) => s + Number(n), 0) : 0;
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  return {
    rps,
    p50: wrkMs(/^[ \t]+50%[ \t]+(\S+)/m.exec(out)?.[1] ?? ''),
    p99: wrkMs(/^[ \t]+99%[ \t]+(\S+)/m.exec(out)?.[1] ?? ''),
    max: wrkMs(/^[ \t]+Latency[ \t]+\S+[ \t]+\S+[ \t]+(\S+)/m.exec(out)?.[1] ?? ''),
    requests: Number(/(?<!\d)(\d+) requests in/.exec(out)?.[1] ?? 0),
    non2xx,
    errors: socketErrors,
    failures: non2xx + socketErrors,
  };
}

/** One wrk run: `connections` kept-alive connections over 2 threads for `seconds`, the same headers on every request. */
export function runWrk(bin, url, { headers = {}, connections, seconds }) {
  const headerArgs = Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]);
  const threads = Math.min(2, connections);
  return new Promise((resolve, reject) => {
    const child = spawn(bin, [`-t${threads}`, `-c${connections}`, `-d${seconds}s`, '--latency', ...headerArgs, url], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    child.on('error', reject);
    child.on('exit', () => {
      try {
        resolve(parseWrk(out));
      } catch (err) {
        reject(err);
      }
    });
  });
}
