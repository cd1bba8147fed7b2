import type { FastifyRequest } from 'fastify';
import type { PageRoute } from '#shared/paths';
import { surrogateKeys } from '#server/cache/page-purge';
import type { AppContext } from '#server/context';
import { pageBytes, VIEWER_MARK, type BuiltPage } from './built-page';
import { gatherHead, shellWithHead, worse, type HeadProvider } from './page-head';
import type { DirectReader, PageRenderer } from './server-render';
import { notFoundPageKey } from './visitor-pages';

export interface PageBuilderParts {
  /** index.html as built (a bare shell when there is no client build). */
  template: string;
  /** The public configuration's meta tag, in every page's head. */
  configMeta: string;
  headProviders: readonly HeadProvider[];
  /** A rendered page's modulepreload links (route-preloads.ts). */
  preloadsOf: (route: PageRoute) => string;
  /** Null without a built server entry: every page is then the shell. */
  renderer: PageRenderer | null;
}

/**
 * The page's HTML: the shell with its head, and the server render inside #root when it has one.
 * `known` is its entry in the route table (undefined: no such page, the not-found page). Its data
 * is read through `read` (by default as the person asking); `visitor` says it is a visitor's page,
 * the same for every visitor.
 */
export type BuildPage = (
  request: FastifyRequest,
  pathname: string,
  known: PageRoute | undefined,
  read?: DirectReader,
  visitor?: boolean,
) => Promise<BuiltPage>;

export function pageBuilder(ctx: AppContext, parts: PageBuilderParts): BuildPage {
  const { template, configMeta, headProviders, preloadsOf, renderer } = parts;

  /**
   * The not-found page for an address that is no page. It is the same for every visitor, whatever
   * the address: rendered once per London day and kept, so made-up addresses cost no render each.
   */
  function renderNotFound(request: FastifyRequest, render: PageRenderer, visitor: boolean, read?: DirectReader) {
    if (!visitor) return render.render(request, read);
    return ctx.cache.get('pages', notFoundPageKey(ctx), () => render.render(request, read));
  }

  return async function buildPage(request, pathname, known, read, visitor = false) {
    // A rendered page's own code starts downloading with the entry; its links close the head.
    const preloads = known && renderer?.renders(pathname) ? preloadsOf(known) : '';
    const head = await gatherHead(headProviders, pathname, request, known ? 200 : 404);
    let html = shellWithHead(template, pathname, head, configMeta, preloads);
    if (!renderer || (known && !renderer.renders(pathname)))
      return { status: head.status, rendered: false, bytes: pageBytes(html) };
    const rendered = await (
      known ? renderer.render(request, read) : renderNotFound(request, renderer, visitor, read)
    ).catch((err: unknown) => {
      // The shell still works: the browser renders the page itself.
      request.log.error({ err }, 'server render failed');
      return null;
    });
    if (!rendered) return { status: head.status, rendered: false, bytes: pageBytes(html) };
    html = html.replace(
      '<div id="root"></div>',
      () =>
        `<div id="root">${rendered.html}</div><script type="application/json" id="vbg-data">${rendered.data}</script>${VIEWER_MARK}`,
    );
    return {
      status: worse(head.status, rendered.status),
      rendered: true,
      viewer: rendered.viewer,
      bytes: pageBytes(html),
      keys: surrogateKeys(rendered.reads),
    };
  };
}
