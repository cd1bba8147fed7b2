import Piscina from 'piscina';
import { codeOf, fieldOf } from '#shared/unknown-values';
import { HttpError } from '../http/errors';

/** What a job answers: its result, or the failure it would have thrown (an HttpError's status kept). */
export type WorkerReply<T> = { result: T } | { error: { status?: number; message: string } };

export interface WorkerLimits {
  /** The job is abandoned (and its worker stopped) after this; the caller gets `timedOut`'s error. */
  timeoutMs: number;
  /** The worker's heap ceiling: a file that needs more stops the worker, not the server. */
  maxHeapMb: number;
  /** The errors for the two limits, in the caller's words (they name the file and the limit). */
  timedOut: () => Error;
  outOfMemory: () => Error;
}

/** A TypeScript job module starts through ts-worker.mjs, which registers tsx in the worker's thread. */
const TS_WORKER = new URL('./ts-worker.mjs', import.meta.url);
/** An idle worker is stopped after this, giving its memory back; the next job starts another. */
const IDLE_MS = 5 * 60_000;

const pools = new Map<string, Piscina>();

/**
 * One pool of one thread for each job module, on piscina: it queues the jobs, keeps the thread
 * warm while jobs come (a fresh thread pays the module loading and a cold JIT: a day's workbook
 * takes ~0.8 s there against ~0.15 s in a warm one), stops it when idle, applies the heap ceiling,
 * and replaces a thread stopped by a time limit or by running out of memory.
 */
function poolFor(url: URL, maxHeapMb: number): Piscina {
  let pool = pools.get(url.href);
  if (!pool) {
    const isTs = url.pathname.endsWith('.ts');
    pool = new Piscina({
      filename: (isTs ? TS_WORKER : url).href,
      workerData: isTs ? { module: url.href } : undefined,
      minThreads: 0,
      maxThreads: 1,
      idleTimeout: IDLE_MS,
      resourceLimits: { maxOldGenerationSizeMb: maxHeapMb },
      execArgv: [],
    });
    pools.set(url.href, pool);
  }
  return pool;
}

/**
 * Runs one job in its module's worker thread, so that parsing a large or hostile file never blocks
 * the server's own thread, within a time limit (counted from when the job is asked for, queue
 * included) and a memory limit. An HttpError thrown inside comes back as the same HttpError. Buffers
 * in `transfer` move to the worker instead of being copied on the server's thread (a 10 MB
 * workbook's copy held it for ~30 ms); the caller can no longer read them.
 */
export async function runWorker<T>(
  url: URL,
  job: unknown,
  limits: WorkerLimits,
  transfer: ArrayBuffer[] = [],
): Promise<T> {
  let reply: WorkerReply<T>;
  // piscina types its transfer list from MessagePort.postMessage's last overload (the options
  // object) under current @types/node; at run time it is the list of buffers, as here.
  const transferList = transfer as never;
  try {
    reply = (await poolFor(url, limits.maxHeapMb).run(job, {
      signal: AbortSignal.timeout(limits.timeoutMs),
      transferList,
    })) as WorkerReply<T>;
  } catch (err) {
    if (fieldOf(err, 'name') === 'AbortError') throw limits.timedOut();
    if (codeOf(err) === 'ERR_WORKER_OUT_OF_MEMORY') throw limits.outOfMemory();
    throw err;
  }
  if ('result' in reply) return reply.result;
  throw reply.error.status ? new HttpError(reply.error.status, reply.error.message) : new Error(reply.error.message);
}

/**
 * Inside a worker: the job function its module exports as default. A failure is answered, not
 * thrown, so that an HttpError's status crosses the thread.
 */
export function jobHandler<J, T>(run: (job: J) => Promise<T>): (job: J) => Promise<WorkerReply<T>> {
  return (job) =>
    run(job).then(
      (result) => ({ result }),
      (err: unknown) => ({
        error: {
          status: err instanceof HttpError ? err.statusCode : undefined,
          message: err instanceof Error ? err.message : String(err),
        },
      }),
    );
}
