import { Worker } from 'node:worker_threads';
import { HttpError } from '../http/errors';

/** What a worker posts back: its result, or the failure it would have thrown (an HttpError's status kept). */
export type WorkerReply<T> = { result: T } | { error: { status?: number; message: string } };

export interface WorkerLimits {
  /** The worker is stopped after this, and the caller gets `timedOut`'s error. */
  timeoutMs: number;
  /** Its heap ceiling: a file that needs more stops the worker, not the server. */
  maxHeapMb: number;
  /** The errors for the two limits, in the caller's words (they name the file and the limit). */
  timedOut: () => Error;
  outOfMemory: () => Error;
}

/** A TypeScript job module starts through ts-worker.mjs, which registers tsx in the worker's thread. */
const TS_WORKER = new URL('./ts-worker.mjs', import.meta.url);

/**
 * Runs one job in a fresh worker thread, so that parsing a large or hostile file never blocks the
 * server's own thread (issue 17 item 4), within a time and a memory limit. The worker posts one
 * `WorkerReply`; an HttpError thrown inside comes back as the same HttpError.
 */
export function runWorker<T>(url: URL, workerData: unknown, limits: WorkerLimits): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const isTs = url.pathname.endsWith('.ts');
    const worker = new Worker(isTs ? TS_WORKER : url, {
      workerData: isTs ? { module: url.href, job: workerData } : workerData,
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb },
    });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      fn();
    };
    const timer = setTimeout(() => settle(() => reject(limits.timedOut())), limits.timeoutMs);
    worker.once('message', (reply: WorkerReply<T>) =>
      settle(() => {
        if ('result' in reply) resolve(reply.result);
        else reject(reply.error.status ? new HttpError(reply.error.status, reply.error.message) : new Error(reply.error.message));
      }),
    );
    worker.once('error', (err: Error & { code?: string }) => settle(() => reject(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? limits.outOfMemory() : err)));
    worker.once('exit', (code) => settle(() => reject(new Error(`the worker stopped (exit ${code})`))));
  });
}

/** Inside a worker: runs the job and posts its result or its failure. */
export function replyFromWorker<T>(post: (reply: WorkerReply<T>) => void, job: () => Promise<T>) {
  job().then(
    (result) => post({ result }),
    (err: unknown) => post({ error: { status: err instanceof HttpError ? err.statusCode : undefined, message: err instanceof Error ? err.message : String(err) } }),
  );
}
