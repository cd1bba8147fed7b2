import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import type { ReactNode } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { Query, QueryClient } from '@tanstack/react-query';
import { sanitizeArticleHtml, sanitizeSummaryHtml } from '#shared/html-sanitizer';
import type { PublicConfig } from '#shared/public-config';
import { App } from './app/app';
import { isSameForEveryMember, isServerRendered, preloadPage } from './app/page-for-path';
import { createQueryClient } from './app/query-client';
import { serializeSsrData, viewerElement } from './app/ssr-data';
import { setSanitizerWithoutDom } from './features/articles/sanitize';
import { ApiError, setServerFetch } from './lib/request';

/**
 * The server side of the web app (decision 0020), built by `vite build --ssr` into
 * dist/server-entry/ and loaded by the server at start (src/server/pages/server-render.ts): the server hands it
 * the address, the clock's "now", the public configuration and a way to GET its own API as the
 * visitor; it answers the page's HTML and the data to hydrate it with. Server code never imports
 * web source, and this file never imports server code.
 */

export { isSameForEveryMember, isServerRendered, viewerElement };

/** GET an API path as the person asking (their session), answered as the API would answer it (the server reads it without HTTP). */
export type ApiReader = (path: string, headers: Record<string, string>) => Promise<Response>;

export interface RenderInput {
  /** Path and query string. */
  url: string;
  now: Date;
  config: PublicConfig;
  api: ApiReader;
}

export interface RenderResult {
  /** The markup inside #root. */
  html: string;
  /**
   * JSON for <script type="application/json" id="vbg-data">, `<` already escaped. The auth check's
   * answer is not in it: the server writes it per request in the viewer element (`viewerElement`).
   */
  data: string;
  /**
   * 503 when a read of the page's data failed (the API answered 5xx, or did not answer), so the
   * page shows an error rather than its content; else 404 when its own data was not found (an
   * unknown article); else 200.
   */
  status: number;
}

const readers = new AsyncLocalStorage<ApiReader>();

setServerFetch((url, init) => {
  const api = readers.getStore();
  if (!api) return Promise.reject(new Error(`No API reader for ${url} outside a server render`));
  if ((init.method ?? 'GET') !== 'GET') return Promise.reject(new Error('The server render only reads'));
  return api(url, Object.fromEntries(new Headers(init.headers).entries()));
});
// DOMPurify needs a DOM; the server render applies the same lists with sanitize-html.
setSanitizerWithoutDom({ article: sanitizeArticleHtml, summary: sanitizeSummaryHtml });

/**
 * Most passes a page needs: its queries, then any that only appear once those have data. A
 * members' page needs four: the auth check, then the page's own reads (today's tips), then what
 * they name (the day's cards), then what those name (each tip's race, for its prices).
 */
const MAX_DATA_PASSES = 4;

function wantsServerData(query: Query): boolean {
  if (query.state.status !== 'pending' || query.state.fetchStatus !== 'idle') return false;
  if ((query.meta as { ssr?: boolean } | undefined)?.ssr === false) return false;
  const enabled = (query.options as { enabled?: boolean | ((q: Query) => boolean) }).enabled;
  return (typeof enabled === 'function' ? enabled(query) : enabled) !== false;
}

/** Runs the queries a render created and left without data, with their own query functions. */
async function fetchWanted(client: QueryClient) {
  const wanted = client.getQueryCache().getAll().filter(wantsServerData);
  await Promise.all(wanted.map((q) => q.fetch().catch(() => undefined)));
}

/**
 * A first, cheap render only to learn the page's queries; they run (their reads go to the API
 * through `readers`), then the real render. Should that render create queries that were not there
 * before (a part shown once data arrived), they run too and it renders again. Failed queries keep
 * their error: the page shows it.
 */
async function renderWithData(client: QueryClient, app: ReactNode): Promise<string> {
  renderToString(app);
  for (let pass = 1; ; pass++) {
    await fetchWanted(client);
    const html = await renderComplete(app);
    if (pass >= MAX_DATA_PASSES || !client.getQueryCache().getAll().some(wantsServerData)) return html;
  }
}

/** The whole page at once: nothing is left to stream in later (that would need inline scripts, and readers without JavaScript would not see it). */
function renderComplete(app: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString();
        done();
      },
      final(done) {
        resolve(html);
        done();
      },
    });
    const stream = renderToPipeableStream(app, {
      // React outlines a large Suspense boundary (its content sent after the shell, swapped in by
      // an inline script) past this many bytes; here every boundary stays in place.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: (err) => {
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    });
  });
}

/** A query that failed for another reason than the API refusing or not finding something. */
function failedRead(client: QueryClient): boolean {
  return client
    .getQueryCache()
    .getAll()
    .some((q) => q.state.status === 'error' && !(q.state.error instanceof ApiError && q.state.error.status < 500));
}

function notFound(client: QueryClient): boolean {
  return client
    .getQueryCache()
    .getAll()
    .some((q) => q.state.error instanceof ApiError && q.state.error.status === 404);
}

export async function render({ url, now, config, api }: RenderInput): Promise<RenderResult> {
  const { pathname } = new URL(url, 'http://localhost');
  await preloadPage(pathname);
  const client = createQueryClient();
  // A query that failed here renders its error (an unknown article's "Article Not Found"), not a
  // loading state waiting for a retry that only the browser would make. Nothing observes a query
  // during a server render, so the browser's "keep nothing" (gcTime 0) would let a timer drop an
  // answer between the read and the render that needs it: here every answer is kept until the
  // render is done (the client is cleared then).
  client.setDefaultOptions({
    queries: { ...client.getDefaultOptions().queries, retryOnMount: false, gcTime: Number.POSITIVE_INFINITY },
  });
  const Router = ({ children }: { children: ReactNode }) => <StaticRouter location={url}>{children}</StaticRouter>;
  const app = <App router={Router} client={client} config={config} now={now} />;
  return readers.run(api, async () => {
    const html = await renderWithData(client, app);
    // The CSP allows no inline script: a render that would need one is refused (the shell is sent).
    if (/<script/i.test(html)) throw new Error(`The server render of ${pathname} contains a script element`);
    const result = {
      html,
      data: serializeSsrData(client, now),
      status: failedRead(client) ? 503 : notFound(client) ? 404 : 200,
    };
    client.clear();
    return result;
  });
}
