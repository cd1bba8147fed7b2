import { describe, expect, it } from 'vitest';
import type { Article } from '#shared/schemas/articles';
import {
  adminDate,
  canRead,
  cleanSlug,
  columnsOf,
  isMissingSlug,
  longDateWithWeekday,
  normalizeArticle,
  normalizeArticles,
  normalizeDateInput,
  previewText,
  sortNewestFirst,
  top5Label,
} from './article-rules';

const base = normalizeArticle({
  id: 1,
  title: 'T',
  slug: 't',
  contentType: 'regular',
  category: 'news',
  publishDate: '2025-01-01',
})!;
const art = (over: Partial<Article>): Article => ({ ...base, ...over });

describe('normalizeArticle', () => {
  it('reads camel and snake case with the spec defaults', () => {
    const a = normalizeArticle({
      id: 7,
      title: 'X',
      publish_date: '2025-02-03',
      content_type: 'regular',
      is_top5_article: true,
      discount_code: 'C',
    })!;
    expect(a).toMatchObject({
      id: 7,
      slug: '7',
      canonicalSlug: '7',
      publishDate: '2025-02-03',
      contentType: 'regular',
      isTop5Article: true,
      discountCode: 'C',
      hidePublishDate: false,
      isMostRecentTop5: false,
    });
    expect(normalizeArticle({ id: 8, title: 'Y' })!.contentType).toBe('premium');
  });
  it('refuses arrays and records without id or title', () => {
    expect(normalizeArticle([{ id: 1, title: 'x' }])).toBeNull();
    expect(normalizeArticle({ title: 'x' })).toBeNull();
    expect(normalizeArticle({ id: 1 })).toBeNull();
    expect(normalizeArticle(null)).toBeNull();
    expect(normalizeArticles({ not: 'a list' })).toEqual([]);
    expect(normalizeArticles([{ id: 1, title: 'a' }, { id: 2 }])).toHaveLength(1);
  });
});

describe('ordering and columns', () => {
  it('puts the newest first and undated last, split by category', () => {
    const list = [
      art({ id: 1, title: 'old', publishDate: '2024-01-01' }),
      art({ id: 2, title: 'none', publishDate: null }),
      art({ id: 3, title: 'new', publishDate: '2025-05-01' }),
      art({ id: 4, title: 'view', publishDate: '2025-06-01', category: 'views' }),
    ];
    expect(sortNewestFirst(list).map((a) => a.title)).toEqual(['view', 'new', 'old', 'none']);
    const cols = columnsOf(list);
    expect(cols.news.map((a) => a.title)).toEqual(['new', 'old', 'none']);
    expect(cols.views.map((a) => a.title)).toEqual(['view']);
  });
});

describe('card rules', () => {
  it('labels older top-5 articles by date', () => {
    expect(top5Label(art({ isTop5Article: true, isMostRecentTop5: false, publishDate: '2025-03-08' }))).toBe(
      'Top 5 selection for 8 March 2025',
    );
    expect(top5Label(art({ isTop5Article: true, isMostRecentTop5: false, publishDate: null }))).toBe('Top 5 selection');
    expect(top5Label(art({ isTop5Article: true, isMostRecentTop5: true }))).toBeNull();
    expect(top5Label(art({ isTop5Article: false }))).toBeNull();
  });
  it('lets members read premium and everyone read regular', () => {
    expect(canRead(art({ contentType: 'regular' }), false)).toBe(true);
    expect(canRead(art({ contentType: 'premium' }), false)).toBe(false);
    expect(canRead(art({ contentType: 'premium' }), true)).toBe(true);
  });
  it('formats dates', () => {
    expect(longDateWithWeekday('2025-03-08')).toBe('Saturday 8 March 2025');
    expect(adminDate('2025-03-08T00:00:00Z')).toBe('8 March 2025');
    expect(adminDate('rubbish')).toBe('Invalid Date');
    expect(adminDate(null)).toBe('Date not set');
  });
  it('cuts admin previews at 150 characters', () => {
    expect(previewText('a'.repeat(150))).toBe('a'.repeat(150));
    expect(previewText('a'.repeat(151))).toBe(`${'a'.repeat(150)}...`);
  });
});

describe('article page slug', () => {
  it('strips query and hash, and falls back to the path', () => {
    expect(cleanSlug('my-slug?x=1', '/news-and-views/my-slug')).toBe('my-slug');
    expect(cleanSlug('my-slug#top', '/x')).toBe('my-slug');
    expect(cleanSlug(undefined, '/news-and-views/from-path')).toBe('from-path');
    expect(cleanSlug(undefined, '/news-and-views')).toBe('');
    expect(isMissingSlug('undefined')).toBe(true);
    expect(isMissingSlug('null')).toBe(true);
    expect(isMissingSlug('real')).toBe(false);
  });
  it('normalises date inputs to yyyy-mm-dd, today when invalid', () => {
    const now = new Date('2025-06-10T23:30:00Z');
    expect(normalizeDateInput('2025-01-02', now)).toBe('2025-01-02');
    expect(normalizeDateInput('2025-01-02T10:00:00.000Z', now)).toBe('2025-01-02');
    expect(normalizeDateInput('garbage', now)).toBe('2025-06-11');
    expect(normalizeDateInput(null, now)).toBe('2025-06-11');
  });
});
