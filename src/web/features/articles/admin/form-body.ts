import type { Article, CreateArticleBody } from '#shared/schemas/articles';
import { normalizeDateInput } from '../article-rules';
import type { ArticleForm } from './article-fields';

export function emptyForm(author: string, now = new Date()): ArticleForm {
  return {
    title: '',
    author,
    category: 'news',
    contentType: 'regular',
    publishDate: normalizeDateInput(null, now),
    summary: '',
    content: '',
    isTop5Article: false,
    hidePublishDate: false,
    discountCode: '',
  };
}

export function formFromArticle(a: Article): ArticleForm {
  return {
    title: a.title,
    author: a.author,
    category: a.category,
    contentType: a.contentType,
    publishDate: normalizeDateInput(a.publishDate),
    summary: a.summary,
    content: a.content ?? '',
    isTop5Article: a.isTop5Article,
    hidePublishDate: a.hidePublishDate,
    discountCode: a.discountCode ?? '',
  };
}

/** The checked body as sent: an emptied publish date publishes today, as the form's default does. */
export function withPublishDay(body: CreateArticleBody): CreateArticleBody {
  return { ...body, publishDate: normalizeDateInput(body.publishDate) };
}
