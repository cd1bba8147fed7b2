import type { GzipHead } from './gzip-splice';

/** Where a rendered page's viewer element goes: after its data, written per request (send-page.ts `sendPage`). */
export const VIEWER_MARK = '<!--vbg-viewer-->';

/** A page as the server sends it (build-page.ts): the shell, or a server render inside it. */
export interface BuiltPage {
  /** 200, 404 (no such page or subject) or 503 (a read of its data failed). */
  status: number;
  /** Rendered on the server (false: the shell, for the browser to render). */
  rendered: boolean;
  /** Whom a rendered page shows as signed in: the auth check's JSON (undefined: not known, no viewer element). */
  viewer?: string;
  /**
   * The page as bytes, either side of the viewer mark: encoded once when the page is built, so a
   * kept page (a visitor's, a members' shared render) is sent without encoding it again; its
   * gzipped head is added the first time a browser that takes gzip asks for it.
   */
  bytes: { before: Buffer; after: Buffer; gzip?: GzipHead };
  /** A render's surrogate keys: what it was rendered from (cache/page-purge.ts). */
  keys?: string[];
}

/** A page's HTML as bytes, split at the viewer mark (or whole, before it, when it has none). */
export function pageBytes(html: string): BuiltPage['bytes'] {
  const at = html.indexOf(VIEWER_MARK);
  if (at < 0) return { before: Buffer.from(html), after: Buffer.alloc(0) };
  return { before: Buffer.from(html.slice(0, at)), after: Buffer.from(html.slice(at + VIEWER_MARK.length)) };
}

/**
 * Whether a page may be kept for others: a rendered 200 only. A 404 (any address can be asked
 * for), a 503 (a read failed) or a failed render is sent but not kept.
 */
export const isKeepable = (page: BuiltPage) => page.rendered && page.status === 200;
