// The web client and its server-render entry (decision 0020), built by Vite when either is missing
// or older than its sources: the one build used by `npm start`, `npm test` and the tests that
// serve pages. Run directly (`node scripts/support/web-build.mjs`) it builds if stale and exits.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '../..');
export const WEB_DIR = path.join(root, 'dist/web');
const BUILT = [path.join(WEB_DIR, 'index.html'), path.join(root, 'dist/server-entry/entry-server.js')];
const SOURCES = ['src/web', 'src/shared', 'vite.config.ts', 'package-lock.json'].map((p) => path.join(root, p));

function newestMtime(target) {
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(target).map((entry) => newestMtime(path.join(target, entry))));
}

/** Builds when stale; returns whether it built. Throws if Vite fails. */
export function buildWebIfStale({ log = () => {} } = {}) {
  const newestSource = Math.max(...SOURCES.filter((p) => fs.existsSync(p)).map(newestMtime));
  if (BUILT.every((file) => fs.existsSync(file) && fs.statSync(file).mtimeMs >= newestSource)) return false;
  log('Building the web client and its server-render entry…');
  for (const extra of [[], ['--ssr']]) {
    // Vitest sets NODE_ENV=test, and Vite would then bundle React's development build (over
    // 500 kB, and not what visitors get): every build here is the production one.
    const result = spawnSync(
      process.execPath,
      [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', ...extra, '--logLevel', 'warn'],
      {
        cwd: root,
        stdio: 'inherit',
        env: { ...process.env, NODE_ENV: 'production' },
      },
    );
    if (result.status !== 0) throw new Error(`vite build ${extra.join(' ')} failed (exit ${result.status})`);
  }
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    buildWebIfStale({ log: console.log });
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}
