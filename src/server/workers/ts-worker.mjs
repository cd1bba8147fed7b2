// Entry of a worker whose job is TypeScript: registers tsx in this thread (as scripts/start.mjs does
// for the server), then loads the job module named in workerData. Plain JavaScript so that it loads
// the same way under node, tsx and Vitest.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.module);
