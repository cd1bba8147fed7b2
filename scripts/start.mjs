// `npm start`: builds the client and the server-render entry (decision 0020) when either is
// missing or older than its sources, then runs the server in this same process (so SIGTERM
// reaches it directly for a graceful shutdown).
import './support/supported-node.mjs';
import path from 'node:path';
import { register } from 'tsx/esm/api';
import { buildWebIfStale } from './support/web-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
try {
  buildWebIfStale({ log: console.log });
} catch (err) {
  console.error(err.message);
  process.exit(1);
}

register();
await import(path.join(root, 'src/server/main.ts'));
