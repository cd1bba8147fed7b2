import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

// pdfjs reads the 14 standard fonts' metrics from its own package when a PDF uses them unembedded.
const standardFontDataUrl = path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts') + path.sep;

interface TextItemLike {
  str: string;
  hasEOL: boolean;
  transform: number[];
}

function isTextItem(item: unknown): item is TextItemLike {
  return typeof item === 'object' && item !== null && 'str' in item && 'transform' in item;
}

/**
 * The text of every page, one string per page with "\n" between lines. Lines come from pdfjs's
 * end-of-line marks and from a change of baseline, so a heading drawn on its own line stays one.
 * Throws when pdfjs cannot read the document (damaged, encrypted).
 */
export async function extractPageTexts(data: Uint8Array): Promise<string[]> {
  // pdfjs may detach the buffer it is given: hand it a copy so the caller's bytes stay usable.
  const task = getDocument({
    data: new Uint8Array(data),
    standardFontDataUrl,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  });
  const doc = await task.promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      let text = '';
      let lastY: number | null = null;
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
