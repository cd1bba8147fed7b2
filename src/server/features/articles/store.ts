import { and, desc, eq, getTableColumns, like, or, sql } from 'drizzle-orm';
import type { Article } from '#shared/schemas/articles';
import type { DbOrTx } from '#server/db/client';
import { articles } from '#server/db/schema';
import { parseArticleRef, uniqueSlug } from './slug';

export type ArticleRow = typeof articles.$inferSelect;
export type ArticleHead = Omit<ArticleRow, 'content'>;

/** Every column but the body: lists never read it. */
const { content: _content, ...columnsWithoutBody } = getTableColumns(articles);
export const headColumns = columnsWithoutBody;

/** Newest first by publish date, undated last, then newest created. */
export const newestFirst = [sql`${articles.publishDate} desc nulls last`, desc(articles.createdAt), desc(articles.id)];

/**
 * The one top-5 article that counts as "most recent": the newest by publish date. Derived on
 * every read, so a new top-5 article takes the flag from the previous one without any update.
 */
export async function mostRecentTop5Id(db: DbOrTx): Promise<number | null> {
  const [row] = await db
    .select({ id: articles.id })
    .from(articles)
    .where(eq(articles.isTop5Article, true))
    .orderBy(...newestFirst)
    .limit(1);
  return row?.id ?? null;
}

export async function findArticle(db: DbOrTx, ref: string): Promise<ArticleRow | undefined> {
  const key = parseArticleRef(ref);
  const where = 'id' in key ? eq(articles.id, key.id) : eq(articles.slug, key.slug);
  const [row] = await db.select().from(articles).where(where).limit(1);
  return row;
}

/** A slug made from `base` that no other article has. */
export async function freeSlug(db: DbOrTx, base: string): Promise<string> {
  const rows = await db
    .select({ slug: articles.slug })
    .from(articles)
    .where(or(eq(articles.slug, base), like(articles.slug, `${base}-%`)));
  return uniqueSlug(
    base,
    rows.map((r) => r.slug),
  );
}

export function presentArticle(
  row: ArticleHead & { content?: string },
  opts: { mostRecentTop5Id: number | null; withContent: boolean; preview?: boolean },
): Article {
  const article: Article = {
    id: row.id,
    slug: row.slug,
    canonicalSlug: row.slug,
    title: row.title,
    summary: row.summary,
    author: row.author,
    category: row.category,
    contentType: row.contentType,
    publishDate: row.publishDate,
    hidePublishDate: row.hidePublishDate,
    isTop5Article: row.isTop5Article,
    isMostRecentTop5: row.isTop5Article && row.id === opts.mostRecentTop5Id,
    discountCode: row.discountCode,
    isPremiumPreview: Boolean(opts.preview),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
  if (opts.withContent && !opts.preview && row.content !== undefined) article.content = row.content;
  return article;
}

/** Postgres unique violation, as PGlite and node-postgres (possibly wrapped by Drizzle) report it. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    if (typeof e === 'object' && 'code' in e && e.code === '23505') return true;
    e = typeof e === 'object' && 'cause' in e ? e.cause : undefined;
  }
  return false;
}

export const isTop5Premium = and(eq(articles.isTop5Article, true), eq(articles.contentType, 'premium'));
