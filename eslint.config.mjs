// One lint setup for the whole workspace.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Servers take shared-api through its Node entry only: the contract, rules, permissions, constants
// and messages, never the browser's HTTP client, calls or session store.
const SERVER_ENTRY_ONLY = {
  regex: '^@verity/shared-api(?!/src/server$)(/.*)?$',
  message: "Servers import shared-api from '@verity/shared-api/src/server' only.",
};

/** Nothing of the product imports the servers' code. */
const SERVERS = ['**/api/src/**', '**/identity/src/**', '@verity/api', '@verity/identity'];
const SHELL = ['**/shell/**', '@verity/shell'];
const REMOTES = ['**/remote-*/**', '@verity/remote-*'];
/** The feature packages (an area's own `src/features/` folders are not these). */
const FEATURES = ['**/features/*/src/**', '@verity/feature-*'];
const SHARED_UI = ['**/shared-ui/**', '@verity/shared-ui', '@verity/shared-ui/*'];
const SHARED_API = ['**/shared-api/**', '@verity/shared-api', '@verity/shared-api/*'];
/** Bundled code takes the contract through its two entries ('@verity/shared-api', '.../calls'). */
const CONTRACT_FILES = ['@verity/shared-api/src/*'];

/**
 * The browser writes a date in the signed-in user's style, through shared-ui's `formatDate` or
 * `DateText` (docs/decisions/0090-one-date-style-per-user.md); shared-api's takes the style as an
 * argument, for the server and for shared-ui's own date module.
 */
const USER_DATE_STYLE = {
  name: '@verity/shared-api',
  importNames: ['formatDate'],
  message:
    "Write a date with shared-ui's formatDate or DateText: they follow the user's date style.",
};

function restrictImports(files, patterns, paths = []) {
  return {
    files,
    rules: { 'no-restricted-imports': ['error', { paths, patterns: [...SERVERS, ...patterns] }] },
  };
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      '.cache/**',
      'coverage/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'e2e/screenshots/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser, ...globals.jest } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: [
      '**/*.cjs',
      '**/jest.config.js',
      '**/webpack.config.js',
      '**/module-federation.config.js',
    ],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.tsx', '**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // A message id is named whole, so the builds put its English message beside it
    // (docs/decisions/0109-languages.md): no id built from pieces.
    files: [
      'shell/src/**',
      'remote-*/src/**',
      'features/*/src/**',
      'shared-ui/src/**',
      'shared-api/src/**',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.name="t"][arguments.0.type="TemplateLiteral"]',
          message: 'Name the message id whole (a table of ids if it depends on a value).',
        },
        {
          selector:
            'CallExpression[callee.name="t"][arguments.0.type="TSAsExpression"][arguments.0.expression.type="TemplateLiteral"]',
          message: 'Name the message id whole (a table of ids if it depends on a value).',
        },
      ],
    },
  },
  // Arrows point one way (docs/architecture.md "Packages"): remotes -> features -> shared-ui ->
  // shared-api -> session; the shell -> shared-ui, shared-api, session. No remote imports another
  // remote or the shell, no feature imports a remote, and nothing imports api/ or identity/.
  restrictImports(['session/**'], [...SHELL, ...REMOTES, ...FEATURES, ...SHARED_UI, ...SHARED_API]),
  restrictImports(['shared-api/**'], [...SHELL, ...REMOTES, ...FEATURES, ...SHARED_UI]),
  {
    // The browser's code in shared-api takes the contract's types only, so no schema reaches a bundle.
    files: ['shared-api/src/**'],
    ignores: ['shared-api/src/contract/**', 'shared-api/src/server.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/contract', '**/contract/*'],
              allowTypeImports: true,
              message: 'Browser code imports the contract with `import type` only.',
            },
          ],
        },
      ],
    },
  },
  restrictImports(
    ['shared-ui/**'],
    [...SHELL, ...REMOTES, ...FEATURES, ...CONTRACT_FILES],
    [USER_DATE_STYLE],
  ),
  // The date module and the date field write in a style they are given (the user's, from its hook).
  restrictImports(
    ['shared-ui/src/date-text/**', 'shared-ui/src/form-field/**'],
    [...SHELL, ...REMOTES, ...FEATURES, ...CONTRACT_FILES],
  ),
  restrictImports(['features/**'], [...SHELL, ...REMOTES, ...CONTRACT_FILES], [USER_DATE_STYLE]),
  // Inside a remote a relative path never names a remote folder, so one that does is another remote's.
  restrictImports(['remote-*/**'], [...SHELL, ...REMOTES, ...CONTRACT_FILES], [USER_DATE_STYLE]),
  restrictImports(
    ['shell/src/**'],
    [...REMOTES, ...FEATURES, ...CONTRACT_FILES],
    [USER_DATE_STYLE],
  ),
  // The shell's Node server is not bundled: like the API, it may take one module of the contract.
  {
    files: ['shell/server/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: SERVERS }, SERVER_ENTRY_ONLY] }],
    },
  },
  // Tests and the test kit may name any module: the kit wraps screens in an area's query client, and
  // two tests replace the CSV export's browser download (saveBlob) inside its call module.
  restrictImports(['**/*.test.ts', '**/*.test.tsx', '**/testing/**'], []),
  {
    // The API and its tests: shared-api's Node entry only (after the test files' block, so it holds there too).
    files: ['api/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [SERVER_ENTRY_ONLY] }] },
  },
);
