import type { FastifyInstance } from 'fastify';
import { createArticleBody, updateArticleBody } from '#shared/schemas/articles';
import type { AppContext } from '#server/context';
import { cachedJsonText } from '#server/http/json';
import { parse } from '#server/http/parse';
import { readRoute } from '#server/http/read-routes';
import { routeId } from '#server/http/route-id';
import { automateArticleAccess } from './automate-article-access';
import { createArticle } from './create-article';
import { deleteArticle } from './delete-article';
import { ARTICLE_NOT_FOUND, getArticle } from './get-article';
import { importResourceLibrary } from './import-resource-library';
import { listArticles } from './list-articles';
import { updateArticle } from './update-article';

const articleId = (raw: string) => routeId(raw, { invalid: 'Invalid article id', notFound: ARTICLE_NOT_FOUND });

export function articlesRoutes(app: FastifyInstance, ctx: AppContext) {
  // The same summaries for everyone (no bodies): cached until an article is written. Not an async
  // handler: on a cache hit the answer goes out without a promise (decision 0024).
  readRoute(app, '/api/news-and-views', 'public', ({ header }) => {
    header('Cache-Control', 'no-cache');
    return cachedJsonText(ctx.cache, 'articles', 'list', async () => JSON.stringify(await listArticles(ctx)));
  });

  readRoute<{ slug: string }>(app, '/api/news-and-views/:slug', 'public', async ({ user, params, header }) => {
    // The answer depends on who asks (a premium body for members only): never shared by a cache.
    header('Cache-Control', 'private, no-store');
    header('Vary', 'Cookie');
    return getArticle(ctx, params.slug, user);
  });

  app.post('/api/admin/news-and-views', { config: { access: 'admin' } }, async (request, reply) => {
    const body = parse(createArticleBody, request.body);
    const article = await createArticle(ctx, body);
    reply.code(201);
    return article;
  });

  app.put<{ Params: { id: string } }>(
    '/api/admin/news-and-views/:id',
    { config: { access: 'admin' } },
    async (request) => {
      const id = articleId(request.params.id);
      const body = parse(updateArticleBody, request.body);
      const article = await updateArticle(ctx, id, body);
      return { message: 'Article updated successfully', article };
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/api/admin/news-and-views/:id',
    { config: { access: 'admin' } },
    async (request) => {
      const id = articleId(request.params.id);
      const { title } = await deleteArticle(ctx, id);
      return { message: `Article "${title}" deleted` };
    },
  );

  app.post('/api/admin/automate-article-access', { config: { access: 'admin' } }, async () => {
    const result = await automateArticleAccess(ctx);
    return { success: true, ...result };
  });

  app.post('/api/admin/import-resource-library', { config: { access: 'admin' } }, async () => {
    const result = await importResourceLibrary(ctx);
    return { success: true, ...result };
  });
}
