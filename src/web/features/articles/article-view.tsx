import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import type { Article } from '#shared/schemas/articles';
import { Button } from '#web/components/ui/button';
import { Skeleton } from '#web/components/ui/skeleton';
import { CategoryBadge, PremiumBadge } from './article-badges';
import { MembersOnlyPanel, useReadableArticle } from './premium-content';
import { canRead, longDate } from './article-rules';
import { PROSE } from '#web/lib/prose';
import { SafeHtml } from './safe-html';

/** The in-page article view of /news-and-views: replaces the list until "Return to News & Views". */
export function ArticleView({
  selected,
  hasMemberAccess,
  onBack,
}: {
  selected: Article;
  hasMemberAccess: boolean;
  onBack: () => void;
}) {
  const { data, isPending, locked } = useReadableArticle(selected.slug, canRead(selected, hasMemberAccess));
  const article = data ?? selected;
  const content = data ? data.content : undefined;
  const readable = canRead(article, hasMemberAccess) && !locked;
  const back = (
    <Button variant="outline" onClick={onBack}>
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      Return to News & Views
    </Button>
  );
  return (
    <div className="mx-auto max-w-3xl">
      {back}
      <article className="mt-6" aria-labelledby="selected-article-title">
        <div className="flex flex-wrap gap-2">
          <CategoryBadge category={article.category} />
          {article.contentType === 'premium' && !hasMemberAccess && <PremiumBadge />}
        </div>
        <h2 id="selected-article-title" className="mt-3 text-2xl font-bold text-navy-900 sm:text-3xl">
          {article.title}
        </h2>
        <p className="mt-2 text-sm text-slate-600">
          {article.author && <>By {article.author}</>}
          {article.author && !article.hidePublishDate && ' · '}
          {!article.hidePublishDate && (longDate(article.publishDate) ?? 'Date not set')}
        </p>
        <SafeHtml html={article.summary} kind="summary" className="mt-4 text-lg text-slate-700" />
        {readable ? (
          isPending && content === undefined ? (
            <div role="status" className="mt-6 grid gap-3">
              <span className="sr-only">Loading article...</span>
              <Skeleton className="h-5 w-full" />
              <Skeleton className="h-5 w-11/12" />
              <Skeleton className="h-5 w-4/5" />
            </div>
          ) : (
            <SafeHtml html={content} kind="article" className={`mt-6 ${PROSE}`} />
          )
        ) : (
          <MembersOnlyPanel />
        )}
        {article.contentType === 'regular' && !hasMemberAccess && (
          <p className="mt-6 rounded-lg bg-navy-50 p-4 text-center">
            <Link to="/subscribe" className="font-semibold text-navy-700 underline underline-offset-4">
              Sign Up Here for Full Premium Access
            </Link>
          </p>
        )}
      </article>
      <div className="mt-8">{back}</div>
    </div>
  );
}
