import sanitizeHtml from 'sanitize-html';
import {
  ALLOWED_STYLE_PROPERTIES,
  ALLOWED_URI_SCHEMES,
  ARTICLE_ALLOWED_ATTRIBUTES,
  ARTICLE_ALLOWED_TAGS,
  SAFE_CSS_VALUE,
  SUMMARY_ALLOWED_TAGS,
} from '../../../shared/sanitize-lists';

/**
 * Save-time sanitising of admin HTML with the spec 01 §5 lists (the browser sanitises again on
 * display with the same lists). Anything not on the lists is dropped; script and style elements
 * lose their text too.
 */
const styleRules: Record<string, RegExp[]> = Object.fromEntries(ALLOWED_STYLE_PROPERTIES.map((p) => [p, [SAFE_CSS_VALUE]]));

const articleOptions: sanitizeHtml.IOptions = {
  allowedTags: [...ARTICLE_ALLOWED_TAGS],
  allowedAttributes: { '*': [...ARTICLE_ALLOWED_ATTRIBUTES] },
  allowedSchemes: [...ALLOWED_URI_SCHEMES],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: true,
  allowedStyles: { '*': styleRules },
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'template'],
  transformTags: {
    // A link opening a new tab must not hand the new page a handle on ours.
    a: (tagName, attribs) => {
      if (attribs.target === '_blank') return { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } };
      return { tagName, attribs };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

const summaryOptions: sanitizeHtml.IOptions = {
  allowedTags: [...SUMMARY_ALLOWED_TAGS],
  allowedAttributes: {},
  disallowedTagsMode: 'discard',
  nonTextTags: articleOptions.nonTextTags,
};

const textOptions: sanitizeHtml.IOptions = {
  allowedTags: [],
  allowedAttributes: {},
  nonTextTags: articleOptions.nonTextTags,
};

export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, articleOptions);
}

export function sanitizeSummaryHtml(html: string): string {
  return sanitizeHtml(html, summaryOptions);
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': ' ' };

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
