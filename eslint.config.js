import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const NO_SERVER = [{ group: ['**/server/**', '\\#server/**'], message: 'The browser never imports server code.' }];
const NO_WEB = [{ group: ['**/web/**', '\\#web/**'], message: 'The server never imports web source.' }];
const NO_SANITIZER = [{ group: ['**/shared/html-sanitizer', '\\#shared/html-sanitizer'], message: 'sanitize-html is for the server and the server render.' }];
const NO_OTHER_ROUTES = [{ group: ['../*/routes', '\\#server/features/*/routes'], message: "Another feature's routes are its own: share the use case instead." }];
const NO_OTHER_ADMIN = [{ group: ['../*/admin/*', '../../*/admin/*', '\\#web/features/*/admin/*'], message: "A feature's admin screens are composed by features/admin only." }];

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
    },
  },
  // Who may import what (DESIGN: web → shared ← server). One no-restricted-imports per file set,
  // since a later block replaces the rule rather than adding to it.
  {
    // The server loads the built server entry (dist/server-entry), never web source (decision 0020).
    // Routes are registered by app.ts only: a feature never reaches into another's routes.ts.
    files: ['src/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...NO_WEB, ...NO_OTHER_ROUTES] }] },
  },
  {
    // The browser bundle never pulls in server code, nor sanitize-html (server and server render only).
    // A feature's admin screens are composed by features/admin only.
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['src/web/entry-server.tsx', 'src/web/features/admin/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...NO_SERVER, ...NO_SANITIZER, ...NO_OTHER_ADMIN] }] },
  },
  {
    files: ['src/web/features/admin/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...NO_SERVER, ...NO_SANITIZER] }] },
  },
  {
    files: ['src/web/entry-server.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: NO_SERVER }] },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...NO_SERVER, ...NO_WEB, { group: ['node:*'], message: 'shared/ runs in the browser too.' }] }] },
  },
);
