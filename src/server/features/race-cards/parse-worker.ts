// Runs in a worker thread (parse-off-thread.ts): exceljs and mammoth hold the CPU for seconds on a
// large file, and a hostile one may try to take the memory too; here they take neither from the server.
import { parentPort, workerData } from 'node:worker_threads';
import { replyFromWorker } from '../../workers/run-worker';
import type { ParseJob } from './parse-off-thread';
import { parseVerdictDocx } from './verdict-document';
import { parseMasterWorkbook } from './workbook';

// Started through workers/ts-worker.mjs, which passes the job beside this module's address.
const { job } = workerData as { job: ParseJob };
const data = Buffer.from(job.data);
replyFromWorker<unknown>((reply) => parentPort!.postMessage(reply), () => (job.kind === 'workbook' ? parseMasterWorkbook(data, job.filename) : parseVerdictDocx(data)));
