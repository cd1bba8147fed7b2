/**
 * Who may import what, checked on the resolved module graph (imports, re-exports, dynamic
 * import() and require alike) by `npm run lint`: web → shared ← server, and features kept out of
 * each other's internals. scripts/checks/dependencies.mjs reads the same graph (through this
 * configuration) for circles between features.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'web-never-imports-server',
      comment: 'The browser bundle never pulls in server code.',
      severity: 'error',
      from: { path: '^src/web/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'server-never-imports-web-source',
      comment: 'The server loads the built server entry (dist/server-entry), never web source (decision 0020).',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/web/' },
    },
    {
      name: 'shared-stands-alone',
      comment: 'shared/ is pure rules for both sides: it imports neither side.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^src/(server|web)/' },
    },
    {
      name: 'shared-runs-in-the-browser',
      comment: 'shared/ runs in the browser too: no node: modules.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'sanitizer-stays-on-the-server',
      comment: 'sanitize-html is for the server and the server render.',
      severity: 'error',
      from: { path: '^src/web/', pathNot: '^src/web/entry-server\\.tsx$' },
      to: { path: '^src/shared/html-sanitizer\\.ts$' },
    },
    {
      name: 'http-layer-imports-no-feature',
      comment:
        'The HTTP layer (access, hooks, cookies), the sessions it resolves and the settings it reads sit under the features: they import none (a feature imports them).',
      severity: 'error',
      from: { path: '^src/server/(http/|sessions/|settings\\.ts$)' },
      to: { path: '^src/server/features/' },
    },
    {
      name: 'routes-are-their-features-own',
      comment: "Another feature's routes are its own: app.ts registers them; share the use case instead.",
      severity: 'error',
      from: { path: '^src/server/features/([^/]+)/' },
      to: { path: '^src/server/features/[^/]+/routes\\.ts$', pathNot: '^src/server/features/$1/' },
    },
    {
      name: 'admin-screens-are-composed-by-admin',
      comment: "A feature's admin screens are composed by features/admin only.",
      severity: 'error',
      from: { path: '^src/web/features/([^/]+)/', pathNot: '^src/web/features/admin/' },
      to: { path: '^src/web/features/[^/]+/admin/', pathNot: '^src/web/features/$1/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/|\\.test\\.tsx?$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
