import { HttpError } from '#server/http/errors';
import { runWorker } from '#server/workers/run-worker';
import type { VerdictSection } from './verdict-document';
import type { WorkbookResult } from './workbook';

export type ParseJob =
  { kind: 'workbook'; data: Uint8Array; filename?: string } | { kind: 'verdict'; data: Uint8Array };

/** A day's master workbook parses in about a second; a minute means a hostile or absurd file. */
const PARSE_TIMEOUT_MS = 60_000;
/** Heap for one parse: exceljs holds a whole 50 MB-unpacked workbook (the zip guard's ceiling) in well under this. */
const PARSE_HEAP_MB = 1024;

const WORKER = new URL('./parse-worker.ts', import.meta.url);

function limitsFor(noun: string) {
  return {
    timeoutMs: PARSE_TIMEOUT_MS,
    maxHeapMb: PARSE_HEAP_MB,
    timedOut: () =>
      new HttpError(
        422,
        `Reading the ${noun} took longer than ${PARSE_TIMEOUT_MS / 1000} s, far longer than a real one takes. Please check the file.`,
      ),
    outOfMemory: () =>
      new HttpError(
        413,
        `Reading the ${noun} needed more than ${PARSE_HEAP_MB} MB of memory, far more than a real one needs. Please check the file.`,
      ),
  };
}

/**
 * The bytes as the worker will get them, without a copy on the server's thread where possible: an
 * upload already sits in shared memory (upload-form.ts), which the worker reads in place. Other
 * bytes are copied once and the copy moved to the worker: the caller still stores the file.
 */
function forWorker(data: Buffer): { bytes: Uint8Array; transfer: ArrayBuffer[] } {
  if (data.buffer instanceof SharedArrayBuffer)
    return { bytes: new Uint8Array(data.buffer, data.byteOffset, data.length), transfer: [] };
  const copy = new Uint8Array(data);
  return { bytes: copy, transfer: [copy.buffer] };
}

/** parseMasterWorkbook, in a worker thread with a time and memory limit. */
export function parseMasterWorkbookOffThread(data: Buffer, filename?: string): Promise<WorkbookResult> {
  const { bytes, transfer } = forWorker(data);
  return runWorker<WorkbookResult>(
    WORKER,
    { kind: 'workbook', data: bytes, filename } satisfies ParseJob,
    limitsFor('workbook'),
    transfer,
  );
}

/** parseVerdictDocx, in a worker thread with a time and memory limit. */
export function parseVerdictDocxOffThread(data: Buffer): Promise<VerdictSection[]> {
  const { bytes, transfer } = forWorker(data);
  return runWorker<VerdictSection[]>(
    WORKER,
    { kind: 'verdict', data: bytes } satisfies ParseJob,
    limitsFor('verdict document'),
    transfer,
  );
}
