import DOMPurify, { type Config } from 'dompurify';
import {
  ALLOWED_URI_REGEXP,
  ARTICLE_ALLOWED_ATTRIBUTES,
  ARTICLE_ALLOWED_TAGS,
  SUMMARY_ALLOWED_TAGS,
  filterInlineStyle,
} from '../../../shared/sanitize-lists';

/**
 * Display-time sanitising with the same spec 01 §5 lists the server applied on save: whatever
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
    if (node.tagName === 'A' && node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer');
  });
}

export function sanitizeArticleHtml(html: string | null | undefined): string {
  if (!html) return '';
  ensureHooks();
  return DOMPurify.sanitize(html, articleConfig) as string;
}

export function sanitizeSummaryHtml(html: string | null | undefined): string {
  if (!html) return '';
  ensureHooks();
  return DOMPurify.sanitize(html, summaryConfig) as string;
}

/** Plain text of an HTML fragment (admin list previews). */
export function htmlToPlainText(html: string | null | undefined): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(sanitizeSummaryHtml(html.replace(/<\/(p|h[1-6]|li|blockquote)>|<br\s*\/?>/gi, '$& ')), 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
