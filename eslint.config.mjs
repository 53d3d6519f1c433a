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

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
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
    // Arrows point one way: nothing outside api/ and identity/ imports them, and remotes never import the shell.
    files: ['shell/**', 'remote-*/**', 'shared-ui/**', 'shared-api/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            '**/api/src/**',
            '**/identity/src/**',
            '@verity/api',
            '@verity/identity',
            // The package entry only: a deep import would bundle a second copy beside the shared singleton.
            '@verity/shared-api/src/*',
          ],
        },
      ],
    },
  },
  {
    files: ['remote-*/**', 'shared-ui/**', 'shared-api/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            '**/shell/**',
            '@verity/shell',
            '**/remote-*/**',
            '**/api/src/**',
            '**/identity/src/**',
            '@verity/shared-api/src/*',
          ],
        },
      ],
    },
  },
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
  {
    // The shell's Node server is not bundled: like the API, it takes shared-api's Node entry.
    files: ['shell/server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/api/src/**', '**/identity/src/**', '@verity/api', '@verity/identity'] },
            SERVER_ENTRY_ONLY,
          ],
        },
      ],
    },
  },
  {
    // Tests mock single call modules at the edge, so they may name them.
    files: ['**/*.test.ts', '**/*.test.tsx', '**/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['**/api/src/**', '**/identity/src/**', '@verity/api', '@verity/identity'] },
      ],
    },
  },
  {
    // The API and its tests: shared-api's Node entry only (after the test files' block, so it holds there too).
    files: ['api/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [SERVER_ENTRY_ONLY] }] },
  },
);
