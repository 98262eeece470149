// The boundaries of ARCHITECTURE section 2 and CONVENTIONS "Boundaries", as eslint-plugin-boundaries policies:
//   1. a feature (`<app>/src/features/<a>/**`) does not import another feature, and the app's shared folders
//      (`src/shared`, `src/lib`, `src/components`, `src/hooks`, `src/utils`) import no feature;
//   2. an app (a micro-frontend, the shell, a service, the gateway) does not import another app, and a library
//      (`libs/*`) imports no app;
//   3. product code (an app's or library's `src/`, tests excluded) does not import test helpers.
// One crossing is allowed: a service's or the gateway's tests may import another service's test support (its
// `test/` folder, which starts that service on a fresh database), so a contract test runs the real provider.
// Imports between workspaces by package name (`@rampquote/svc-fleet`) are judged by that name, built or not;
// relative ones by the file they reach. Test: eslint/boundaries.test.mjs.
import boundaries from 'eslint-plugin-boundaries';

/** The apps: every front end and every back end. `e2e`, `proof` and `scripts` have no zone. */
const APP = '{shell,gateway,mf-*,svc-*}';
const APP_PACKAGES = `@rampquote/${APP}`;
const BACK_ENDS = '{gateway,svc-*}';
const TEST_FOLDERS = '{test,tests,__tests__,testing,fixtures,__fixtures__,__mocks__}';
/** Packages only tests may import. */
const TEST_PACKAGES = ['@testing-library/*', 'supertest', '@jest/*', 'jest', 'jest-*', '@playwright/test'];
/** The captures of APP's brace pattern: the whole folder name first, then its wildcards. */
const APP_CAPTURE = ['app', 'mfName', 'svcName'];
const APP_ELEMENTS = ['app', 'feature', 'shared'];

/** The flat-config block checking the zones of the repository at `root` (an absolute path). */
export function boundariesConfig(root) {
  return {
    files: ['**/*.{ts,tsx,js,jsx,mjs,cjs}'],
    plugins: { boundaries },
    settings: {
      'boundaries/root-path': root,
      'boundaries/elements': [
        {
          type: 'feature',
          pattern: `${APP}/src/features/*`,
          capture: [...APP_CAPTURE, 'feature'],
          partialMatch: false,
        },
        {
          type: 'shared',
          pattern: `${APP}/src/{shared,lib,components,hooks,utils}`,
          capture: [...APP_CAPTURE, 'folder'],
          partialMatch: false,
        },
        { type: 'app', pattern: APP, capture: APP_CAPTURE, partialMatch: false },
        { type: 'lib', pattern: 'libs/*', capture: ['lib'], partialMatch: false },
      ],
      'boundaries/files': [
        {
          category: 'test',
          pattern: [
            `**/${TEST_FOLDERS}/**`,
            `**/${TEST_FOLDERS}.*`,
            '**/*.{spec,test}.*',
            '**/*.{spec,test}',
            '**/*{.,-}fixture{,s}.*',
          ],
        },
        { category: 'product', pattern: [`${APP}/src/**`, 'libs/*/src/**'] },
      ],
      // A workspace reached by its package name is judged by that name, so the check holds before any build.
      'boundaries/flag-as-external': { customSourcePatterns: ['@rampquote/*'] },
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import', 'require'],
      'boundaries/additional-dependency-nodes': [
        {
          selector:
            'CallExpression[callee.object.name=jest][callee.property.name=/^(mock|requireActual|doMock)$/] > Literal',
          kind: 'value',
          name: 'jest-mock',
        },
      ],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.mjs', '.cjs', '.js', '.jsx', '.json'] } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          checkAllOrigins: true,
          // Within one element too: a library's own src/testing is a test helper for its product code.
          checkInternals: true,
          policies: [
            {
              from: { element: { type: 'feature' } },
              disallow: {
                to: { element: { type: 'feature', captured: { feature: '!{{from.element.captured.feature}}' } } },
              },
              message:
                'Feature "{{from.element.captured.feature}}" imports feature "{{to.element.captured.feature}}" ({{dependency.source}}). Move what both need to the app\'s src/shared, compose features in the app layer (routes), pass intents as data.',
            },
            {
              from: { element: { type: 'shared' } },
              disallow: { to: { element: { type: 'feature' } } },
              message:
                'Shared code imports feature "{{to.element.captured.feature}}" ({{dependency.source}}). Shared folders sit below the features: move the code into src/shared or compose in the app layer.',
            },
            {
              from: { element: { types: APP_ELEMENTS } },
              disallow: {
                to: [
                  { element: { types: APP_ELEMENTS, captured: { app: '!{{from.element.captured.app}}' } } },
                  { module: { source: APP_PACKAGES } },
                ],
              },
              message:
                "The app {{from.element.captured.app}} imports another app ({{dependency.source}}). An app never imports another app's code: share through libs/* (contracts for types) or over the wire.",
            },
            {
              // A back end's tests may start another back end through its test support (contract tests).
              from: { element: { captured: { app: BACK_ENDS } }, file: { categories: 'test' } },
              allow: { to: { element: { captured: { app: BACK_ENDS } }, file: { categories: 'test' } } },
            },
            {
              from: { element: { type: 'lib' } },
              disallow: { to: [{ element: { types: APP_ELEMENTS } }, { module: { source: APP_PACKAGES } }] },
              message:
                'The library {{from.element.captured.lib}} imports an app ({{dependency.source}}). Code flows one way: libs → apps.',
            },
            {
              from: { file: { categories: { allOf: ['product'], noneOf: ['test'] } } },
              disallow: {
                to: [
                  { file: { categories: 'test' } },
                  { module: { source: TEST_PACKAGES } },
                  { module: { source: '@rampquote/*', internalPath: [TEST_FOLDERS, `${TEST_FOLDERS}/**`] } },
                ],
              },
              message:
                'Product code imports the test helper {{dependency.source}}. Only tests (*.spec.*, *.test.*, test/ folders) may import test helpers.',
            },
          ],
        },
      ],
    },
  };
}
