import sanitizeHtml from 'sanitize-html';
import { NON_TEXT_TAGS, sanitizeArticleHtml, sanitizeSummaryHtml } from '#shared/html-sanitizer';

/**
 * Save-time sanitising of admin HTML with the shared allow-lists (shared/html-sanitizer.ts, which
 * the server render uses too; the browser sanitises again on display with the same lists).
 */
export { sanitizeArticleHtml, sanitizeSummaryHtml };

const textOptions: sanitizeHtml.IOptions = {
  allowedTags: [],
  allowedAttributes: {},
  nonTextTags: NON_TEXT_TAGS,
};

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&nbsp;': ' ',
};

/** Plain text of some HTML (titles, authors, meta descriptions): tags gone, entities decoded once. */
export function htmlToText(html: string): string {
  const stripped = sanitizeHtml(html.replace(/<\/(p|h[1-6]|li|blockquote|div)>|<br\s*\/?>/gi, '$& '), textOptions);
  return stripped
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (e) => ENTITIES[e])
    .replace(/\s+/g, ' ')
    .trim();
}

/** True when sanitised HTML has no visible text and no image. */
export function isBlankHtml(html: string): boolean {
  return htmlToText(html) === '' && !/<img\b/i.test(html) && !/<hr\b/i.test(html);
}
