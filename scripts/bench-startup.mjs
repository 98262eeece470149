#!/usr/bin/env node
// `npm run bench:startup`: wall time from `npm start` (everything already built) to "ready" (every process
// healthy), over N runs (default 3). Goal: under 20 s.
import { isUp, startSystem } from './lib/system-process.mjs';
import { buildStale } from './build.mjs';
import { useNode24 } from './lib/node-runtime.mjs';

await useNode24({ say: (m) => console.log(`[bench] ${m}`) });

const runs = Number(process.argv[2] ?? 3);
if (await isUp()) {
  console.error('A system is already running on :8080; stop it first so the launcher can be timed.');
  process.exit(1);
}
await buildStale({ log: () => {} });
const times = [];
for (let i = 0; i < runs; i += 1) {
  const { ms, stop } = await startSystem(['--quiet']);
  times.push(ms / 1000);
  console.log(`run ${i + 1}: ready in ${(ms / 1000).toFixed(2)} s`);
  await stop();
}
times.sort((a, b) => a - b);
console.log(
  `startup to ready (already built): median ${times[Math.floor(times.length / 2)].toFixed(2)} s, min ${times[0].toFixed(2)} s, max ${times[times.length - 1].toFixed(2)} s over ${runs} runs (goal < 20 s)`,
);
