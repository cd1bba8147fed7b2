import { eq } from 'drizzle-orm';
import type { AppContext } from '#server/context';
import { articles } from '#server/db/schema';
import { notFound } from '#server/http/errors';
import { ARTICLE_NOT_FOUND } from './get-article';

export async function deleteArticle(ctx: AppContext, id: number): Promise<{ title: string }> {
  const [row] = await ctx.db.delete(articles).where(eq(articles.id, id)).returning({ title: articles.title });
  if (!row) throw notFound(ARTICLE_NOT_FOUND);
  await ctx.cache.invalidate('articles');
  return row;
}
