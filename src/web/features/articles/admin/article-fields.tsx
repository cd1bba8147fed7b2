import { useId } from 'react';
import { useController, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import {
  ARTICLE_CATEGORIES,
  ARTICLE_CONTENT_TYPES,
  CATEGORY_LABELS,
  CONTENT_TYPE_LABELS,
  type ArticleCategory,
  type ArticleContentType,
} from '#shared/article-labels';
import type { CreateArticleBody, createArticleBody } from '#shared/schemas/articles';
import { Field, FieldError, Label } from '#web/components/ui/input';
import { TextArea } from '#web/components/ui/textarea';
import { LazyRichTextEditor } from '#web/components/editor/lazy-editor';

export interface ArticleForm {
  title: string;
  author: string;
  category: ArticleCategory;
  contentType: ArticleContentType;
  publishDate: string;
  summary: string;
  content: string;
  isTop5Article: boolean;
  hidePublishDate: boolean;
  discountCode: string;
}

/** The upload and edit forms, checked with the body the server parses (createArticleBody). */
export type ArticleFormApi = UseFormReturn<z.input<typeof createArticleBody>, unknown, CreateArticleBody>;

/** Publishing needs a title, a summary and some content. */
export function isPublishable(form: Pick<ArticleForm, 'title' | 'summary' | 'content'>): boolean {
  return form.title.trim() !== '' && form.summary.trim() !== '' && form.content.trim() !== '';
}

const selectClass =
  'block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900';

/** The fields of the upload and edit forms, each refusal beside its field; `editorKey` remounts the editor for another article. */
export function ArticleFields({ form, editorKey }: { form: ArticleFormApi; editorKey: string }) {
  const id = useId();
  const { errors } = form.formState;
  const content = useController({ control: form.control, name: 'content' });
  return (
    <div className="grid gap-5">
      <Field label="Article Title" required maxLength={200} {...form.register('title')} error={errors.title?.message} />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Author" maxLength={120} {...form.register('author')} error={errors.author?.message} />
        <Field label="Publish Date" type="date" {...form.register('publishDate')} error={errors.publishDate?.message} />
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-category`}>Category</Label>
          <select id={`${id}-category`} className={selectClass} {...form.register('category')}>
            {ARTICLE_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {CATEGORY_LABELS[c]}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-type`}>Content Type</Label>
          <select id={`${id}-type`} className={selectClass} {...form.register('contentType')}>
            {ARTICLE_CONTENT_TYPES.map((c) => (
              <option key={c} value={c}>
                {CONTENT_TYPE_LABELS[c]}
              </option>
            ))}
          </select>
        </div>
        <Field
          label="Discount Code (optional)"
          maxLength={40}
          hint="Shown to signed-out readers of this article; the site's default code is used when empty."
          {...form.register('discountCode')}
          error={errors.discountCode?.message}
        />
        <div className="grid content-center gap-2">
          <label className="flex min-h-11 items-center gap-3 text-sm font-semibold text-slate-800">
            <input type="checkbox" className="h-5 w-5 accent-navy-900" {...form.register('isTop5Article')} />
            Top 5 selection article
          </label>
          <label className="flex min-h-11 items-center gap-3 text-sm font-semibold text-slate-800">
            <input type="checkbox" className="h-5 w-5 accent-navy-900" {...form.register('hidePublishDate')} />
            Hide publish date
          </label>
        </div>
      </div>
      <TextArea label="Brief Summary" rows={3} required {...form.register('summary')} error={errors.summary?.message} />
      <div className="grid gap-1.5">
        <span id={`${id}-content`} className="block text-sm font-semibold text-slate-800">
          Article Content
        </span>
        <LazyRichTextEditor
          key={editorKey}
          label="Article Content"
          value={content.field.value}
          onChange={content.field.onChange}
        />
        {errors.content?.message && <FieldError id={`${id}-content-error`}>{errors.content.message}</FieldError>}
      </div>
    </div>
  );
}
