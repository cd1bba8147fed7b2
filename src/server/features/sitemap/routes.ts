import type { FastifyInstance } from 'fastify';
import type { AppContext } from '#server/context';
import { buildRobots, buildSitemap } from './build-sitemap';
import { sharedCacheControl, siteOrigin } from './site-url';

export function sitemapRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/sitemap.xml', async (request, reply) => {
    const xml = await buildSitemap(ctx, siteOrigin(ctx, request));
    reply.type('application/xml; charset=utf-8').header('Cache-Control', sharedCacheControl(ctx.config, 300));
    return xml;
  });

  app.get('/robots.txt', async (request, reply) => {
    reply.type('text/plain; charset=utf-8').header('Cache-Control', sharedCacheControl(ctx.config, 3600));
    return buildRobots(siteOrigin(ctx, request));
  });
}
