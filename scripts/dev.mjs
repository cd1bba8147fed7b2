// `npm run dev`: the API server with reload (tsx watch) and Vite's dev server with hot reload.
// Open the Vite address it prints; /api calls are proxied to the server.
import './support/supported-node.mjs';
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const env = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'development' };
const children = [
  spawn(
    process.execPath,
    [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'watch', '--clear-screen=false', 'src/server/main.ts'],
    { cwd: root, env, stdio: 'inherit' },
  ),
  spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js')], { cwd: root, env, stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children)
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
