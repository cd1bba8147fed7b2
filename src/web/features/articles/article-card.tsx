import { useId } from 'react';
import { Calendar, Lock } from 'lucide-react';
import type { Article } from '#shared/schemas/articles';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { canRead, longDate, top5Label } from './article-rules';
import { SafeHtml } from './safe-html';

/** One card of a News & Views column. */
export function ArticleCard({
  article,
  hasMemberAccess,
  onSelect,
}: {
  article: Article;
  hasMemberAccess: boolean;
  onSelect: (a: Article) => void;
}) {
  const titleId = useId();
  const readable = canRead(article, hasMemberAccess);
  const locked = article.contentType === 'premium' && !hasMemberAccess;
  const top5 = top5Label(article);
  return (
    <Card tone={locked ? 'gold' : 'default'} className="p-5">
      <article aria-labelledby={titleId}>
        <h3 id={titleId} className="flex items-start gap-2 text-lg font-bold leading-snug text-navy-900">
          {locked && <Lock className="mt-1 h-4 w-4 shrink-0 text-gold-700" aria-hidden="true" />}
          <span>{article.title}</span>
        </h3>
        {!article.hidePublishDate && (
          <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-600">
            <Calendar className="h-4 w-4" aria-hidden="true" />
            {longDate(article.publishDate) ?? 'Date not set'}
          </p>
        )}
        <div className="mt-3 text-sm text-slate-700">
          {top5 ? (
            <p>{top5}</p>
          ) : (
            <SafeHtml
              html={article.summary}
              kind="summary"
              className="[&_p]:my-1 [&_ul]:list-disc [&_ul]:pl-5 [&_ol]:list-decimal [&_ol]:pl-5"
            />
          )}
          {locked && <span className="mt-1 inline-block text-xs font-semibold text-gold-800">[Premium Content]</span>}
        </div>
        <div className="mt-4">
          {readable ? (
            <Button size="sm" onClick={() => onSelect(article)} aria-describedby={titleId}>
              Read More
            </Button>
          ) : (
            <Button size="sm" variant="gold" onClick={() => onSelect(article)} aria-describedby={titleId}>
              <Lock className="h-4 w-4" aria-hidden="true" />
              Members Only
            </Button>
          )}
        </div>
      </article>
    </Card>
  );
}
