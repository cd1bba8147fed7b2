import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { PagePurge } from './cache/page-purge';
import type { AppContext } from './context';
import { publicConfig } from './public-config';
import { pageBuilder } from './pages/build-page';
import { escapeHtml, type HeadProvider } from './pages/page-head';
import { readRoutePreloads } from './pages/route-preloads';
import { pageSender } from './pages/send-page';
import { pageServer } from './pages/serve-page';
import { loadServerEntry, pageRenderer } from './pages/server-render';

/** The shell when there is no client build (API tests without webDir): a head mark and an empty root. */
const BARE_SHELL =
  '<!doctype html><html lang="en"><head><title></title><!--vbg-head--></head><body><div id="root"></div></body></html>';

/**
 * The built client's files: hashed assets with long caching, the .br and .gz the build wrote
 * beside each script and style sheet sent as they are to browsers that accept them (no
 * compression work per request), the service worker and app manifest asked about each time.
 */
async function serveClientFiles(app: FastifyInstance, webDir: string) {
  await app.register(fastifyStatic, {
    root: webDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders(reply, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`))
        reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      // The service worker and the app manifest keep their addresses from build to build: the
      // browser asks each time whether they changed (decision 0043).
      else if (/[\\/]sw\.js(\.br|\.gz)?$/.test(filePath)) reply.header('Cache-Control', 'no-cache');
      else if (filePath.endsWith('.webmanifest'))
        reply.header('Cache-Control', 'no-cache').header('Content-Type', 'application/manifest+json; charset=utf-8');
    },
  });
  app.get('/assets/*', (request, reply) => reply.sendFile(request.url.split('?')[0].replace(/^\//, '')));
}

/**
 * Serves the built client: its files, and for every page address the shell with the public
 * configuration in a meta tag (no inline script, so the CSP stays strict) and the page's head.
 * Pages that opt in are rendered on the server into the shell, with their data in a
 * non-executable JSON element for hydration (decisions 0020 and 0052); the server entry is
 * dist/server-entry/ beside webDir. How a page is served, step by step: src/server/pages/ and
 * docs/CONTRIBUTING-NOTES.md "How a page is served". Unknown /api paths answer JSON 404, never the
 * shell; unknown pages get the not-found page with 404.
 */
export async function registerWeb(
  app: FastifyInstance,
  ctx: AppContext,
  webDir: string,
  headProviders: HeadProvider[],
) {
  const indexPath = path.join(webDir, 'index.html');
  const hasClient = fs.existsSync(indexPath);
  if (hasClient) await serveClientFiles(app, webDir);
  const entry = hasClient
    ? await loadServerEntry(path.join(path.dirname(webDir), 'server-entry', 'entry-server.js'))
    : null;
  const renderer = entry ? pageRenderer(app, ctx, entry) : null;
  const buildPage = pageBuilder(ctx, {
    template: hasClient ? fs.readFileSync(indexPath, 'utf8') : BARE_SHELL,
    configMeta: `<meta name="vbg-config" content="${escapeHtml(JSON.stringify(publicConfig(ctx.config)))}">`,
    headProviders,
    preloadsOf: readRoutePreloads(webDir),
    renderer,
  });
  // The cache in front (decision 0060): purged or refreshed on every drop of this instance's pages.
  const purge = new PagePurge(ctx.config, app.log);
  purge.attach(ctx.cache);
  app.addHook('onClose', async () => {
    await purge.settled();
    purge.stop();
  });
  const servePage = pageServer(app, ctx, {
    buildPage,
    renderer,
    sendPage: pageSender(ctx, renderer, purge),
    // A cache in front keeps visitors' pages only with PUBLIC_URL (decision 0060): only then is a
    // page the same whatever address it was asked at.
    shareable: !!ctx.config.PUBLIC_URL,
  });

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url;
    if (url.startsWith('/api/') || url === '/api' || !['GET', 'HEAD'].includes(request.method)) {
      return reply
        .code(404)
        .send({ message: `Not found: ${request.method} ${url.split('?')[0]}`, requestId: request.id });
    }
    if (url.startsWith('/assets/') || /\.[a-z0-9]{2,5}$/i.test(url.split('?')[0])) {
      return reply.code(404).type('text/plain').send('Not found');
    }
    return servePage(request, reply);
  });
}
