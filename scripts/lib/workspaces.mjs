// The workspaces of the root package.json, read where they are declared (no hand-kept lists). Plain Node.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './system.mjs';

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** Every workspace folder, in the root package.json's order. */
export function workspaces(root = ROOT) {
  return readJson(join(root, 'package.json')).workspaces ?? [];
}

/** Whether a package.json "test" script runs jest. */
export function runsJest(testScript = '') {
  return /(^|[\s;&|])jest(\s|$)/.test(testScript);
}

/** Workspaces whose "test" script runs jest, libraries (libs/*) first, otherwise in the root package.json's order. */
export function jestWorkspaces(root = ROOT) {
  const found = workspaces(root).filter((ws) => {
    const file = join(root, ws, 'package.json');
    return existsSync(file) && runsJest(readJson(file).scripts?.test);
  });
  const isLib = (ws) => ws.startsWith('libs/');
  return [...found.filter(isLib), ...found.filter((ws) => !isLib(ws))];
}
