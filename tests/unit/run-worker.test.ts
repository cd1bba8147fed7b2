import { describe, expect, it } from 'vitest';
import { HttpError } from '#server/http/errors';
import { runWorker, type WorkerLimits } from '#server/workers/run-worker';
import type { LimitsJob } from './support/limits-job';

const JOB = new URL('./support/limits-job.ts', import.meta.url);

const limits = (timeoutMs = 20_000, maxHeapMb = 64): WorkerLimits => ({
  timeoutMs,
  maxHeapMb,
  timedOut: () => new HttpError(422, 'took too long'),
  outOfMemory: () => new HttpError(413, 'needed too much memory'),
});

const run = (job: LimitsJob, l = limits(), transfer: ArrayBuffer[] = []) => runWorker<number[]>(JOB, job, l, transfer);

describe('jobs in a worker thread', () => {
  it('answers with the result, and the buffers moved to the worker are no longer the caller’s', async () => {
    const bytes = new Uint8Array([1, 2, 3]);
    expect(await run({ kind: 'double', bytes }, limits(), [bytes.buffer])).toEqual([2, 4, 6]);
    expect(bytes.byteLength).toBe(0);
  });

  it('brings an HttpError back with its status, and any other failure as an Error', async () => {
    await expect(run({ kind: 'refuse' })).rejects.toMatchObject({
      statusCode: 422,
      message: 'refused as a client error',
    });
    const failure = await run({ kind: 'fail' }).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(HttpError);
    expect((failure as Error).message).toBe('an ordinary failure');
  });

  it('stops a job past its time with the caller’s error, and the next job still runs', async () => {
    await expect(run({ kind: 'spin' }, limits(500))).rejects.toMatchObject({
      statusCode: 422,
      message: 'took too long',
    });
    expect(await run({ kind: 'double', bytes: new Uint8Array([5]) })).toEqual([10]);
  });

  it('stops a job that takes more than its heap with the caller’s error, and the next job still runs', async () => {
    await expect(run({ kind: 'hog' })).rejects.toMatchObject({ statusCode: 413, message: 'needed too much memory' });
    expect(await run({ kind: 'double', bytes: new Uint8Array([7]) })).toEqual([14]);
  });
});
