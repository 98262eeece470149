// The boundaries of ARCHITECTURE section 2 and CONVENTIONS "Boundaries", checked on every import:
//   1. a feature (`<app>/src/features/<a>/**`) does not import another feature of its app, and the app's shared
//      folders (`src/shared`, `src/lib`, `src/components`, `src/hooks`, `src/utils`) import no feature;
//   2. an app (a micro-frontend, the shell, a service, the gateway) does not import another app, and a library
//      (`libs/*`) imports no app;
//   3. product code (an app's or library's `src/`, tests excluded) does not import test helpers.
// One crossing is allowed: a service's or the gateway's tests may import another service's test support (its
// `test/` folder, which starts that service on a fresh database), so a contract test runs the real provider.
// Each import is resolved (relative paths against the importing file, workspace package names through the
// `packages` option) before its zone is checked, so `../../other-feature/x` and `@rampquote/svc-fleet` are both seen.
import path from 'node:path';

const SOURCE_EXTENSIONS = /\.[cm]?[jt]sx?$/;
const SHARED_FOLDERS = new Set(['shared', 'lib', 'components', 'hooks', 'utils']);
const TEST_FOLDERS = new Set(['test', 'tests', '__tests__', 'testing', 'fixtures', '__fixtures__', '__mocks__']);
/** Packages only tests may import. */
const TEST_PACKAGES = [/^@testing-library\//, /^supertest$/, /^@jest\//, /^jest(-[\w-]+)?$/, /^@playwright\/test$/];

/** `mf-account` → front, `svc-fleet` / `gateway` → back, `libs/x` → lib; anything else (e2e, scripts) has no zone. */
function kindOf(workspace) {
  if (workspace === 'shell' || workspace.startsWith('mf-')) return 'front';
  if (workspace === 'gateway' || workspace.startsWith('svc-')) return 'back';
  if (workspace.startsWith('libs/')) return 'lib';
  return null;
}

const KIND_NAMES = { front: 'micro-frontend', back: 'service' };

/** Where a repository file sits: its workspace, kind, feature or shared folder, and whether it is test code. */
export function classify(root, file) {
  const rel = path.relative(root, file).split(path.sep).join('/');
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const parts = rel.split('/');
  const workspace = parts[0] === 'libs' ? parts.slice(0, 2).join('/') : parts[0];
  const kind = kindOf(workspace);
  const inner = parts.slice(workspace.split('/').length);
  const inSrc = inner[0] === 'src';
  const feature = inSrc && inner[1] === 'features' && inner.length > 3 ? inner[2] : null;
  const shared = inSrc && inner.length > 2 && SHARED_FOLDERS.has(inner[1]);
  const base = parts[parts.length - 1];
  const isTest =
    parts.some((p) => TEST_FOLDERS.has(p.replace(SOURCE_EXTENSIONS, ''))) ||
    /\.(spec|test)(\.|$)/.test(base) ||
    /[.-]fixtures?(\.|$)/.test(base);
  return { rel, workspace, kind, inSrc, feature, shared, isTest };
}

/** The package name of a bare specifier: `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function isTestHelperPackage(specifier) {
  if (TEST_PACKAGES.some((p) => p.test(specifier))) return true;
  const sub = specifier.slice(packageName(specifier).length + 1);
  return sub !== '' && sub.split('/').some((p) => TEST_FOLDERS.has(p));
}

/** @type {import('eslint').Rule.RuleModule} */
export const boundariesRule = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Feature, app and test-helper boundaries (ARCHITECTURE section 2, CONVENTIONS "Boundaries").',
    },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          packages: { type: 'object', additionalProperties: { type: 'string' } },
        },
        required: ['root'],
        additionalProperties: false,
      },
    ],
    messages: {
      feature:
        'Feature "{{from}}" imports feature "{{to}}" ({{target}}). Move what both need to the app\'s src/shared, compose features in the app layer (routes), pass intents as data.',
      sharedToFeature:
        'Shared code imports feature "{{to}}" ({{target}}). Shared folders sit below the features: move the code into src/shared or compose in the app layer.',
      app: "The {{fromKind}} {{from}} imports the {{toKind}} {{to}} ({{target}}). An app never imports another app's code: share through libs/* (contracts for types) or over the wire.",
      libToApp: 'The library {{from}} imports the app {{to}} ({{target}}). Code flows one way: libs → apps.',
      testHelper:
        'Product code imports the test helper {{target}}. Only tests (*.spec.*, *.test.*, test/ folders) may import test helpers.',
    },
  },
  create(context) {
    const { root, packages = {} } = context.options[0];
    const importer = classify(root, context.filename);
    if (!importer || !importer.kind) return {};
    const productCode = importer.inSrc && !importer.isTest;

    function check(node, specifier) {
      if (typeof specifier !== 'string' || specifier === '') return;
      let target;
      let shown = specifier;
      if (specifier.startsWith('.') || path.isAbsolute(specifier)) {
        target = classify(root, path.resolve(path.dirname(context.filename), specifier));
        if (target) shown = target.rel.replace(SOURCE_EXTENSIONS, '');
      } else {
        const workspace = packages[packageName(specifier)];
        if (workspace)
          target = classify(
            root,
            path.join(root, workspace, specifier.slice(packageName(specifier).length) || 'index'),
          );
        if (productCode && isTestHelperPackage(specifier)) {
          context.report({ node, messageId: 'testHelper', data: { target: specifier } });
          return;
        }
      }
      if (!target) return;

      if (productCode && target.isTest) {
        context.report({ node, messageId: 'testHelper', data: { target: shown } });
        return;
      }
      if (target.workspace !== importer.workspace) {
        if (!target.kind || target.kind === 'lib') return;
        if (importer.isTest && target.isTest && importer.kind === 'back' && target.kind === 'back') return;
        if (importer.kind === 'lib') {
          context.report({
            node,
            messageId: 'libToApp',
            data: { from: importer.workspace, to: target.workspace, target: shown },
          });
          return;
        }
        context.report({
          node,
          messageId: 'app',
          data: {
            fromKind: KIND_NAMES[importer.kind],
            from: importer.workspace,
            toKind: KIND_NAMES[target.kind],
            to: target.workspace,
            target: shown,
          },
        });
        return;
      }
      if (target.feature && importer.feature && target.feature !== importer.feature) {
        context.report({
          node,
          messageId: 'feature',
          data: { from: importer.feature, to: target.feature, target: shown },
        });
      } else if (target.feature && importer.shared) {
        context.report({ node, messageId: 'sharedToFeature', data: { to: target.feature, target: shown } });
      }
    }

    const fromSource = (node) => {
      if (node.source) check(node.source, node.source.value);
    };
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ImportExpression(node) {
        if (node.source.type === 'Literal') check(node.source, node.source.value);
      },
      TSImportEqualsDeclaration(node) {
        const ref = node.moduleReference;
        if (ref.type === 'TSExternalModuleReference' && ref.expression.type === 'Literal')
          check(ref.expression, ref.expression.value);
      },
      CallExpression(node) {
        const [arg] = node.arguments;
        const callee = node.callee;
        const isRequire = callee.type === 'Identifier' && callee.name === 'require';
        const isJestMock =
          callee.type === 'MemberExpression' &&
          callee.object.type === 'Identifier' &&
          callee.object.name === 'jest' &&
          callee.property.type === 'Identifier' &&
          ['mock', 'requireActual', 'doMock'].includes(callee.property.name);
        if ((isRequire || isJestMock) && arg && arg.type === 'Literal') check(arg, arg.value);
      },
    };
  },
};

export default { meta: { name: 'rampquote-boundaries' }, rules: { boundaries: boundariesRule } };
