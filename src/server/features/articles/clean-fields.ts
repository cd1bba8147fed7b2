import type { UpdateArticleBody } from '#shared/schemas/articles';
import { badRequest } from '#server/http/errors';
import type { articles } from '#server/db/schema';
import { htmlToText, isBlankHtml, sanitizeArticleHtml, sanitizeSummaryHtml } from './sanitize';

type Changes = Partial<typeof articles.$inferInsert>;

/**
 * The stored form of what an admin sent: the body with the article allow-list, the summary with
 * the summary list, title and author as plain text. A field that is empty once cleaned is
 * refused, so "<script>…</script>" alone cannot make a blank article.
 */
export function cleanArticleFields(body: UpdateArticleBody): Changes {
  const out: Changes = {};
  if (body.title !== undefined) {
    out.title = htmlToText(body.title);
    if (!out.title) throw badRequest('Title is required');
  }
  if (body.summary !== undefined) {
    out.summary = sanitizeSummaryHtml(body.summary).trim();
    if (isBlankHtml(out.summary)) throw badRequest('Summary is required');
  }
  if (body.content !== undefined) {
    out.content = sanitizeArticleHtml(body.content).trim();
    if (isBlankHtml(out.content)) throw badRequest('Content is required');
  }
  if (body.author !== undefined) out.author = htmlToText(body.author);
  if (body.category !== undefined) out.category = body.category;
  if (body.contentType !== undefined) out.contentType = body.contentType;
  if (body.publishDate !== undefined) out.publishDate = body.publishDate;
  if (body.hidePublishDate !== undefined) out.hidePublishDate = body.hidePublishDate;
  if (body.isTop5Article !== undefined) out.isTop5Article = body.isTop5Article;
  if (body.discountCode !== undefined) out.discountCode = body.discountCode;
  return out;
}
