// Runs in a worker thread (extract-text.ts, through run-worker.ts): pdfjs-dist's legacy build (the one pdfjs asks Node to
// use) installs core-js polyfills process-wide. On Node 20 they replaced JSON.stringify and
// Array.prototype.push, which made every request of the server slower; on Node 26 (pdfjs 6) they
// replace neither, but still add core-js's global state. Kept in a worker, they only touch this thread.
// Plain JavaScript so the worker loads the same way under tsx, vitest and node.
import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

// pdfjs reads the 14 standard fonts' metrics from its own package when a PDF uses them unembedded.
const standardFontDataUrl =
  path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts') +
  path.sep;

const isTextItem = (item) => typeof item === 'object' && item !== null && 'str' in item && 'transform' in item;

/** One string per page, "\n" between lines: pdfjs's end-of-line marks and changes of baseline. */
async function pageTexts(data) {
  const task = getDocument({ data, standardFontDataUrl, disableFontFace: true, useSystemFonts: false, verbosity: 0 });
  const doc = await task.promise;
  try {
    const pages = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      let text = '';
      let lastY = null;
      for (const item of content.items) {
        if (!isTextItem(item)) continue;
        const y = item.transform[5];
        if (lastY !== null && Math.abs(y - lastY) > 2 && !text.endsWith('\n')) text += '\n';
        text += item.str;
        if (item.hasEOL) text += '\n';
        lastY = y;
      }
      pages.push(text);
      page.cleanup();
    }
    return pages;
  } finally {
    await task.destroy();
  }
}

/** The job piscina runs (src/server/workers/run-worker.ts): the pages' text, or why the PDF could not be read. */
export default function readPdfText({ data }) {
  return pageTexts(data).then(
    (pages) => ({ result: pages }),
    (err) => ({ error: { message: err instanceof Error ? err.message : String(err) } }),
  );
}
