// `npm start`: builds the client and the server-render entry (decision 0020) when either is
// missing or older than its sources, then runs the server in this same process (so SIGTERM
// reaches it directly for a graceful shutdown).
import './support/supported-node.mjs';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { register } from 'tsx/esm/api';

const root = path.resolve(import.meta.dirname, '..');
const built = ['dist/web/index.html', 'dist/server-entry/entry-server.js'].map((p) => path.join(root, p));

function newestMtime(target) {
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const sources = ['src/web', 'src/shared', 'vite.config.ts', 'package-lock.json'].map((p) => path.join(root, p)).filter((p) => fs.existsSync(p));
const newestSource = Math.max(...sources.map(newestMtime));
const stale = built.some((file) => !fs.existsSync(file) || newestSource > fs.statSync(file).mtimeMs);
if (stale) {
  console.log('Building the web client and its server-render entry…');
  for (const extra of [[], ['--ssr']]) {
    const result = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', ...extra, '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

register();
await import(path.join(root, 'src/server/main.ts'));
