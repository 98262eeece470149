#!/usr/bin/env node
// `npm run check:deps` (and a step of `npm test`): every workspace declares in its own package.json every package
// it uses, so each one builds and tests on its own. The root counts as one more package (scripts/, eslint config).
//
// What counts as using a package:
//   - an import of it in the workspace's files (.ts/.tsx/.js/.cjs/.mjs, sources, tests, config files and .d.ts):
//     `import … from`, `export … from`, `import x = require()`, `import()`, `require()`, `require.resolve()`,
//     `jest.mock()` / `jest.requireActual()`, `import('x').Type`, `/// <reference types>`;
//     relative paths and Node's built-in modules are not packages; the workspace's own name is allowed;
//   - a type package it needs: `compilerOptions.types` of its tsconfig*.json (following "extends"), and the
//     `@types/x` of a package imported from TypeScript that ships no types of its own;
//   - a tool its package.json scripts run (`jest`, `tsc`, `webpack serve`, `playwright test` …): the package that
//     installs that binary, plus the CLI a tool delegates to (webpack → webpack-cli, webpack serve → webpack-dev-server);
//   - a tool its jest or webpack config names by string: jest transforms and test environment, webpack loaders.
// A package is declared when it is in dependencies, devDependencies, peerDependencies or optionalDependencies.
// Prints each missing declaration with the file that needs it; exits 1 when there is one.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

const SOURCE = /\.(?:[cm]?[jt]s|[jt]sx)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'coverage', 'test-results', 'playwright-report']);
const BUILTINS = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
/** Shell words that are not packages. */
const SHELL_COMMANDS = new Set([
  'node',
  'npm',
  'npx',
  'sh',
  'bash',
  'cd',
  'echo',
  'exit',
  'true',
  'false',
  'test',
  'rm',
  'cp',
  'mv',
  'mkdir',
  'cat',
  'env',
  'exec',
]);
/** A CLI that hands its work to another package, which must then be declared too. */
const DELEGATES = { webpack: ['webpack-cli'], 'webpack serve': ['webpack-cli', 'webpack-dev-server'] };

/** 'react-dom/client' → 'react-dom', '@scope/pkg/sub' → '@scope/pkg'; null for relative, absolute and built-in. */
export function packageNameOf(specifier) {
  if (!specifier || specifier.startsWith('.') || specifier.startsWith('/') || BUILTINS.has(specifier)) return null;
  if (specifier.startsWith('node:') || /^[a-z]+:/i.test(specifier)) return null;
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  return BUILTINS.has(name) ? null : name;
}

/** The type package of a `types` entry or an untyped package: 'node' → '@types/node', '@a/b' → '@types/a__b'. */
export function typesPackageOf(name) {
  return `@types/${name.startsWith('@') ? name.slice(1).replace('/', '__') : name}`;
}

let ts;
function typescript() {
  ts ??= require('typescript');
  return ts;
}

/** Module specifiers a file names, with whether it is TypeScript. Uses the TypeScript parser (also for JS). */
export function specifiersIn(text, fileName) {
  const t = typescript();
  const kind = /\.[cm]?tsx$|\.jsx$/.test(fileName)
    ? t.ScriptKind.TSX
    : /\.[cm]?ts$/.test(fileName)
      ? t.ScriptKind.TS
      : t.ScriptKind.JS;
  const source = t.createSourceFile(fileName, text, t.ScriptTarget.Latest, true, kind);
  const found = source.typeReferenceDirectives.map((d) => ({ specifier: d.fileName, typeReference: true }));
  const literal = (node) =>
    node && (t.isStringLiteral(node) || t.isNoSubstitutionTemplateLiteral(node)) ? node.text : null;
  const add = (node) => {
    const text = literal(node);
    if (text !== null) found.push({ specifier: text });
  };
  const calleeName = (expr) => {
    if (t.isIdentifier(expr)) return expr.text;
    if (t.isPropertyAccessExpression(expr) && t.isIdentifier(expr.expression))
      return `${expr.expression.text}.${expr.name.text}`;
    return null;
  };
  const CALLS = new Set([
    'require',
    'require.resolve',
    'jest.mock',
    'jest.doMock',
    'jest.requireActual',
    'jest.requireMock',
    'jest.unstable_mockModule',
  ]);
  const visit = (node) => {
    if (t.isImportDeclaration(node) || t.isExportDeclaration(node)) add(node.moduleSpecifier);
    else if (t.isImportEqualsDeclaration(node) && t.isExternalModuleReference(node.moduleReference))
      add(node.moduleReference.expression);
    else if (t.isImportTypeNode(node) && t.isLiteralTypeNode(node.argument)) add(node.argument.literal);
    else if (t.isCallExpression(node)) {
      const callee = node.expression.kind === t.SyntaxKind.ImportKeyword ? 'import' : calleeName(node.expression);
      // require.resolve(x, { paths }) looks x up from another package's folder on purpose: that package's dependency.
      const elsewhere = callee === 'require.resolve' && node.arguments.length > 1;
      if ((callee === 'import' || CALLS.has(callee)) && !elsewhere) add(node.arguments[0]);
    }
    t.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Binaries a package.json script runs, as `name` or `name subcommand` where a subcommand matters. */
export function binariesIn(script) {
  const found = [];
  for (const command of script.split(/&&|\|\||[;|&]/)) {
    const words = command.trim().split(/\s+/).filter(Boolean);
    while (words.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[0])) words.shift(); // FOO=bar cmd
    if (words[0] === 'npx' || words[0] === 'exec') words.shift();
    while (words.length && words[0].startsWith('-')) words.shift(); // npx --yes cmd
    const [bin, sub] = words;
    if (!bin || SHELL_COMMANDS.has(bin) || bin.includes('/')) continue;
    found.push(sub && DELEGATES[`${bin} ${sub}`] ? `${bin} ${sub}` : bin);
  }
  return found;
}

function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

function walk(dir, skip, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const full = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name) && !skip.has(full)) walk(full, skip, out);
    } else if (SOURCE.test(entry.name)) out.push(full);
  }
  return out;
}

