// The type check's programs: workspaces whose tsconfig.json resolve to the same compiler options are checked in ONE
// TypeScript program, so the sources and declaration files they share (web-kit, React, Chakra, NestJS, TypeORM) are
// read and checked once instead of once per workspace. A workspace still checks on its own (`npm -w X run typecheck`).
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import ts from 'typescript';

/** Options that only shape emitted files (the check emits nothing): left out when comparing workspaces. */
const EMIT_ONLY = [
  'rootDir',
  'outDir',
  'declaration',
  'declarationMap',
  'sourceMap',
  'noEmit',
  'tsBuildInfoFile',
  'composite',
  'incremental',
  'configFilePath',
  'pathsBasePath',
];

/** A tsconfig.json as TypeScript reads it (extends, JSONC): its options and root files. Throws on a bad config. */
function parse(configPath) {
  const host = {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    },
  };
  const parsed = ts.getParsedCommandLineOfConfigFile(configPath, { noEmit: true }, host);
  if (parsed.errors.length) throw new Error(ts.formatDiagnostics(parsed.errors, formatHost(dirname(configPath))));
  return parsed;
}

/** The options two workspaces must share to be checked together: `paths` made absolute, emit-only ones left out. */
function comparableOptions(options) {
  const base = options.pathsBasePath ?? options.baseUrl ?? '';
  const paths = options.paths
    ? Object.fromEntries(
        Object.entries(options.paths).map(([key, targets]) => [
          key,
          targets.map((t) => (isAbsolute(t) ? t : resolve(base, t))),
        ]),
      )
    : undefined;
  const kept = Object.fromEntries(Object.entries(options).filter(([key]) => !EMIT_ONLY.includes(key)));
  return { ...kept, ...(paths ? { paths } : {}) };
}

/**
 * `configPaths` grouped by comparable options, in the order first seen: `[{ configs, options, fileNames }]`. A group of
 * several is checked as modules throughout (moduleDetection "force"), so two entry scripts' top-level names do not
 * meet in one global scope.
 */
export function typecheckGroups(configPaths) {
  const groups = new Map();
  for (const configPath of configPaths) {
    const parsed = parse(configPath);
    const options = comparableOptions(parsed.options);
    const key = JSON.stringify(options, Object.keys(options).sort());
    const group = groups.get(key) ?? { configs: [], options: { ...options, noEmit: true }, fileNames: new Set() };
    group.configs.push(configPath);
    for (const file of parsed.fileNames) group.fileNames.add(file);
    groups.set(key, group);
  }
  return [...groups.values()].map((g) => ({
    configs: g.configs,
    options: g.configs.length > 1 ? { ...g.options, moduleDetection: ts.ModuleDetectionKind.Force } : g.options,
    fileNames: [...g.fileNames],
  }));
}

const formatHost = (cwd) => ({
  getCanonicalFileName: (f) => f,
  getCurrentDirectory: () => cwd,
  getNewLine: () => '\n',
});

/** Type-checks one group: its errors as tsc prints them (paths relative to `cwd`), none when it checks. */
export function checkGroup({ options, fileNames }, cwd = process.cwd()) {
  const program = ts.createProgram({ rootNames: fileNames, options });
  const diagnostics = ts.getPreEmitDiagnostics(program);
  return {
    files: program.getRootFileNames().length,
    errors: diagnostics.filter((d) => d.category === ts.DiagnosticCategory.Error).length,
    output: diagnostics.length ? ts.formatDiagnostics(diagnostics, formatHost(cwd)) : '',
  };
}

/** A group's name for the log: its workspaces, relative to `root`. */
export function groupName(group, root) {
  return group.configs.map((c) => relative(root, dirname(c)) || '.').join(', ');
}
