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
    // TEMPORARY (decision 0065): the type-aware rules still failing in code being edited in
    // parallel when they were turned on; each entry goes when its files are fixed. Counts then:
    // src/server: require-await 43, unbound-method 18, no-unnecessary-type-assertion 15,
    // no-unsafe-argument 3, no-unsafe-enum-comparison 2, no-unsafe-assignment 1, no-unsafe-return 1,
    // no-base-to-string 1, restrict-template-expressions 1, only-throw-error 1.
    files: ['src/server/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-enum-comparison': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-base-to-string': 'off',
      '@typescript-eslint/restrict-template-expressions': 'off',
      '@typescript-eslint/only-throw-error': 'off',
    },
  },
  {
    // TEMPORARY (decision 0065), as above: tests/e2e no-unnecessary-type-assertion 1 (billing-refunds),
    // race-cards-page.tsx no-unnecessary-type-assertion 1.
    files: ['tests/e2e/**/*.ts', 'src/web/features/race-cards/race-cards-page.tsx'],
    rules: { '@typescript-eslint/no-unnecessary-type-assertion': 'off' },
  },
  // Who may import what (web → shared ← server, features kept out of each other's internals) is
  // .dependency-cruiser.cjs's, on the resolved graph (scripts/checks/dependencies.mjs).
);
