import { useId } from 'react';
import {
  ARTICLE_CATEGORIES,
  ARTICLE_CONTENT_TYPES,
  CATEGORY_LABELS,
  CONTENT_TYPE_LABELS,
  type ArticleCategory,
  type ArticleContentType,
} from '#shared/article-labels';
import { Field, Label } from '#web/components/ui/input';
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

/** Publishing needs a title, a summary and some content. */
export function isPublishable(form: ArticleForm): boolean {
  return form.title.trim() !== '' && form.summary.trim() !== '' && form.content.trim() !== '';
}

const selectClass =
  'block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900';

/** The fields of the upload and edit forms; `editorKey` remounts the editor for another article. */
export function ArticleFields({
  form,
  onChange,
  editorKey,
}: {
  form: ArticleForm;
  onChange: (next: ArticleForm) => void;
  editorKey: string;
}) {
  const id = useId();
  const set = <K extends keyof ArticleForm>(key: K, value: ArticleForm[K]) => onChange({ ...form, [key]: value });
  return (
    <div className="grid gap-5">
      <Field
        label="Article Title"
        value={form.title}
        onChange={(e) => set('title', e.target.value)}
        required
        maxLength={200}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Author" value={form.author} onChange={(e) => set('author', e.target.value)} maxLength={120} />
        <Field
          label="Publish Date"
          type="date"
          value={form.publishDate}
          onChange={(e) => set('publishDate', e.target.value)}
        />
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-category`}>Category</Label>
          <select
            id={`${id}-category`}
            className={selectClass}
            value={form.category}
            onChange={(e) => set('category', e.target.value as ArticleCategory)}
          >
            {ARTICLE_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {CATEGORY_LABELS[c]}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-type`}>Content Type</Label>
          <select
            id={`${id}-type`}
            className={selectClass}
            value={form.contentType}
            onChange={(e) => set('contentType', e.target.value as ArticleContentType)}
          >
            {ARTICLE_CONTENT_TYPES.map((c) => (
              <option key={c} value={c}>
                {CONTENT_TYPE_LABELS[c]}
              </option>
            ))}
          </select>
        </div>
        <Field
          label="Discount Code (optional)"
          value={form.discountCode}
          onChange={(e) => set('discountCode', e.target.value)}
          maxLength={40}
          hint="Shown to signed-out readers of this article; the site's default code is used when empty."
        />
        <div className="grid content-center gap-2">
          <label className="flex min-h-11 items-center gap-3 text-sm font-semibold text-slate-800">
            <input
              type="checkbox"
              className="h-5 w-5 accent-navy-900"
              checked={form.isTop5Article}
              onChange={(e) => set('isTop5Article', e.target.checked)}
            />
            Top 5 selection article
          </label>
          <label className="flex min-h-11 items-center gap-3 text-sm font-semibold text-slate-800">
            <input
              type="checkbox"
              className="h-5 w-5 accent-navy-900"
              checked={form.hidePublishDate}
              onChange={(e) => set('hidePublishDate', e.target.checked)}
            />
            Hide publish date
          </label>
        </div>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-summary`}>Brief Summary</Label>
        <textarea
          id={`${id}-summary`}
          rows={3}
          className="block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900"
          value={form.summary}
          onChange={(e) => set('summary', e.target.value)}
          required
        />
      </div>
      <div className="grid gap-1.5">
        <span id={`${id}-content`} className="block text-sm font-semibold text-slate-800">
          Article Content
        </span>
        <LazyRichTextEditor
          key={editorKey}
          label="Article Content"
          value={form.content}
          onChange={(html) => set('content', html)}
        />
      </div>
    </div>
  );
}
