// @ts-check
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'packages/e2e/test-results*/**',
      'packages/e2e/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': 'off',
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration in config.ts only.' },
      ],
    },
  },
  {
    files: [
      'packages/server/src/config.ts',
      'packages/e2e/**',
      '**/*.config.ts',
      '**/*.config.js',
      'packages/server/src/test/**',
      'packages/server/src/bench/**',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  // Import boundaries: folders import down a layer, never in a cycle (docs/ARCHITECTURE.md).
  {
    files: ['packages/*/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['packages/*/tsconfig.json'],
          noWarnOnMultipleProjects: true,
          conditionNames: ['source', 'import'],
        }),
      ],
    },
    rules: {},
  },
  // Server boundaries (filled by the ledger-core work).
  {
    files: ['packages/server/src/**/*.ts'],
    rules: {},
  },
  // Web boundaries (filled by the web data-layer work).
  {
    files: ['packages/web/src/**/*.{ts,tsx}'],
    rules: {},
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);
