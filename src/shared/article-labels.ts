/**
 * Article categories and access types with their labels. Kept apart
 * from the zod schemas so public pages can show a label without loading zod.
 */
export const ARTICLE_CATEGORIES = ['news', 'views'] as const;
export type ArticleCategory = (typeof ARTICLE_CATEGORIES)[number];
export const ARTICLE_CONTENT_TYPES = ['regular', 'premium'] as const;
export type ArticleContentType = (typeof ARTICLE_CONTENT_TYPES)[number];

export const CATEGORY_LABELS: Record<ArticleCategory, string> = {
  news: 'Racing Affairs & News',
  views: 'VB Betting Strategy & Principles',
};

export const CONTENT_TYPE_LABELS: Record<ArticleContentType, string> = {
  regular: 'Regular (Public)',
  premium: 'Premium (Members Only)',
};
