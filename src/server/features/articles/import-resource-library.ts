import { inArray } from 'drizzle-orm';
import { BLOG_ARTICLES, blocksToHtml, parseBlocks, type BlogArticle } from '#shared/resources';
import type { AppContext } from '#server/context';
import { articles } from '#server/db/schema';
import { createArticle } from './create-article';
import { isUniqueViolation } from './store';

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A built-in blog article as a News & Views article body. */
function resourceAsArticle(resource: BlogArticle, author: string) {
  return {
    title: resource.title,
    summary: `<p>${escapeHtml(resource.excerpt)}</p>`,
    content: blocksToHtml(parseBlocks(resource.content)),
    author,
    // Strategy and methodology pieces belong in "VB Betting Strategy & Principles".
    category: resource.category === 'analysis' ? ('news' as const) : ('views' as const),
    contentType: 'regular' as const,
    publishDate: resource.createdAt,
  };
}

/**
 * "Import Resource Library": each built-in blog article becomes a regular article once. The
 * source slug is unique in the table, so a second run (or two at once) adds nothing.
 */
export async function importResourceLibrary(ctx: AppContext): Promise<{ imported: number; message: string }> {
  const existing = await ctx.db
    .select({ source: articles.sourceResourceSlug })
    .from(articles)
    .where(
      inArray(
        articles.sourceResourceSlug,
        BLOG_ARTICLES.map((a) => a.slug),
      ),
    );
  const have = new Set(existing.map((r) => r.source));
  let imported = 0;
  for (const resource of BLOG_ARTICLES) {
    if (have.has(resource.slug)) continue;
    try {
      await createArticle(ctx, resourceAsArticle(resource, ctx.config.ANALYST_NAME), {
        preferredSlug: resource.slug,
        sourceResourceSlug: resource.slug,
      });
      imported++;
    } catch (err) {
      if (!isUniqueViolation(err)) throw err; // imported by a concurrent run meanwhile
    }
  }
  const total = BLOG_ARTICLES.length;
  const message =
    imported === 0
      ? `Imported 0 articles: all ${total} resource library articles are already in News & Views.`
      : `Imported ${imported} article${imported === 1 ? '' : 's'} from the resource library.`;
  return { imported, message };
}
