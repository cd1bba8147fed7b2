import { CATEGORY_LABELS } from '#shared/article-labels';
import type { HeadProvider, PageHead } from '#server/pages/page-head';
import type { AppContext } from '#server/context';
import { escapeMarkup, publicPageUrl } from '../sitemap/site-url';
import { htmlToText } from './sanitize';
import { findArticle } from './store';

export const DESCRIPTION_MAX = 200;

export interface PageMeta {
  title: string;
  description: string;
  /** Absolute (PUBLIC_URL) or root-relative (`publicPageUrl`). */
  url: string;
  siteName: string;
  type: 'article' | 'website';
  publishedTime?: string | null;
  section?: string;
}

function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}

/**
 * Canonical link and Open Graph / Twitter tags; every value escaped. The description meta
 * itself is not here: the shell writes it (see pageHead), so a page never has two. og:url must
 * be absolute: without PUBLIC_URL it is left out (the canonical link may be root-relative).
 */
export function metaTags(meta: PageMeta): string {
  const description = clip(meta.description, DESCRIPTION_MAX);
  const tags: [string, string, string][] = [
    ['property', 'og:type', meta.type],
    ['property', 'og:site_name', meta.siteName],
    ['property', 'og:title', meta.title],
    ['property', 'og:description', description],
  ];
  if (/^https?:\/\//.test(meta.url)) tags.push(['property', 'og:url', meta.url]);
  tags.push(
    ['name', 'twitter:card', 'summary'],
    ['name', 'twitter:title', meta.title],
    ['name', 'twitter:description', description],
  );
  if (meta.publishedTime) tags.push(['property', 'article:published_time', meta.publishedTime]);
  if (meta.section) tags.push(['property', 'article:section', meta.section]);
  return (
    tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeMarkup(value)}">`).join('') +
    `<link rel="canonical" href="${escapeMarkup(meta.url)}">`
  );
}

/** The page's <title>, its description (clipped like og:description) and the other tags. */
export function pageHead(meta: PageMeta & { documentTitle: string }): PageHead {
  return { title: meta.documentTitle, description: clip(meta.description, DESCRIPTION_MAX), tags: metaTags(meta) };
}

/** The same title the article page sets in the browser once the article has loaded. */
const articleDocumentTitle = (title: string) => `${title} — News & Views — VBG`;

const ARTICLE_PATH = /^\/news-and-views\/([^/]+)\/?$/;

/**
 * Puts an article's title and summary into the page the server returns for
 * /news-and-views/{slug} (its <title>, description and preview tags), so a shared link previews
 * without JavaScript. Only what every visitor may see: title and summary (tags stripped), never
 * the body. No such article: the page answers 404.
 */
export function articleHeadProvider(ctx: AppContext): HeadProvider {
  return async (pathname) => {
    const match = ARTICLE_PATH.exec(pathname);
    if (!match) return null;
    const row = await findArticle(ctx.db, match[1]);
    if (!row) return { notFound: true };
    return pageHead({
      documentTitle: articleDocumentTitle(row.title),
      title: row.title,
      description: htmlToText(row.summary),
      url: publicPageUrl(ctx.config, `/news-and-views/${encodeURIComponent(row.slug)}`),
      siteName: ctx.config.SITE_NAME,
      type: 'article',
      publishedTime: row.hidePublishDate ? null : row.publishDate,
      section: CATEGORY_LABELS[row.category === 'views' ? 'views' : 'news'],
    });
  };
}
