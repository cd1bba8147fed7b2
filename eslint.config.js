import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'test-data/**', 'artifacts/**', 'node_modules/**', 'src/server/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // The rules that read the types (decision 0065): a promise nobody awaits or handles, a promise
  // handed where a plain value is expected, a value of type `any` used as if checked, an assertion
  // that changes nothing, an `async` function with nothing to await, a method taken off its object.
  ...tseslint.configs.recommendedTypeChecked.map((config) => ({ ...config, files: ['**/*.{ts,tsx}'] })),
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
  },
  {
    // Tests read the app's JSON answers as `any` on purpose (tests/support/http-client.ts's
    // `json`, a page's `response.json()`, vitest's `expect.any`/`objectContaining`) and check
    // their shape with expect; typing each answer first would only repeat the assertion.
    files: ['tests/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // A test double answers an async interface at once (a fake database's `listen`, a stub
    // `load`): an `async` function with nothing to await is its plainest form.
    files: ['**/*.test.ts'],
    rules: { '@typescript-eslint/require-await': 'off' },
  },
  // Who may import what (web → shared ← server, features kept out of each other's internals) is
  // .dependency-cruiser.cjs's, on the resolved graph (scripts/checks/dependencies.mjs).
);
