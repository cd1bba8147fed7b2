import type { Article } from '#shared/schemas/articles';
import type { AppContext } from '#server/context';
import { articles } from '#server/db/schema';
import { headColumns, mostRecentTop5Id, newestFirst, presentArticle } from './store';

/** Every article as a summary: the list never carries a body, premium or not. */
export async function listArticles(ctx: AppContext): Promise<Article[]> {
  const [rows, top5] = await Promise.all([
    ctx.db
      .select(headColumns)
      .from(articles)
      .orderBy(...newestFirst),
    mostRecentTop5Id(ctx.db),
  ]);
  return rows.map((row) => presentArticle(row, { mostRecentTop5Id: top5, withContent: false }));
}
