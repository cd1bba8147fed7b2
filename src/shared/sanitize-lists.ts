/**
 * The HTML allow-lists (article bodies and summaries), used twice: by sanitize-html when an admin saves an
 * article (server) and by DOMPurify when a page shows one (browser). One list, two sanitisers:
 * a gap in either is covered by the other.
 */

/** Article bodies (the article page). */
export const ARTICLE_ALLOWED_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'blockquote',
  'a',
  'span',
  'div',
  'hr',
  'sub',
  'sup',
  'img',
] as const;

export const ARTICLE_ALLOWED_ATTRIBUTES = ['href', 'target', 'rel', 'class', 'id', 'style', 'src', 'alt'] as const;

/** URI schemes allowed in href and src; relative URLs (no scheme) are allowed too. */
export const ALLOWED_URI_SCHEMES = ['http', 'https', 'ftp', 'mailto', 'tel', 'callto', 'sms', 'cid', 'xmpp'] as const;

/** Summaries in lists and plain article text: formatting only, no attributes at all. */
export const SUMMARY_ALLOWED_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'blockquote',
] as const;

/**
 * DOMPurify's URI test: one of the schemes, or no scheme at all (relative). A value whose first
 * ":" comes before any "/", "?" or "#" has a scheme, so it must be one of ours.
 * (The same shape as DOMPurify's default expression, with our list.)
 */
export const ALLOWED_URI_REGEXP = new RegExp(
  `^(?:(?:${ALLOWED_URI_SCHEMES.join('|')}):|[^a-z]|[a-z+.\\-]+(?:[^a-z+.\\-:]|$))`,
  'i',
);

/**
 * The `style` attribute is allowed (the editor aligns text with it), but only with these
 * properties and harmless values: no url(), expression(), behaviours or imports.
 */
export const ALLOWED_STYLE_PROPERTIES = [
  'color',
  'background-color',
  'text-align',
  'text-decoration',
  'font-weight',
  'font-style',
  'font-size',
  'line-height',
  'margin',
  'margin-top',
  'margin-bottom',
  'margin-left',
  'margin-right',
  'padding',
  'padding-top',
  'padding-bottom',
  'padding-left',
  'padding-right',
  'width',
  'height',
  'max-width',
  'vertical-align',
  'list-style-type',
] as const;

/**
 * A harmless CSS value: colours, lengths, keywords (letters, digits, spaces, a little
 * punctuation) and none of the words that make CSS run code or fetch things.
 */
export const SAFE_CSS_VALUE =
  /^(?![\s\S]*(?:url|expression|javascript|vbscript|behavior|binding|import|image-set|element))[-a-z0-9#%.,\s()!]+$/i;

export function isSafeCssValue(value: string): boolean {
  return SAFE_CSS_VALUE.test(value);
}

/** Keeps only allowed declarations of an inline style; '' when nothing survives. */
export function filterInlineStyle(style: string): string {
  const allowed = new Set<string>(ALLOWED_STYLE_PROPERTIES);
  const kept: string[] = [];
  for (const declaration of style.split(';')) {
    const at = declaration.indexOf(':');
    if (at < 0) continue;
    const property = declaration.slice(0, at).trim().toLowerCase();
    const value = declaration.slice(at + 1).trim();
    if (allowed.has(property) && value && isSafeCssValue(value)) kept.push(`${property}: ${value}`);
  }
  return kept.join('; ');
}
