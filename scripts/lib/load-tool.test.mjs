// The benchmarks' reading of wrk's report (scripts/lib/load-tool.mjs). wrk itself is optional (bench:api and bench:quotes
// fall back to autocannon), so these tests read a report wrk 4.2 printed here instead of running it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseWrk, wrkMs } from './load-tool.mjs';

const REPORT = `Running 10s test @ http://127.0.0.1:8080/api/aircraft
  2 threads and 50 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency    35.80ms   20.31ms   1.02s    92.48%
    Req/Sec   734.88    201.02     1.07k    73.00%
  Latency Distribution
     50%   31.02ms
     75%   40.11ms
     90%   52.30ms
     99%  118.40ms
  14642 requests in 10.01s, 19.66MB read
  Socket errors: connect 0, read 2, write 0, timeout 1
  Non-2xx or 3xx responses: 4
Requests/sec:   1462.89
Transfer/sec:      1.96MB
`;

test('reads requests per second, p50, p99, max, requests and failures from a wrk report', () => {
  assert.deepEqual(parseWrk(REPORT), {
    rps: 1462.89,
    p50: 31.02,
    p99: 118.4,
    max: 1020,
    requests: 14642,
    non2xx: 4,
    errors: 3,
    failures: 7,
  });
});

test('converts every unit wrk prints to milliseconds, and refuses a report without figures', () => {
  assert.equal(wrkMs('456.00us'), 0.456);
  assert.equal(wrkMs('2.00m'), 120_000);
  assert.ok(Number.isNaN(wrkMs('soon')));
  assert.throws(() => parseWrk('unable to connect to 127.0.0.1:1 Connection refused'), /wrk gave no figures/);
});
