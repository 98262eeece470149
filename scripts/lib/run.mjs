// Small process helpers for the scripts (no dependencies).
import { spawn } from 'node:child_process';
import { ROOT } from './system.mjs';

/** Runs a command, streaming its output; resolves with the exit code. */
export function run(cmd, args, { cwd = ROOT, env = process.env, quiet = false, prefix } = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd, env, stdio: quiet || prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    const onData = (stream) => (chunk) => {
      const text = chunk.toString();
      output += text;
      if (prefix && !quiet) stream.write(text.replace(/^(?=.)/gm, prefix));
    };
    child.stdout?.on('data', onData(process.stdout));
    child.stderr?.on('data', onData(process.stderr));
    child.on('error', (err) => {
      output += String(err);
      resolve({ code: 127, output });
    });
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

export const npmCmd = process.platform === 'win32' ? 'npm.cmd' : 'npm';

export function seconds(fromMs) {
  return ((Date.now() - fromMs) / 1000).toFixed(1);
}
