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
      'no-restricted-imports': 'off',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // the browser bundle must never pull in server code (DESIGN: imports go one way)
      'no-restricted-imports': ['error', { patterns: ['**/server/**'] }],
    },
  },
  {
    // The server loads the built server entry (dist/server-entry), never web source (decision 0020).
    files: ['src/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/web/**'] }] },
  },
  {
    // sanitize-html is for the server and the server render, never the browser bundle.
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['src/web/entry-server.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**', '**/shared/html-sanitizer'] }] },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**', '**/web/**', 'node:*'] }] },
  },
);
