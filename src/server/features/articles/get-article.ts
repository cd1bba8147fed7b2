import type { Article } from '#shared/schemas/articles';
import type { AppContext } from '#server/context';
import type { UserRow } from '#server/db/schema';
import { hasMemberAccess } from '#server/http/access';
import { notFound } from '#server/http/errors';
import { findArticle, mostRecentTop5Id, presentArticle } from './store';

export const ARTICLE_NOT_FOUND = 'Article not found';

/**
 * One article by slug or id. A premium body goes only to a signed-in account with member access
 * (subscription, admin, or the open-access testing switch, which opens premium features to
 * signed-in users); anyone else gets the same article without `content`, flagged as a preview.
 */
export async function getArticle(ctx: AppContext, ref: string, user: UserRow | null): Promise<Article> {
  const row = await findArticle(ctx.db, ref);
  if (!row) throw notFound(ARTICLE_NOT_FOUND);
  const preview = row.contentType === 'premium' && !(user && (await hasMemberAccess(ctx, user)));
  return presentArticle(row, { mostRecentTop5Id: await mostRecentTop5Id(ctx.db), withContent: true, preview });
}
