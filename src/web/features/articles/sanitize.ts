import DOMPurify, { type Config } from 'dompurify';
import {
  ALLOWED_URI_REGEXP,
  ARTICLE_ALLOWED_ATTRIBUTES,
  ARTICLE_ALLOWED_TAGS,
  SUMMARY_ALLOWED_TAGS,
  filterInlineStyle,
} from '#shared/sanitize-lists';

/**
 * Display-time sanitising with the same allow-lists the server applied on save: whatever
 * reaches the page (an old row, a bug upstream) passes the allow-list again here.
 */
const articleConfig: Config = {
  ALLOWED_TAGS: [...ARTICLE_ALLOWED_TAGS],
  ALLOWED_ATTR: [...ARTICLE_ALLOWED_ATTRIBUTES],
  ALLOWED_URI_REGEXP,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
};

const summaryConfig: Config = {
  ALLOWED_TAGS: [...SUMMARY_ALLOWED_TAGS],
  ALLOWED_ATTR: [],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
};

/** The same lists applied without a DOM (sanitize-html); plugged in by the server entry only. */
export interface HtmlSanitizer {
  article(html: string): string;
  summary(html: string): string;
}
let withoutDom: HtmlSanitizer | null = null;

/**
 * The server render has no DOM, and DOMPurify without one returns its input untouched: the server
 * entry plugs in sanitize-html with the same lists (decision 0020), and with neither there is no
 * rendering admin HTML at all.
 */
export function setSanitizerWithoutDom(sanitizer: HtmlSanitizer) {
  withoutDom = sanitizer;
}

function domlessSanitizer(): HtmlSanitizer | null {
  if (typeof window !== 'undefined') return null;
  if (!withoutDom) throw new Error('No DOM for DOMPurify and no sanitizer plugged in (setSanitizerWithoutDom)');
  return withoutDom;
}

let hooked = false;
function ensureHooks() {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('uponSanitizeAttribute', (_node, data) => {
    if (data.attrName === 'style') {
      const kept = filterInlineStyle(data.attrValue);
      if (kept) data.attrValue = kept;
      else data.keepAttr = false;
    }
  });
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.getAttribute('target') === '_blank')
      node.setAttribute('rel', 'noopener noreferrer');
  });
}

export function sanitizeArticleHtml(html: string | null | undefined): string {
  if (!html) return '';
  const server = domlessSanitizer();
  if (server) return server.article(html);
  ensureHooks();
  return DOMPurify.sanitize(html, articleConfig);
}

export function sanitizeSummaryHtml(html: string | null | undefined): string {
  if (!html) return '';
  const server = domlessSanitizer();
  if (server) return server.summary(html);
  ensureHooks();
  return DOMPurify.sanitize(html, summaryConfig);
}

/** Plain text of an HTML fragment (admin list previews). */
export function htmlToPlainText(html: string | null | undefined): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(
    sanitizeSummaryHtml(html.replace(/<\/(p|h[1-6]|li|blockquote)>|<br\s*\/?>/gi, '$& ')),
    'text/html',
  );
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
