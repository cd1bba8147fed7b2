import { runWorker } from '#server/workers/run-worker';

/** A master PDF's text is read in well under a second; anything longer is a hostile file. */
const EXTRACT_TIMEOUT_MS = 60_000;
/** pdfjs reads a real master PDF in far less. */
const EXTRACT_HEAP_MB = 512;

const WORKER = new URL('./pdf-text-worker.mjs', import.meta.url);

/**
 * The text of every page, one string per page with "\n" between lines. Lines come from pdfjs's
 * end-of-line marks and from a change of baseline, so a heading drawn on its own line stays one.
 * Throws when pdfjs cannot read the document (damaged, encrypted).
 *
 * pdfjs runs in a worker thread (pdf-text-worker.mjs) so that its process-wide polyfills never
 * reach the server's own thread, with its own memory ceiling and a time limit.
 */
export function extractPageTexts(data: Uint8Array): Promise<string[]> {
  // A copy, moved to the worker: the caller's bytes stay usable whatever pdfjs does with its buffer.
  const copy = new Uint8Array(data);
  return runWorker<string[]>(
    WORKER,
    { data: copy },
    {
      timeoutMs: EXTRACT_TIMEOUT_MS,
      maxHeapMb: EXTRACT_HEAP_MB,
      timedOut: () => new Error('reading the PDF took too long'),
      outOfMemory: () => new Error(`reading the PDF needed more than ${EXTRACT_HEAP_MB} MB of memory`),
    },
    [copy.buffer],
  );
}
