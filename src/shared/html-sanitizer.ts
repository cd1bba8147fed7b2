import sanitizeHtml from 'sanitize-html';
import {
  ALLOWED_STYLE_PROPERTIES,
  ALLOWED_URI_SCHEMES,
  ARTICLE_ALLOWED_ATTRIBUTES,
  ARTICLE_ALLOWED_TAGS,
  SAFE_CSS_VALUE,
  SUMMARY_ALLOWED_TAGS,
} from './sanitize-lists';

/**
 * sanitize-html with the allow-lists of sanitize-lists.ts: the server's save-time sanitising, and the server
 * render's display-time pass (it has no DOM for DOMPurify; decision 0020). The browser uses
 * DOMPurify with the same lists. Anything not on the lists is dropped; script and style elements
 * lose their text too. Only server code and the server entry import this (sanitize-html is not
 * for the browser bundle).
 */
const styleRules: Record<string, RegExp[]> = Object.fromEntries(
  ALLOWED_STYLE_PROPERTIES.map((p) => [p, [SAFE_CSS_VALUE]]),
);

export const NON_TEXT_TAGS = [
  'script',
  'style',
  'textarea',
  'option',
  'noscript',
  'title',
  'xmp',
  'iframe',
  'noembed',
  'noframes',
  'template',
];

const articleOptions: sanitizeHtml.IOptions = {
  allowedTags: [...ARTICLE_ALLOWED_TAGS],
  allowedAttributes: { '*': [...ARTICLE_ALLOWED_ATTRIBUTES] },
  allowedSchemes: [...ALLOWED_URI_SCHEMES],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: true,
  allowedStyles: { '*': styleRules },
  disallowedTagsMode: 'discard',
  nonTextTags: NON_TEXT_TAGS,
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
  nonTextTags: NON_TEXT_TAGS,
};

export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, articleOptions);
}

export function sanitizeSummaryHtml(html: string): string {
  return sanitizeHtml(html, summaryOptions);
}
