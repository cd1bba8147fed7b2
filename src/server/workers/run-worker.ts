import { Worker } from 'node:worker_threads';
import { HttpError } from '../http/errors';

/** What a worker posts back for job `id`: its result, or the failure it would have thrown (an HttpError's status kept). */
export type WorkerReply<T> = { id: number } & ({ result: T } | { error: { status?: number; message: string } });

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

interface Pending {
  resolve(value: unknown): void;
  reject(err: unknown): void;
  limits: WorkerLimits;
}

/**
 * One long-lived worker thread for one job module, running one job at a time. Starting a worker
 * costs the module loading and a cold JIT every time (a day's workbook: ~0.8 s in a fresh worker
 * against ~0.15 s in a warm one), so it is kept while jobs come and stopped when idle. A job past
 * its time or a worker out of memory stops the worker; the next job starts a fresh one.
 */
class JobWorker {
  private worker: Worker | undefined;
  private pending = new Map<number, Pending>();
  private nextId = 1;
  private queue: Promise<unknown> = Promise.resolve();
  private idle: NodeJS.Timeout | undefined;

  constructor(private readonly url: URL) {}

  run<T>(job: unknown, limits: WorkerLimits, transfer: ArrayBuffer[]): Promise<T> {
    const result = this.queue.then(() => this.start<T>(job, limits, transfer));
    this.queue = result.catch(() => undefined);
    return result;
  }

  private start<T>(job: unknown, limits: WorkerLimits, transfer: ArrayBuffer[]): Promise<T> {
    clearTimeout(this.idle);
    const worker = (this.worker ??= this.spawn(limits.maxHeapMb));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        this.stop();
        reject(limits.timedOut());
      }, limits.timeoutMs);
      const settle = (fn: () => void) => {
        clearTimeout(timer);
        this.pending.delete(id);
        this.idle = setTimeout(() => this.stop(), IDLE_MS).unref();
        fn();
      };
      this.pending.set(id, { resolve: (v) => settle(() => resolve(v as T)), reject: (e) => settle(() => reject(e)), limits });
      worker.postMessage({ id, job }, transfer);
    });
  }

  private spawn(maxHeapMb: number): Worker {
    const isTs = this.url.pathname.endsWith('.ts');
    const worker = new Worker(isTs ? TS_WORKER : this.url, {
      workerData: isTs ? { module: this.url.href } : undefined,
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: maxHeapMb },
    });
    worker.unref(); // an idle worker never keeps the process alive
    worker.on('message', (reply: WorkerReply<unknown>) => {
      const p = this.pending.get(reply.id);
      if (!p) return;
      if ('result' in reply) p.resolve(reply.result);
      else p.reject(reply.error.status ? new HttpError(reply.error.status, reply.error.message) : new Error(reply.error.message));
    });
    const fail = (err: Error & { code?: string }) => {
      if (this.worker === worker) this.worker = undefined;
      for (const p of this.pending.values()) p.reject(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? p.limits.outOfMemory() : err);
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the worker stopped (exit ${code})`)));
    return worker;
  }

  private stop() {
    const worker = this.worker;
    this.worker = undefined;
    void worker?.terminate();
  }
}

const workers = new Map<string, JobWorker>();

/**
 * Runs one job in the worker thread of its module (issue 17 item 4), so that parsing a large or
 * hostile file never blocks the server's own thread, within a time and a memory limit. An
 * HttpError thrown inside comes back as the same HttpError. Buffers in `transfer` move to the worker
 * instead of being copied on the server's thread (a 10 MB workbook's copy held it for ~30 ms); the
 * caller can no longer read them.
 */
export function runWorker<T>(url: URL, job: unknown, limits: WorkerLimits, transfer: ArrayBuffer[] = []): Promise<T> {
  let worker = workers.get(url.href);
  if (!worker) workers.set(url.href, (worker = new JobWorker(url)));
  return worker.run<T>(job, limits, transfer);
}

/** Inside a worker: answers each job posted to it with its result or its failure. */
export function serveJobs<J, T>(port: { on(event: 'message', fn: (m: { id: number; job: J }) => void): unknown; postMessage(reply: WorkerReply<T>): void }, run: (job: J) => Promise<T>) {
  port.on('message', ({ id, job }) => {
    run(job).then(
      (result) => port.postMessage({ id, result }),
      (err: unknown) => port.postMessage({ id, error: { status: err instanceof HttpError ? err.statusCode : undefined, message: err instanceof Error ? err.message : String(err) } }),
    );
  });
}
