import type { FastifyRequest } from 'fastify';
import { titleForPath } from '#shared/paths';

/**
 * What a page adds to the shell's <head>: its own <title> and description (replacing the
 * path's title and the site-wide description, so there is only ever one of each), and other
 * tags (e.g. an article's canonical link and Open Graph tags). Values are plain text.
 */
export interface PageHead {
  title?: string;
  description?: string;
  /** Ready-made markup; every value in it must already be escaped. */
  tags?: string;
  /** The page's subject does not exist (an unknown article, a past day without tips): the page answers 404. */
  notFound?: boolean;
}

/**
 * Gives the head of the pages it knows (null for the others). The first answer that sets a field
 * wins. A provider that fails is a failed read of the page's data: the page answers 503.
 */
export type HeadProvider = (pathname: string, request: FastifyRequest) => PageHead | null | Promise<PageHead | null>;

/** What the head providers said of a page, gathered: the first title and description, every tag, the status. */
export interface GatheredHead {
  title?: string;
  description?: string;
  tags: string;
  /** 200, 404 (no such page or subject) or 503 (a provider failed). */
  status: number;
}

const DESCRIPTION_META = /<meta\s+name="description"[^>]*>\s*/i;

/** Text safe inside an element or a double-quoted attribute. */
export const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The worse of two statuses: a failed read (503) over not found (404) over found (200). */
export const worse = (a: number, b: number) => Math.max(a, b);

/**
 * Asks every head provider about the page, in order. `status` is the page's before they answer
 * (200 for a page of the route table, 404 for an address that is none); a provider's `notFound`
 * makes it 404, a provider that throws 503 (logged "page data could not be read"; decision 0035).
 */
export async function gatherHead(
  providers: readonly HeadProvider[],
  pathname: string,
  request: FastifyRequest,
  status: number,
): Promise<GatheredHead> {
  const head: GatheredHead = { tags: '', status };
  for (const provider of providers) {
    let extra: PageHead | null;
    try {
      extra = await provider(pathname, request);
    } catch (err) {
      request.log.error({ err }, 'page data could not be read');
      head.status = worse(head.status, 503);
      continue;
    }
    if (!extra) continue;
    head.title ??= extra.title;
    head.description ??= extra.description;
    if (extra.tags) head.tags += extra.tags;
    if (extra.notFound) head.status = worse(head.status, 404);
  }
  return head;
}

/**
 * The shell (index.html) with the page's head: its title (else the path's), its description in
 * place of the site-wide one, the public configuration's meta tag and the providers' tags where
 * the shell says `<!--vbg-head-->`, and `preloads` closing the head (the style sheet and the entry
 * are asked for first).
 */
export function shellWithHead(
  template: string,
  pathname: string,
  head: GatheredHead,
  configMeta: string,
  preloads: string,
) {
  // Function replacers: a "$&" or "$'" in an article's title must stay text, not a pattern.
  const titleTag = `<title>${escapeHtml(head.title ?? titleForPath(pathname))}</title>`;
  let html = template.replace(/<title>[^<]*<\/title>/, () => titleTag);
  let tags = configMeta + head.tags;
  if (head.description !== undefined) {
    // One description only: the page's replaces the site-wide one in index.html.
    html = html.replace(DESCRIPTION_META, '');
    tags = `<meta name="description" content="${escapeHtml(head.description)}">` + tags;
  }
  return html.replace('<!--vbg-head-->', () => tags).replace('</head>', () => `${preloads}</head>`);
}
