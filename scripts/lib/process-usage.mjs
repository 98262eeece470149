// What the benchmarks read of the machine's processes (Linux /proc and `ss`): who listens on a port, the CPU time
// and resident memory a process used so far, and how busy the machine's cores were.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** The pid listening on each of `ports` ({name, port}), by `ss -ltnp`; a port nobody listens on is left out. */
export function pidsListening(ports) {
  let out = '';
  try {
    out = execFileSync('ss', ['-ltnpH'], { encoding: 'utf8' });
  } catch {
    return [];
  }
  const found = [];
  for (const p of ports) {
    const line = out.split('\n').find((l) => new RegExp(`:${p.port}\\s`).test(l) && /pid=\d+/.test(l));
    const pid = line ? Number(/pid=(\d+)/.exec(line)[1]) : null;
    if (pid && !found.some((f) => f.pid === pid)) found.push({ ...p, pid });
  }
  return found;
}

/** Resident memory of a process, in MB (NaN when it is gone). */
export function rssMb(pid) {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);
    return kb / 1024;
  } catch {
    return NaN;
  }
}

/** CPU seconds (user + system) a process used so far (NaN when it is gone). */
export function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100 per second)
  } catch {
    return NaN;
  }
}

/** The machine's CPU time so far, in clock ticks: all of it, and the part not idle (nor waiting for the disk). */
export function machineTicks() {
  const [user, nice, system, idle, iowait, irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const all = user + nice + system + idle + iowait + irq + softirq + steal;
  return { all, busy: all - idle - iowait };
}
