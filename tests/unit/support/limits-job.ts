// A job module for the worker tests (tests/unit/run-worker.test.ts), loaded by URL in a worker thread.
import { HttpError } from '#server/http/errors';
import { jobHandler } from '#server/workers/run-worker';

export type LimitsJob =
  { kind: 'double'; bytes: Uint8Array } | { kind: 'refuse' } | { kind: 'fail' } | { kind: 'spin' } | { kind: 'hog' };

// The promise's executor turns what the job throws into its rejection, as an async job's would be.
export default jobHandler<LimitsJob, unknown>((job) => new Promise((resolve) => resolve(run(job))));

function run(job: LimitsJob): unknown {
  switch (job.kind) {
    case 'double':
      return Array.from(job.bytes, (b) => b * 2);
    case 'refuse':
      throw new HttpError(422, 'refused as a client error');
    case 'fail':
      throw new Error('an ordinary failure');
    case 'spin':
      for (;;) {
        // holds the thread until the time limit stops it
      }
    case 'hog': {
      const kept: number[][] = [];
      for (;;) kept.push(new Array<number>(1_000_000).fill(1));
    }
  }
}
