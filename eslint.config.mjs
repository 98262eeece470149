// One lint config for the monorepo. Bundles reach Chakra UI and react-router only through libs/web-kit
// (ARCHITECTURE section 5); services read process.env only in their config module (CONVENTIONS).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/.data/**', '**/test-results/**', '**/playwright-report/**', '**/*.d.ts'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
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
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@chakra-ui/*'], message: 'Use the components re-exported by @rampquote/web-kit.' },
            { group: ['react-router', 'react-router-dom', 'react-router/*'], message: 'Use the router pieces re-exported by @rampquote/web-kit.' },
          ],
        },
      ],
    },
  },
  {
    files: ['svc-*/src/**/*.ts', 'gateway/src/**/*.ts', 'libs/service-kit/src/**/*.ts'],
    ignores: ['**/config.ts', '**/*.config.ts', '**/main.ts', '**/migrate.ts', '**/*.spec.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration through the typed config object.' }],
    },
  },
);
