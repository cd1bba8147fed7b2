// Runs in a worker thread (parse-off-thread.ts): exceljs and mammoth hold the CPU for seconds on a
// large file, and a hostile one may try to take the memory too; here they take neither from the server.
import { jobHandler } from '#server/workers/run-worker';
import type { ParseJob } from './parse-off-thread';
import { parseVerdictDocx } from './verdict-document';
import { parseMasterWorkbook } from './workbook';

export default jobHandler<ParseJob, unknown>((job) => {
  const data = Buffer.from(job.data);
  return job.kind === 'workbook' ? parseMasterWorkbook(data, job.filename) : parseVerdictDocx(data);
});
