import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Send } from 'lucide-react';
import { Button } from '#web/components/ui/button';
import { toast } from '#web/components/ui/use-toast';
import { useConfig } from '#web/lib/config';
import { errorMessage } from '#web/lib/request';
import { useCreateArticle } from '../api';
import { ArticleFields, isPublishable } from './article-fields';
import { bodyFromForm, emptyForm } from './form-body';

/** "Upload New Article": defaults news, regular, the analyst as author, today. */
export function UploadArticle() {
  const { analystName } = useConfig();
  const [form, setForm] = useState(() => emptyForm(analystName));
  const [editorKey, setEditorKey] = useState(0);
  const create = useCreateArticle();
  const navigate = useNavigate();

  function publish() {
    create.mutate(bodyFromForm(form), {
      onSuccess: (article) => {
        toast({ title: 'Article Published', description: `"${article.title}" is now live.` });
        setForm(emptyForm(analystName));
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
      onSubmit={(e) => {
        e.preventDefault();
        if (isPublishable(form) && !create.isPending) publish();
      }}
    >
      <ArticleFields form={form} onChange={setForm} editorKey={`new-${editorKey}`} />
      <div>
        <Button type="submit" variant="gold" size="lg" disabled={!isPublishable(form) || create.isPending}>
          <Send className="h-5 w-5" aria-hidden="true" />
          {create.isPending ? 'Publishing...' : 'Publish Article'}
        </Button>
        {!isPublishable(form) && (
          <p className="mt-2 text-sm text-slate-600">A title, a summary and some content are needed to publish.</p>
        )}
      </div>
    </form>
  );
}
