/** How the articles pages read, order, date and gate the articles the API sends (pure: unit-tested beside it). */
import type { Article } from '#shared/schemas/articles';
import { formatLongDay, isIsoDay, londonDate } from '#shared/london-time';
import { fieldOf, isObject } from '#shared/unknown-values';

/** Articles per column before "See More". */
export const ARTICLES_PER_COLUMN = 5;
/** Characters of an article's summary shown in the admin list. */
const ADMIN_SUMMARY_PREVIEW = 150;

const bool = (v: unknown, fallback = false) => (typeof v === 'boolean' ? v : fallback);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null);

/**
 * An article from the API in camel or snake case, or null when it is not one: an
 * array, or missing id or title. `contentType` defaults to premium when absent (the list's rule:
 * an unknown article is treated as members-only, never opened by mistake).
 */
export function normalizeArticle(raw: unknown): Article | null {
  if (!isObject(raw) || Array.isArray(raw)) return null;
  const r = (key: string) => fieldOf(raw, key);
  const pick = (camel: string, snake: string) => (r(camel) !== undefined ? r(camel) : r(snake));
  const id = r('id');
  const title = str(r('title'));
  if ((typeof id !== 'number' && typeof id !== 'string') || id === '' || !title) return null;
  const slug = str(r('slug')) || String(id);
  const publishDate = str(pick('publishDate', 'publish_date'));
  const content = str(r('content'));
  const article: Article = {
    id: typeof id === 'number' ? id : Number(id) || 0,
    slug,
    canonicalSlug: str(pick('canonicalSlug', 'canonical_slug')) || slug,
    title,
    summary: str(r('summary')) ?? '',
    author: str(r('author')) ?? '',
    category: r('category') === 'views' ? 'views' : 'news',
    contentType: pick('contentType', 'content_type') === 'regular' ? 'regular' : 'premium',
    publishDate: publishDate || null,
    hidePublishDate: bool(pick('hidePublishDate', 'hide_publish_date')),
    isTop5Article: bool(pick('isTop5Article', 'is_top5_article')),
    isMostRecentTop5: bool(pick('isMostRecentTop5', 'is_most_recent_top5')),
    discountCode: str(pick('discountCode', 'discount_code')) || null,
    isPremiumPreview: bool(pick('isPremiumPreview', 'is_premium_preview')),
    createdAt: str(pick('createdAt', 'created_at')) ?? '',
    updatedAt: str(pick('updatedAt', 'updated_at')) ?? '',
  };
  if (content !== null) article.content = content;
  return article;
}

export function normalizeArticles(raw: unknown): Article[] {
  if (!Array.isArray(raw)) return [];
  return raw.map(normalizeArticle).filter((a): a is Article => a !== null);
}

/** YYYY-MM-DD of a publish date (also from an ISO date-time), or null. */
function publishDay(value: string | null | undefined): string | null {
  if (!value) return null;
  const day = value.slice(0, 10);
  return isIsoDay(day) ? day : null;
}

/** Newest first by publish date, undated last. */
export function sortNewestFirst(articles: Article[]): Article[] {
  return [...articles].sort((a, b) => {
    const da = publishDay(a.publishDate);
    const db = publishDay(b.publishDate);
    if (da && db) return da < db ? 1 : da > db ? -1 : b.id - a.id;
    if (da) return -1;
    if (db) return 1;
    return b.id - a.id;
  });
}

export function columnsOf(articles: Article[]): { news: Article[]; views: Article[] } {
  const sorted = sortNewestFirst(articles);
  return { news: sorted.filter((a) => a.category === 'news'), views: sorted.filter((a) => a.category === 'views') };
}

/** "22 November 2026" (en-GB long), or null. */
export function longDate(value: string | null | undefined): string | null {
  const day = publishDay(value);
  return day ? formatLongDay(day, false) : null;
}

/** "Sunday 22 November 2026", or null. */
export function longDateWithWeekday(value: string | null | undefined): string | null {
  const day = publishDay(value);
  return day ? formatLongDay(day, true) : null;
}

/** Older top-5 articles show only "Top 5 selection for {date}" in place of the summary. */
export function top5Label(article: Article): string | null {
  if (!article.isTop5Article || article.isMostRecentTop5) return null;
  const date = longDate(article.publishDate);
  return date ? `Top 5 selection for ${date}` : 'Top 5 selection';
}

/** Whether the reader gets the body: regular articles always, premium ones with member access. */
export function canRead(article: Article, hasMemberAccess: boolean): boolean {
  return article.contentType === 'regular' || hasMemberAccess;
}

/**
 * The slug of the article page: the route parameter, or the path segment after news-and-views
 * when there is none; any query string or hash is cut off.
 */
export function cleanSlug(param: string | undefined, pathname: string): string {
  let raw = param;
  if (!raw) {
    const parts = pathname.split('/').filter(Boolean);
    const at = parts.indexOf('news-and-views');
    raw = at >= 0 ? parts[at + 1] : undefined;
  }
  if (!raw) return '';
  return raw.split(/[?#]/)[0].trim();
}

export function isMissingSlug(slug: string): boolean {
  return slug === '' || slug === 'undefined' || slug === 'null';
}

/** "yyyy-mm-dd" of a date field, or today in London when it cannot be read. */
export function normalizeDateInput(value: string | null | undefined, now: Date = new Date()): string {
  if (value) {
    const day = value.slice(0, 10);
    if (isIsoDay(day)) return day;
    const parsed = new Date(value);
    if (!Number.isNaN(parsed.getTime())) return londonDate(parsed);
  }
  return londonDate(now);
}

/** Summary preview of the admin list: 150 characters plus an ellipsis when longer. */
export function previewText(text: string, max = ADMIN_SUMMARY_PREVIEW): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** The admin list's long date: 'Invalid Date' when unparseable, 'Date not set' when undated. */
export function adminDate(value: string | null | undefined): string {
  if (!value) return 'Date not set';
  return longDate(value) ?? 'Invalid Date';
}
