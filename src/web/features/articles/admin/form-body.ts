import type { CreateArticleBody } from '#shared/schemas/articles';
import type { Article } from '#shared/schemas/articles';
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

export function bodyFromForm(form: ArticleForm): CreateArticleBody {
  return {
    title: form.title.trim(),
    author: form.author.trim(),
    category: form.category,
    contentType: form.contentType,
    publishDate: normalizeDateInput(form.publishDate),
    summary: form.summary.trim(),
    content: form.content,
    isTop5Article: form.isTop5Article,
    hidePublishDate: form.hidePublishDate,
    discountCode: form.discountCode.trim() || null,
  };
}
