import { londonDate } from '#shared/london-time';
import type { PageRoute } from '#shared/paths';
import type { CacheShare } from '#server/cache/shared-cache';
import type { AppContext } from '#server/context';
import { isKeepable, type BuiltPage } from './built-page';

/**
 * Visitors' pages (decisions 0020 and 0035): a page that is the same for every visitor is kept
 * whole — head and render, so a hit costs no read and no render — in the shared cache's `pages`
 * namespace, keyed by the London day and the page's one address. Any content write on any
 * instance drops the namespace (shared-cache.ts; admin writes through
 * page-cache-invalidation.ts), and entries live at most the cache's age limit (60 s). Only a
 * rendered 200 is kept (`isKeepable`).
 */

/**
 * How many addresses of one parameterised page pattern (articles, blog articles, days of tips)
 * the page cache keeps at once: addresses a visitor makes up fill this share only, never the
 * room of the other pages (decision 0035).
 */
const PAGE_CACHE_SHARE = 400;

/** The key of a visitor's page: the London day and the page's one address (query string it reads included). */
const visitorPageKey = (ctx: AppContext, url: string) => `${londonDate(ctx.clock.now())} ${url}`;

/**
 * The not-found page's key: the same for every visitor whatever the address, so made-up
 * addresses cost no render each (decision 0035's addendum).
 */
export const notFoundPageKey = (ctx: AppContext) => `${londonDate(ctx.clock.now())} not-found`;

/**
 * A visitor's page from the cache, else built by `build` and kept. `current` says no write dropped
 * the pages while it was built: a page rendered across a write (its data read before, sent after)
 * is built once more, so no cache in front keeps the old one after the write's purge; if a write
 * came again, it is not current and goes out for this visitor only (decision 0060).
 */
export async function keptVisitorPage(
  ctx: AppContext,
  url: string,
  route: PageRoute,
  build: () => Promise<BuiltPage>,
): Promise<{ page: BuiltPage; current: boolean }> {
  const share: CacheShare | undefined = route.pattern.includes(':')
    ? { name: route.pattern, max: PAGE_CACHE_SHARE }
    : undefined;
  const key = visitorPageKey(ctx, url);
  const kept = () => ctx.cache.get('pages', key, build, { share, keep: isKeepable });
  let generation = ctx.cache.generation('pages');
  let page = await kept();
  if (ctx.cache.generation('pages') !== generation) {
    generation = ctx.cache.generation('pages');
    page = await kept();
  }
  return { page, current: ctx.cache.generation('pages') === generation };
}