/** Every installed package's binaries: bin name → package names (root and workspace node_modules). */
function installedBinaries(dirs) {
  const bins = new Map();
  const record = (pkgDir) => {
    const file = join(pkgDir, 'package.json');
    if (!existsSync(file)) return;
    let pkg;
    try {
      pkg = readJson(file);
    } catch {
      return;
    }
    const entries = typeof pkg.bin === 'string' ? { [pkg.name.split('/').pop()]: pkg.bin } : (pkg.bin ?? {});
    for (const bin of Object.keys(entries)) bins.set(bin, new Set([...(bins.get(bin) ?? []), pkg.name]));
  };
  for (const dir of dirs) {
    const modules = join(dir, 'node_modules');
    if (!existsSync(modules)) continue;
    for (const entry of readdirSync(modules)) {
      if (entry.startsWith('.')) continue;
      if (entry.startsWith('@')) for (const sub of readdirSync(join(modules, entry))) record(join(modules, entry, sub));
      else record(join(modules, entry));
    }
  }
  return bins;
}

/** The installed folder of a package as seen from `fromDir` (walks node_modules upwards), or null. */
function packageDir(name, fromDir) {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dir === dirname(dir) || dir === dirname(ROOT)) return null;
  }
}

/** Whether an installed package ships its own type declarations. */
function shipsTypes(dir) {
  const pkg = readJson(join(dir, 'package.json'));
  return Boolean(
    pkg.types ||
    pkg.typings ||
    existsSync(join(dir, 'index.d.ts')) ||
    JSON.stringify(pkg.exports ?? {}).includes('.d.'),
  );
}

/** `compilerOptions.types` of a tsconfig, following "extends" (relative paths). */
function tsconfigTypes(file) {
  const t = typescript();
  const { config } = t.readConfigFile(file, t.sys.readFile);
  if (!config) return [];
  if (config.compilerOptions?.types) return config.compilerOptions.types;
  const parent =
    typeof config.extends === 'string' && config.extends.startsWith('.')
      ? resolve(dirname(file), config.extends)
      : null;
  return parent && existsSync(parent) ? tsconfigTypes(parent) : [];
}

/** Tools a workspace's jest and webpack configs name by string (loaded, as the tools load them). */
async function toolsInConfigs(wsDir) {
  const found = [];
  const jestConfig = join(wsDir, 'jest.config.js');
  if (existsSync(jestConfig)) {
    const config = require(jestConfig);
    for (const project of [config, ...(config.projects ?? [])]) {
      if (typeof project !== 'object') continue;
      for (const value of Object.values(project.transform ?? {}))
        found.push({ tool: Array.isArray(value) ? value[0] : value, file: jestConfig });
      const env = project.testEnvironment;
      if (env === 'jsdom' || env === 'node')
        found.push({ tool: `jest-environment-${env}`, file: jestConfig, builtIn: env === 'node' });
      else if (env) found.push({ tool: env, file: jestConfig });
    }
  }
  for (const name of ['webpack.config.js', 'webpack.config.cjs']) {
    const webpackConfig = join(wsDir, name);
    if (!existsSync(webpackConfig)) continue;
    let config = require(webpackConfig);
    if (typeof config === 'function') config = await config({}, { mode: 'production' });
    const loaders = [];
    const collect = (use) => {
      for (const item of [use].flat()) {
        if (typeof item === 'string') loaders.push(item);
        else if (item?.loader) loaders.push(item.loader);
      }
    };
    for (const rule of config.module?.rules ?? []) {
      if (rule?.loader) loaders.push(rule.loader);
      if (rule?.use) collect(rule.use);
    }
    for (const loader of loaders) found.push({ tool: loader.split('?')[0], file: webpackConfig });
  }
  return found.filter((f) => !f.builtIn && packageNameOf(f.tool)); // a path (web-kit's jsdom environment) is its owner's
}

