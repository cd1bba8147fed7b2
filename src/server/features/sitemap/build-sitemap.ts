import { asc, lt } from 'drizzle-orm';
import { BLOG_ARTICLES } from '#shared/resources';
import { londonDate } from '#shared/london-time';
import { pageRoutes } from '#shared/paths';
import type { AppContext } from '#server/context';
import { articles, dailyTips } from '#server/db/schema';
import { escapeMarkup } from './site-url';

/** Public pages worth finding; sign-in, checkout steps and one-off links are left out. */
const NOT_LISTED = new Set([
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/payment-success',
  '/set-password',
  '/unsubscribe',
]);

export function listedPages(): string[] {
  return pageRoutes
    .filter((r) => r.access === 'public' && !r.pattern.includes(':') && !NOT_LISTED.has(r.pattern))
    .map((r) => r.pattern);
}

interface Entry {
  path: string;
  lastmod?: string;
}

/**
 * sitemap.xml: public pages, every article's address (a premium one's page is a public preview;
 * no body is ever in the sitemap), the blog articles, and the archived tips days (days before
 * today in London; today's tips are for members).
 */
export async function buildSitemap(ctx: AppContext, origin: string): Promise<string> {
  const today = londonDate(ctx.clock.now());
  const [articleRows, tipsRows] = await Promise.all([
    ctx.db.select({ slug: articles.slug, updatedAt: articles.updatedAt }).from(articles).orderBy(asc(articles.id)),
    ctx.db
      .select({ day: dailyTips.tipsDate })
      .from(dailyTips)
      .where(lt(dailyTips.tipsDate, today))
      .orderBy(asc(dailyTips.tipsDate)),
  ]);
  const entries: Entry[] = [
    ...listedPages().map((path) => ({ path })),
    ...articleRows.map((a) => ({
      path: `/news-and-views/${encodeURIComponent(a.slug)}`,
      lastmod: londonDate(a.updatedAt),
    })),
    ...BLOG_ARTICLES.map((b) => ({ path: `/resources/${b.slug}`, lastmod: b.createdAt })),
    ...tipsRows.map((t) => ({ path: `/tips/${t.day}`, lastmod: t.day })),
  ];
  const urls = entries
    .map(
      (e) =>
        `  <url><loc>${escapeMarkup(origin + e.path)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ''}</url>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function buildRobots(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /admin',
    'Disallow: /my-account',
    'Disallow: /set-password',
    'Disallow: /payment-success',
    'Disallow: /reset-password',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
