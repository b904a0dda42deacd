// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import i18next from 'eslint-plugin-i18next';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The server's modules, and those the ledger stands on (it imports nothing else from modules/).
const server = 'packages/server/src';
const serverModules = readdirSync(`${server}/modules`, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const BELOW_LEDGER = ['users', 'auth', 'rates'];
// The feature modules import stands on; bank sync stands on import and these.
const BELOW_IMPORT = [
  'rules',
  'transactions',
  'conversions',
  'fixpoints',
  'pockets',
  'categories',
  'backup',
  'export',
  'schedules',
].map((m) => `./modules/${m}`);
/** Every module folder but `name` and those it stands on, as zone paths. */
const modulesAbove = (name) =>
  serverModules.filter((m) => m !== name && !BELOW_LEDGER.includes(m)).map((m) => `./modules/${m}`);

// The web app's layers, top down: app -> features -> shared -> components -> lib (docs/ARCHITECTURE.md).
const web = 'packages/web/src';
const features = readdirSync(`${web}/features`, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

// The web folders whose every text goes through i18n (issue 36; docs/DECISIONS.md, Languages): the
// lint refuses a text written straight into their JSX. A folder converted joins the list.
const TRANSLATED = [
  `${web}/app`,
  `${web}/components`,
  `${web}/lib`,
  `${web}/features/public`,
  `${web}/features/analytics`,
  `${web}/features/budgets`,
  `${web}/features/settle-up`,
  `${web}/features/search`,
  `${web}/features/admin`,
  `${web}/features/dashboard`,
  `${web}/features/transactions`,
  `${web}/features/operations`,
  `${web}/features/manage`,
  `${web}/features/user`,
  `${web}/features/registration`,
];
// Files in those folders not converted yet, each with its owner's reason.
const NOT_YET_TRANSLATED = [];

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
  // A house that stays easy to read (issue 33): no source file over 400 lines and no function over
  // 100; tests, which read as lists of cases, are left out.
  {
    files: ['packages/*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/test/**'],
    rules: {
      'max-lines': ['error', { max: 400 }],
      'max-lines-per-function': ['error', { max: 100, IIFEs: true }],
    },
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
  // Server boundaries (docs/ARCHITECTURE.md). Tests wire across layers on purpose and are left out.
  {
    files: ['packages/server/src/**/*.ts'],
    ignores: ['packages/server/src/**/*.test.ts', 'packages/server/src/test/**'],
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: `${import.meta.dirname}/packages/server/src`,
          zones: [
            {
              target: './modules',
              from: ['./app.ts', './main.ts', './jobs', './cli', './bench'],
              message: 'Modules are wired by app.ts and jobs/, never the reverse.',
            },
            { target: ['./db', './http'], from: './modules', message: 'db/ and http/ sit below every module.' },
            {
              target: './modules/ledger',
              from: modulesAbove('ledger'),
              message: 'The ledger is below the feature modules: move what it needs down into ledger/.',
            },
            {
              // Every folder beside the ledger reaches it through its one public face.
              target: [
                ...serverModules.filter((m) => m !== 'ledger').map((m) => `./modules/${m}`),
                './jobs',
                './cli',
                './bench',
              ],
              from: './modules/ledger',
              except: ['./index.ts'],
              message: 'Outside ledger/, import the ledger only from modules/ledger/index.ts (its public face).',
            },
            {
              target: BELOW_IMPORT,
              from: './modules/import',
              message: 'Import stands on the ledger and the feature modules; nothing below it reads it.',
            },
            {
              target: './modules/import/formats',
              from: [
                './modules/import/service.ts',
                './modules/import/commit.ts',
                './modules/import/repository.ts',
                './modules/import/routes.ts',
              ],
              message: 'formats/ reads files into rows; it knows nothing of the books.',
            },
            {
              target: './modules/users',
              from: './modules',
              except: ['./users'],
              message: 'users/ (the user record) is the bottom module.',
            },
            {
              target: './modules/auth',
              from: './modules',
              except: ['./auth', './users'],
              message: 'auth/ (sessions, guards) stands only on users/.',
            },
            {
              target: ['./modules/import', ...BELOW_IMPORT],
              from: './modules/bank-sync',
              message: 'Bank sync stands on import (its syncs are import batches); nothing below it reads it.',
            },
            {
              target: './modules/currencies',
              from: './modules/pockets',
              message: 'Pockets stand on currencies; adding a currency with pockets lives in pockets/.',
            },
          ],
        },
      ],
    },
  },
  // Web boundaries: each layer imports only those below it; a feature reaches another only
  // through its index.ts; the test harness (test/) may wire up the whole app.
  {
    files: ['packages/web/src/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: `${web}/features`,
              from: `${web}/app`,
              message: 'Features sit below the app: move what they share into shared/ or lib/.',
            },
            ...features.map((name) => ({
              target: `${web}/features/${name}`,
              from: `${web}/features`,
              except: [
                `./${name}`,
                ...features.filter((other) => other !== name).map((other) => `./${other}/index.ts`),
              ],
              message: 'Another feature is reached only through its index.ts.',
            })),
            {
              target: `${web}/shared`,
              from: [`${web}/app`, `${web}/features`, `${web}/components`],
              message: 'shared/ holds session and data below every screen.',
            },
            {
              target: `${web}/components`,
              from: [`${web}/app`, `${web}/features`, `${web}/shared`],
              message: 'Components fetch nothing and know no feature: take data as props.',
            },
            {
              target: `${web}/lib`,
              from: [`${web}/app`, `${web}/features`, `${web}/shared`, `${web}/components`, `${web}/test`],
              message: 'lib/ sits below every screen.',
            },
            {
              target: `${web}/i18n`,
              from: [
                `${web}/app`,
                `${web}/features`,
                `${web}/shared`,
                `${web}/components`,
                `${web}/lib`,
                `${web}/test`,
              ],
              message: 'i18n/ (languages and texts) is the bottom layer: it knows no screen.',
            },
          ],
        },
      ],
    },
  },
  // Issue 36: figures and dates follow the person's number and date formats, so the web formats
  // only through lib/display-format.ts, which binds the spec's formatters of @kassa/money to them.
  {
    files: ['packages/web/src/**/*.{ts,tsx}'],
    ignores: ['packages/web/src/lib/display-format.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@kassa/money',
              importNames: [
                'formatMoney',
                'formatMoneyMinor',
                'formatRate',
                'formatDate',
                'formatIsoDate',
                'formatTime',
                'abbreviate',
                'formatNumber',
                'formatDecimal',
              ],
              message: "Import it from lib/display-format.ts: it follows the person's number and date format.",
            },
            {
              name: 'react-i18next',
              importNames: ['Trans'],
              message:
                'Import Trans from i18n/Trans.tsx: the same props, without the 4.9 kB HTML parser in a first load.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // No untranslated text (issue 36): JSX text, and strings in the attributes a person reads or
  // hears (label, placeholder, title, aria-label, …), must come from `t`. Strings without a letter
  // (' · ', '→'), class names, test ids, URLs and style values are not texts.
  {
    files: TRANSLATED.map((folder) => `${folder}/**/*.tsx`),
    ignores: ['**/*.test.tsx', ...NOT_YET_TRANSLATED],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'should-validate-template': true,
          'jsx-attributes': {
            include: [
              'label',
              'placeholder',
              'title',
              'alt',
              'aria-label',
              'aria-description',
              'aria-valuetext',
              'description',
              'error',
              'message',
              'tooltip',
              'nothingFoundMessage',
              '.+Label',
            ],
          },
          words: { exclude: [/^[^\p{L}]*$/u] },
          message: 'Untranslated text: put it in the locale files and use t() (docs/DECISIONS.md, Languages)',
        },
      ],
    },
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);
