import type { Article, CreateArticleBody } from '#shared/schemas/articles';
import { londonDate } from '#shared/london-time';
import type { AppContext } from '#server/context';
import { articles } from '#server/db/schema';
import { cleanArticleFields } from './clean-fields';
import { slugify } from './slug';
import { freeSlug, isUniqueViolation, mostRecentTop5Id, presentArticle } from './store';

export interface CreateOptions {
  /** A slug to use when free (the resource library keeps its own); otherwise made from the title. */
  preferredSlug?: string;
  sourceResourceSlug?: string;
}

/**
 * Creates an article with the spec defaults (category news, type regular, the analyst as author,
 * published today in London). Its slug comes from the title and stays when the title changes.
 */
export async function createArticle(
  ctx: AppContext,
  body: CreateArticleBody,
  opts: CreateOptions = {},
): Promise<Article> {
  const fields = cleanArticleFields(body);
  const now = ctx.clock.now();
  const base = opts.preferredSlug ?? slugify(fields.title!);
  // Two admins saving the same title at once: the loser of the unique index takes the next number.
  for (let attempt = 0; ; attempt++) {
    const slug = await freeSlug(ctx.db, base);
    try {
      const [row] = await ctx.db
        .insert(articles)
        .values({
          title: fields.title!,
          summary: fields.summary!,
          content: fields.content!,
          slug,
          author: fields.author || ctx.config.ANALYST_NAME,
          category: fields.category ?? 'news',
          contentType: fields.contentType ?? 'regular',
          publishDate: fields.publishDate === undefined ? londonDate(now) : fields.publishDate,
          hidePublishDate: fields.hidePublishDate ?? false,
          isTop5Article: fields.isTop5Article ?? false,
          discountCode: fields.discountCode ?? null,
          sourceResourceSlug: opts.sourceResourceSlug ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await ctx.cache.invalidate('articles');
      return presentArticle(row, { mostRecentTop5Id: await mostRecentTop5Id(ctx.db), withContent: true });
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= 4) throw err;
    }
  }
}