/**
 * Problems of one package: [{ file, name, why }] for every package it uses without declaring it.
 * `bins` maps binary names to the packages that provide them.
 */
export async function checkPackage({ dir, skip = new Set(), bins, tsconfigs = true }) {
  const pkg = readJson(join(dir, 'package.json'));
  const declared = new Set([
    pkg.name,
    ...['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'].flatMap((k) =>
      Object.keys(pkg[k] ?? {}),
    ),
  ]);
  const problems = [];
  const need = (name, file, why) => {
    if (!declared.has(name) && !problems.some((p) => p.name === name))
      problems.push({ file: relative(ROOT, file), name, why });
  };

  for (const file of walk(dir, skip)) {
    const isTs = /\.[cm]?tsx?$/.test(file);
    for (const { specifier, typeReference } of specifiersIn(readFileSync(file, 'utf8'), file)) {
      const name = packageNameOf(specifier);
      if (!name) continue;
      if (typeReference) {
        if (!declared.has(name) && !declared.has(typesPackageOf(name)))
          need(typesPackageOf(name), file, `/// <reference types="${specifier}">`);
        continue;
      }
      need(name, file, `imports '${specifier}'`);
      if (isTs && !name.startsWith('@types/')) {
        const installed = packageDir(name, dirname(file));
        if (installed && !shipsTypes(installed) && packageDir(typesPackageOf(name), dirname(file))) {
          need(typesPackageOf(name), file, `imports '${specifier}', whose types come from ${typesPackageOf(name)}`);
        }
      }
    }
  }

  for (const entry of tsconfigs ? readdirSync(dir).filter((f) => /^tsconfig.*\.json$/.test(f)) : []) {
    for (const type of tsconfigTypes(join(dir, entry))) {
      if (declared.has(type) || declared.has(typesPackageOf(type))) continue;
      // TypeScript looks in node_modules/@types first, then at a package that ships its own declarations.
      const fromTypes = type.startsWith('@types/')
        ? type
        : packageDir(typesPackageOf(type), dir)
          ? typesPackageOf(type)
          : type;
      need(fromTypes, join(dir, entry), `"types": ["${type}"]`);
    }
  }

  for (const [script, command] of Object.entries(pkg.scripts ?? {})) {
    for (const bin of binariesIn(command)) {
      const [name] = bin.split(' ');
      const providers = [...(bins.get(name) ?? [])];
      const file = join(dir, 'package.json');
      if (!providers.length)
        problems.push({
          file: relative(ROOT, file),
          name,
          why: `script "${script}" runs '${name}', which no installed package provides`,
        });
      else if (!providers.some((p) => declared.has(p)))
        need(providers.includes(name) ? name : providers[0], file, `script "${script}" runs '${name}'`);
      for (const delegate of DELEGATES[bin] ?? [])
        need(delegate, file, `script "${script}" runs '${bin}', which hands its work to ${delegate}`);
    }
  }

  for (const { tool, file } of await toolsInConfigs(dir)) need(packageNameOf(tool), file, `names the tool '${tool}'`);
  return problems;
}

/** Problems of every workspace and of the root (its own files only), keyed by package folder. */
export async function checkRepository(root = ROOT) {
  const workspaces = readJson(join(root, 'package.json')).workspaces ?? [];
  const dirs = workspaces.map((ws) => join(root, ws));
  const bins = installedBinaries([root, ...dirs]);
  const results = {};
  for (const dir of dirs) results[relative(root, dir)] = await checkPackage({ dir, bins });
  // The root's own files: scripts/, the lint config, the jest preset. Its tsconfig.*.json are bases that each
  // workspace extends (and answers for), not a project of the root.
  results['.'] = await checkPackage({ dir: root, skip: new Set(dirs), bins, tsconfigs: false });
  return results;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const results = await checkRepository();
  let count = 0;
  for (const [ws, problems] of Object.entries(results)) {
    for (const p of problems) {
      count += 1;
      console.error(
        `${ws === '.' ? 'root' : ws}: ${p.name} is not declared in ${ws === '.' ? '' : `${ws}/`}package.json (${p.file} ${p.why})`,
      );
    }
  }
  const packages = Object.keys(results).length;
  if (count) {
    console.error(
      `\ncheck-dependencies: ${count} undeclared package(s). Declare each in the package.json of the workspace that uses it, with the version range the root lockfile already has.`,
    );
    process.exit(1);
  }
  console.log(`check-dependencies: ${packages} packages declare every package they import and every tool they run`);
}
