import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const WEB_DIR = path.resolve('dist/web');
const BUILT = [path.join(WEB_DIR, 'index.html'), path.resolve('dist/server-entry/entry-server.js')];
const SOURCES = ['src/web', 'src/shared', 'vite.config.ts', 'package-lock.json'];

function newest(target: string): number {
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(target).map((e) => newest(path.join(target, e))));
}

/**
 * API tests of server-rendered pages need the built client and server entry (the browser
 * journeys build them in their global setup): built here when missing or older than the sources,
 * as `npm start` does.
 */
export function ensureWebBuilt() {
  const source = Math.max(...SOURCES.map((s) => newest(path.resolve(s))));
  if (BUILT.every((f) => fs.existsSync(f) && fs.statSync(f).mtimeMs >= source)) return;
  for (const extra of [[], ['--ssr']]) {
    execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', ...extra, '--logLevel', 'warn'], {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }
}
