import { useState } from 'react';
import { ArrowLeft, Pencil, Save, Trash2 } from 'lucide-react';
import { CATEGORY_LABELS } from '#shared/article-labels';
import { createArticleBody, type Article, type CreateArticleBody } from '#shared/schemas/articles';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog';
import { QueryView } from '#web/components/ui/query-view';
import { Skeleton } from '#web/components/ui/skeleton';
import { toast } from '#web/components/ui/use-toast';
import { errorMessage } from '#web/lib/request';
import { useSchemaForm } from '#web/lib/schema-form';
import { useArticle, useArticles, useDeleteArticle, useUpdateArticle } from '../api';
import { adminDate, previewText } from '../article-rules';
import { htmlToPlainText } from '../sanitize';
import { ArticleFields, isPublishable } from './article-fields';
import { formFromArticle, withPublishDay } from './form-body';

function EditForm({ article, onDone }: { article: Article; onDone: () => void }) {
  // Every field is sent, so the edit is checked with the whole body (updateArticleBody is its partial).
  const form = useSchemaForm(createArticleBody, formFromArticle(article));
  const publishable = isPublishable(form.watch());
  const update = useUpdateArticle();

  function save(body: CreateArticleBody) {
    update.mutate(
      { id: article.id, body: withPublishDay(body) },
      {
        onSuccess: (res) => {
          toast({ title: 'Article Updated', description: res.message });
          onDone();
        },
        onError: (err) =>
          toast({
            title: 'Update Failed',
            description: errorMessage(err, 'Failed to update article'),
            variant: 'destructive',
          }),
      },
    );
  }

  return (
    <form
      className="grid gap-6"
      aria-label={`Edit ${article.title}`}
      onSubmit={(e) => void form.handleSubmit((body) => !update.isPending && save(body))(e)}
      noValidate
    >
      <div>
        <Button variant="outline" onClick={onDone}>
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          Back to List
        </Button>
      </div>
      <ArticleFields form={form} editorKey={`edit-${article.id}`} />
      <div className="flex flex-col gap-3 sm:flex-row sm:justify-between">
        <Button type="submit" disabled={!publishable || update.isPending}>
          <Save className="h-4 w-4" aria-hidden="true" />
          {update.isPending ? 'Saving Changes...' : 'Save Changes'}
        </Button>
        <DeleteArticle id={article.id} onDeleted={onDone} />
      </div>
    </form>
  );
}

/** Deleting the article, confirmed first. */
function DeleteArticle({ id, onDeleted }: { id: number; onDeleted: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteArticle();

  function confirmDelete() {
    remove.mutate(id, {
      onSuccess: (res) => {
        setConfirming(false);
        toast({ title: 'Article Deleted', description: res.message });
        onDeleted();
      },
      onError: (err) => {
        setConfirming(false);
        toast({
          title: 'Delete Failed',
          description: errorMessage(err, 'Failed to delete article'),
          variant: 'destructive',
        });
      },
    });
  }

  return (
    <>
      <Button variant="destructive" disabled={remove.isPending} onClick={() => setConfirming(true)}>
        <Trash2 className="h-4 w-4" aria-hidden="true" />
        {remove.isPending ? 'Deleting...' : 'Delete Article'}
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Delete Article"
        description="Are you sure you want to delete this article? This action cannot be undone."
        confirmLabel="Delete Article"
        busyLabel="Deleting..."
        busy={remove.isPending}
        destructive
        onConfirm={confirmDelete}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}

/** Loads the full article (the list has no bodies) and then shows the edit form. */
function EditArticle({ id, onDone }: { id: number; onDone: () => void }) {
  const { data, isPending, isError } = useArticle(String(id));
  if (isPending) {
    return (
      <div role="status" className="grid gap-4">
        <span className="sr-only">Loading article...</span>
        <Skeleton className="h-11 w-40" />
        <Skeleton className="h-11 w-full" />
        <Skeleton className="h-[452px] w-full" />
      </div>
    );
  }
  if (isError || !data) {
    return (
      <div className="grid gap-4">
        <p role="alert">This article could not be loaded. It may have been deleted.</p>
        <div>
          <Button variant="outline" onClick={onDone}>
            <ArrowLeft className="h-4 w-4" aria-hidden="true" />
            Back to List
          </Button>
        </div>
      </div>
    );
  }
  return <EditForm article={data} onDone={onDone} />;
}

/** "Manage Existing Articles": the list, then one article's edit form. */
export function ManageArticles() {
  const articles = useArticles();
  const [editing, setEditing] = useState<number | null>(null);

  if (editing !== null) return <EditArticle id={editing} onDone={() => setEditing(null)} />;

  return (
    <section aria-labelledby="published-articles">
      <h3 id="published-articles" className="text-xl font-bold text-navy-900">
        Published Articles
      </h3>
      <QueryView
        query={articles}
        loading={
          <p role="status" className="mt-4 text-slate-600">
            Loading articles...
          </p>
        }
        errorText="Could not load the articles."
        errorClassName="mt-4 text-red-700"
        isEmpty={(data) => data.length === 0}
        empty={
          <p className="mt-4 text-slate-700">
            No articles found. Upload your first article using the "Upload New Article" tab.
          </p>
        }
      >
        {(data) => (
          <ul className="mt-4 grid gap-3">
            {data.map((a) => (
              <li key={a.id}>
                <Card className="p-4 sm:p-5">
                  <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
                    <div className="min-w-0">
                      <h4 className="font-bold text-navy-900">{a.title}</h4>
                      <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-600">
                        <span>{a.author}</span>
                        <span>{adminDate(a.publishDate)}</span>
                        <span>{CATEGORY_LABELS[a.category]}</span>
                        <span
                          className={
                            a.contentType === 'premium' ? 'font-semibold text-gold-800' : 'font-semibold text-navy-700'
                          }
                        >
                          {a.contentType === 'premium' ? 'Premium' : 'Public'}
                        </span>
                      </p>
                      <p className="mt-2 text-sm text-slate-700">{previewText(htmlToPlainText(a.summary))}</p>
                    </div>
                    <Button variant="outline" size="sm" onClick={() => setEditing(a.id)} aria-label={`Edit ${a.title}`}>
                      <Pencil className="h-4 w-4" aria-hidden="true" />
                      Edit
                    </Button>
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </section>
  );
}
