// One lint config for the monorepo. Bundles reach Chakra UI and react-router only through libs/web-kit
// (ARCHITECTURE section 5); services read process.env only in their config module (CONVENTIONS); the boundaries
// of ARCHITECTURE section 2 hold through eslint-plugin-boundaries (eslint/boundaries.mjs; its test:
// node --test eslint/boundaries.test.mjs).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { boundariesConfig } from './eslint/boundaries.mjs';
import regexp from 'eslint-plugin-regexp';
import prettier from 'eslint-config-prettier';

const root = path.dirname(fileURLToPath(import.meta.url));
/**
 * Bundles reach Chakra, react-router, Redux Toolkit and react-redux only through @rampquote/web-kit (ARCHITECTURE
 * section 5): web-kit is the one shared module that holds them, so each bundle does not ship a copy of its own.
 */
const bundleImportRules = [
  { group: ['@chakra-ui/*'], message: 'Use the components re-exported by @rampquote/web-kit.' },
  {
    group: ['react-router', 'react-router-dom', 'react-router/*'],
    message: 'Use the router pieces re-exported by @rampquote/web-kit.',
  },
  {
    group: ['@reduxjs/toolkit', '@reduxjs/toolkit/*', 'react-redux'],
    message: 'Use the store pieces re-exported by @rampquote/web-kit (useAppDispatch, api, retry).',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '**/*.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Every regular expression runs in linear time: user input reaches most of them.
    plugins: { regexp },
    rules: { 'regexp/no-super-linear-backtracking': 'error', 'regexp/no-super-linear-move': 'error' },
  },
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  {
    files: ['shell/**/*.{ts,tsx}', 'mf-*/**/*.{ts,tsx}', 'libs/web-kit/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['shell/src/**/*.{ts,tsx}', 'mf-*/src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: bundleImportRules }] },
  },
  // Lint zones: no feature imports another feature, no app (micro-frontend, shell, service, gateway) imports
  // another, no library imports an app, no product code imports test helpers.
  boundariesConfig(root),
  {
    files: ['svc-*/src/**/*.ts', 'gateway/src/**/*.ts', 'libs/service-kit/src/**/*.ts'],
    ignores: ['**/config.ts', '**/*.config.ts', '**/main.ts', '**/migrate.ts', '**/*.spec.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through the typed config object.' },
      ],
    },
  },
  {
    // How long a jsdom test may wait is set once per package (web-kit's setup-dom.ts, a package's own setup file),
    // for a busy machine: a spec file that sets it shorter turns a slow run red.
    files: ['shell/**/*.spec.{ts,tsx}', 'mf-*/**/*.spec.{ts,tsx}', 'libs/web-kit/**/*.spec.{ts,tsx}'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'jest', property: 'setTimeout', message: 'The test limit is set in the package setup file.' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='configure'] Property[key.name='asyncUtilTimeout']",
          message: 'How long queries wait is set in the package setup file.',
        },
        {
          selector: "CallExpression Property[key.name='timeout']",
          message: "A query waits as long as the package setup file says; don't pass a shorter timeout.",
        },
        {
          selector: 'CallExpression[callee.name=/^(it|test)$/][arguments.length=3]',
          message: 'The test limit is set in the package setup file; a test takes no limit of its own.',
        },
      ],
    },
  },
  // Layout is Prettier's (`npm run format`; `npm run lint` checks it): no ESLint rule argues with it.
  prettier,
);
