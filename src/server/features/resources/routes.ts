import type { FastifyInstance } from 'fastify';
import { BLOG_ARTICLES, findBlogArticle } from '#shared/resources';
import type { AppContext } from '#server/context';
import { notFound } from '#server/http/errors';
import type { HeadProvider } from '#server/pages/page-head';
import { pageHead } from '../articles/head';
import { publicPageUrl } from '../sitemap/site-url';

/** The built-in blog articles; their text is shared data. */
export function resourcesRoutes(app: FastifyInstance, _ctx: AppContext) {
  app.get('/api/resources', { config: { access: 'public' } }, () => BLOG_ARTICLES);

  app.get<{ Params: { slug: string } }>('/api/resources/:slug', { config: { access: 'public' } }, (request) => {
    const article = findBlogArticle(request.params.slug);
    if (!article) throw notFound('Article not found');
    return article;
  });
}

const RESOURCE_PATH = /^\/resources\/([^/]+)\/?$/;

/** A blog article's title, excerpt and preview tags in its page; no such article: the page answers 404. */
export function resourceHeadProvider(ctx: AppContext): HeadProvider {
  return (pathname) => {
    const match = RESOURCE_PATH.exec(pathname);
    if (!match) return null;
    const article = findBlogArticle(match[1]);
    if (!article) return { notFound: true };
    return pageHead({
      documentTitle: `${article.title} — Resources — VBG`,
      title: article.title,
      description: article.excerpt,
      url: publicPageUrl(ctx.config, `/resources/${article.slug}`),
      siteName: ctx.config.SITE_NAME,
      type: 'article',
      publishedTime: article.createdAt,
    });
  };
}
