import { eq } from 'drizzle-orm';
import type { Article, UpdateArticleBody } from '#shared/schemas/articles';
import type { AppContext } from '#server/context';
import { articles } from '#server/db/schema';
import { notFound } from '#server/http/errors';
import { cleanArticleFields } from './clean-fields';
import { ARTICLE_NOT_FOUND } from './get-article';
import { mostRecentTop5Id, presentArticle } from './store';

/** Saves an admin's edit. The slug never changes, so shared links survive a new title. */
export async function updateArticle(ctx: AppContext, id: number, body: UpdateArticleBody): Promise<Article> {
  const changes = cleanArticleFields(body);
  if (changes.author === '') changes.author = ctx.config.ANALYST_NAME;
  const [row] = await ctx.db
    .update(articles)
    .set({ ...changes, updatedAt: ctx.clock.now() })
    .where(eq(articles.id, id))
    .returning();
  if (!row) throw notFound(ARTICLE_NOT_FOUND);
  await ctx.cache.invalidate('articles');
  return presentArticle(row, { mostRecentTop5Id: await mostRecentTop5Id(ctx.db), withContent: true });
}
