import { Worker } from 'node:worker_threads';

/** A master PDF's text is read in well under a second; anything longer is a hostile file. */
const EXTRACT_TIMEOUT_MS = 60_000;

/**
 * The text of every page, one string per page with "\n" between lines. Lines come from pdfjs's
 * end-of-line marks and from a change of baseline, so a heading drawn on its own line stays one.
 * Throws when pdfjs cannot read the document (damaged, encrypted).
 *
 * pdfjs runs in a worker thread (pdf-text-worker.mjs) so that its process-wide polyfills never
 * reach the server's own thread, with its own memory ceiling and a time limit.
 */
export function extractPageTexts(data: Uint8Array): Promise<string[]> {
  return new Promise((resolve, reject) => {
    // A copy: the caller's bytes stay usable whatever pdfjs does with its buffer.
    const worker = new Worker(new URL('./pdf-text-worker.mjs', import.meta.url), {
      workerData: { data: new Uint8Array(data) },
      resourceLimits: { maxOldGenerationSizeMb: 512 },
      execArgv: [],
    });
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new Error('reading the PDF took too long'));
    }, EXTRACT_TIMEOUT_MS);
    const finish = () => clearTimeout(timer);
    worker.once('message', (message: { pages?: string[]; error?: string }) => {
      finish();
      void worker.terminate();
      if (message.pages) resolve(message.pages);
      else reject(new Error(message.error ?? 'the PDF could not be read'));
    });
    worker.once('error', (err) => {
      finish();
      reject(err);
    });
    worker.once('exit', (code) => {
      finish();
      reject(new Error(`the PDF reader stopped (exit ${code})`));
    });
  });
}
