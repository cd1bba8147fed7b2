import { z } from 'zod';
import { isIsoDay } from '../london-time';
import {
  ARTICLE_CATEGORIES,
  ARTICLE_CONTENT_TYPES,
  type ArticleCategory,
  type ArticleContentType,
} from '../article-labels';

/** News & Views articles as readers and the admin see them. */
const ARTICLE_LIMITS = {
  title: 200,
  summary: 5_000,
  content: 500_000,
  author: 120,
  discountCode: 40,
} as const;

/** Accepts YYYY-MM-DD, or an ISO date-time whose date part is taken; '' or null = undated. */
const publishDate = z.union([z.string(), z.null()]).transform((v, ctx) => {
  if (v === null || v.trim() === '') return null;
  const day = v.trim().slice(0, 10);
  if (!isIsoDay(day) || (v.trim().length > 10 && v.trim()[10] !== 'T')) {
    ctx.addIssue({ code: 'custom', message: 'Publish date must be a date in YYYY-MM-DD form' });
    return z.NEVER;
  }
  return day;
});

const discountCode = z
  .union([z.string(), z.null()])
  .transform((v) => (v === null ? null : v.trim() || null))
  .refine(
    (v) => v === null || v.length <= ARTICLE_LIMITS.discountCode,
    `Discount code must be at most ${ARTICLE_LIMITS.discountCode} characters`,
  )
  .refine(
    (v) => v === null || /^[A-Za-z0-9_-]+$/.test(v),
    'Discount code may only contain letters, numbers, hyphens and underscores',
  );

const fields = {
  title: z
    .string({ message: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(ARTICLE_LIMITS.title, `Title must be at most ${ARTICLE_LIMITS.title} characters`),
  summary: z
    .string({ message: 'Summary is required' })
    .trim()
    .min(1, 'Summary is required')
    .max(ARTICLE_LIMITS.summary, `Summary must be at most ${ARTICLE_LIMITS.summary} characters`),
  content: z
    .string({ message: 'Content is required' })
    .trim()
    .min(1, 'Content is required')
    .max(ARTICLE_LIMITS.content, 'Content is too long'),
  author: z
    .string({ message: 'Author must be text' })
    .trim()
    .max(ARTICLE_LIMITS.author, `Author must be at most ${ARTICLE_LIMITS.author} characters`),
  category: z.enum(ARTICLE_CATEGORIES, { message: 'Category must be news or views' }),
  contentType: z.enum(ARTICLE_CONTENT_TYPES, { message: 'Content type must be regular or premium' }),
  publishDate,
  hidePublishDate: z.boolean({ message: 'hidePublishDate must be true or false' }),
  isTop5Article: z.boolean({ message: 'isTop5Article must be true or false' }),
  discountCode,
};

/** POST /api/admin/news-and-views. Omitted optional fields take the spec's defaults on the server. */
export const createArticleBody = z.object({
  title: fields.title,
  summary: fields.summary,
  content: fields.content,
  author: fields.author.optional(),
  category: fields.category.optional(),
  contentType: fields.contentType.optional(),
  publishDate: fields.publishDate.optional(),
  hidePublishDate: fields.hidePublishDate.optional(),
  isTop5Article: fields.isTop5Article.optional(),
  discountCode: fields.discountCode.optional(),
});
export type CreateArticleBody = z.infer<typeof createArticleBody>;

/** PUT /api/admin/news-and-views/{id}: any subset; what is sent must be valid. */
export const updateArticleBody = createArticleBody.partial();
export type UpdateArticleBody = z.infer<typeof updateArticleBody>;

/** An article as the API answers it (camel case). `content` is absent in lists and previews. */
export interface Article {
  id: number;
  slug: string;
  canonicalSlug: string;
  title: string;
  summary: string;
  content?: string;
  author: string;
  category: ArticleCategory;
  contentType: ArticleContentType;
  publishDate: string | null;
  hidePublishDate: boolean;
  isTop5Article: boolean;
  isMostRecentTop5: boolean;
  discountCode: string | null;
  /** True when the body was withheld: a premium article for someone without member access. */
  isPremiumPreview: boolean;
  createdAt: string;
  updatedAt: string;
}

interface ArticleMessage {
  message: string;
}
export interface UpdateArticleResponse extends ArticleMessage {
  article: Article;
}
export interface AutomateAccessResponse extends ArticleMessage {
  success: true;
  updated: number;
}
export interface ImportResourcesResponse extends ArticleMessage {
  success: true;
  imported: number;
}
