import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Send } from 'lucide-react';
import { createArticleBody, type CreateArticleBody } from '#shared/schemas/articles';
import { Button } from '#web/components/ui/button';
import { toast } from '#web/components/ui/use-toast';
import { useConfig } from '#web/lib/config';
import { errorMessage } from '#web/lib/request';
import { useSchemaForm } from '#web/lib/schema-form';
import { useCreateArticle } from '../api';
import { ArticleFields, isPublishable } from './article-fields';
import { emptyForm, withPublishDay } from './form-body';

/** "Upload New Article": defaults news, regular, the analyst as author, today. */
export function UploadArticle() {
  const { analystName } = useConfig();
  const form = useSchemaForm(createArticleBody, emptyForm(analystName));
  const publishable = isPublishable(form.watch());
  const [editorKey, setEditorKey] = useState(0);
  const create = useCreateArticle();
  const navigate = useNavigate();

  function publish(body: CreateArticleBody) {
    create.mutate(withPublishDay(body), {
      onSuccess: (article) => {
        toast({ title: 'Article Published', description: `"${article.title}" is now live.` });
        form.reset(emptyForm(analystName));
        setEditorKey((k) => k + 1);
        if (article.slug) void navigate(`/news-and-views/${article.slug}`);
      },
      onError: (err) =>
        toast({
          title: 'Failed to create article',
          description: errorMessage(err, 'Please try again.'),
          variant: 'destructive',
        }),
    });
  }

  return (
    <form
      className="grid gap-6"
      aria-label="Upload New Article"
      onSubmit={(e) => void form.handleSubmit((body) => !create.isPending && publish(body))(e)}
      noValidate
    >
      <ArticleFields form={form} editorKey={`new-${editorKey}`} />
      <div>
        <Button type="submit" variant="gold" size="lg" disabled={!publishable || create.isPending}>
          <Send className="h-5 w-5" aria-hidden="true" />
          {create.isPending ? 'Publishing...' : 'Publish Article'}
        </Button>
        {!publishable && (
          <p className="mt-2 text-sm text-slate-600">A title, a summary and some content are needed to publish.</p>
        )}
      </div>
    </form>
  );
}
