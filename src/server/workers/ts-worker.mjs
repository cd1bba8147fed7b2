// Entry of a worker whose job is TypeScript: registers tsx in this thread (as scripts/start.mjs does
// for the server), then hands piscina the job module's default export, the module named in
// workerData. Plain JavaScript so that it loads the same way under node, tsx and Vitest.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const job = await import(workerData.module);
export default job.default;
