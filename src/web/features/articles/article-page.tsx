import { useEffect } from 'react';
import type { Article } from '#shared/schemas/articles';
import { ArrowLeft, FileQuestion } from 'lucide-react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { ButtonLink } from '#web/components/ui/button';
import { PageSkeleton, type SkeletonLayout } from '#web/components/page-skeleton';
import { QueryView } from '#web/components/ui/query-view';
import { useConfig } from '#web/lib/config';
import { useAuth } from '../auth/api';
import { CategoryBadge, PremiumBadge } from './article-badges';
import { PremiumPreviewPanel, useReadableArticle } from './premium-content';
import { cleanSlug, isMissingSlug, longDate, longDateWithWeekday } from './article-rules';
import { DiscountBanner } from './discount-banner';
import { PROSE } from '#web/lib/prose';
import { SafeHtml } from './safe-html';

/** The article's badge, byline, title and summary, then a few lines of text. */
const ARTICLE_SKELETON: SkeletonLayout = {
  label: 'Loading article...',
  className: 'max-w-3xl',
  head: ['h-5 w-40', 'mt-6 h-6 w-48', 'mt-4 h-10 w-full', 'mt-3 h-5 w-2/3'],
  body: 'gap-3',
  blocks: ['h-5 w-full', 'h-5 w-11/12', 'h-5 w-4/5'],
};

function ArticleNotFound() {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <FileQuestion className="mx-auto h-12 w-12 text-navy-700" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold text-navy-900 sm:text-3xl">Article Not Found</h1>
      <p className="mt-2 text-slate-700">The article you're looking for doesn't exist or has been moved.</p>
      <ButtonLink to="/news-and-views" className="mt-6">
        Back to News & Views
      </ButtonLink>
    </div>
  );
}

/** The article itself: the offer above it when signed out, the preview panel in place of a locked body. */
function ArticleBody({
  article,
  locked,
  signedOut,
  discountCode,
}: {
  article: Article;
  locked: boolean;
  signedOut: boolean;
  discountCode: string;
}) {
  const date = article.hidePublishDate ? null : longDate(article.publishDate);
  const published = article.hidePublishDate ? null : longDateWithWeekday(article.publishDate);

  return (
    <>
      {signedOut && <DiscountBanner code={article.discountCode || discountCode} />}
      <div className="mx-auto max-w-3xl px-4 py-8 sm:py-10">
        <Link
          to="/news-and-views"
          className="inline-flex min-h-11 items-center gap-2 font-semibold text-navy-700 underline-offset-4 hover:underline"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          Back to News & Views
        </Link>
        <article className="mt-4">
          <header>
            <div className="flex flex-wrap items-center gap-2">
              <CategoryBadge category={article.category} />
              {article.contentType === 'premium' && signedOut && <PremiumBadge />}
            </div>
            <p className="mt-4 flex flex-wrap gap-x-3 text-sm text-slate-600">
              {article.author && <span>By {article.author}</span>}
              {date && <time dateTime={article.publishDate ?? undefined}>{date}</time>}
            </p>
            <h1 className="mt-2 text-3xl font-bold leading-tight tracking-tight text-navy-900 sm:text-4xl">
              {article.title}
            </h1>
            <SafeHtml html={article.summary} kind="summary" className="mt-4 text-lg text-slate-700 [&_p]:my-2" />
          </header>
          {locked ? (
            <PremiumPreviewPanel />
          ) : (
            <SafeHtml html={article.content} kind="article" className={`mt-6 ${PROSE}`} />
          )}
          <footer className="mt-10 flex flex-col gap-3 border-t border-slate-200 pt-6 sm:flex-row sm:items-center sm:justify-between">
            {published && <p className="text-sm text-slate-600">Published {published}</p>}
            <Link
              to="/news-and-views"
              className="inline-flex min-h-11 items-center font-semibold text-navy-700 underline underline-offset-4"
            >
              More Articles
            </Link>
          </footer>
        </article>
      </div>
    </>
  );
}

/** /news-and-views/{slug}: one article, its preview panel when premium, the offer when signed out. */
export function ArticlePage() {
  const params = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const slug = cleanSlug(params.slug, location.pathname);
  const missing = isMissingSlug(slug);
  const query = useReadableArticle(slug, !missing);
  const article = query.data;
  const { user, isLoading: authLoading } = useAuth();
  const { discountCode } = useConfig();

  const canonical = article?.canonicalSlug;
  useEffect(() => {
    if (canonical && canonical !== slug)
      void navigate(`/news-and-views/${encodeURIComponent(canonical)}`, { replace: true });
  }, [canonical, slug, navigate]);

  // The layout sets the path's title in its own effect, which runs after this one when the
  // article is already cached (e.g. coming back to it): set ours once that has run.
  const title = article ? `${article.title} — News & Views — VBG` : null;
  useEffect(() => {
    if (!title) return;
    let live = true;
    queueMicrotask(() => {
      if (live) document.title = title;
    });
    return () => {
      live = false;
    };
  }, [title, location.pathname]);

  if (missing) return <Navigate to="/news-and-views" replace />;
  return (
    <QueryView
      query={query}
      loading={<PageSkeleton layout={ARTICLE_SKELETON} />}
      errorText="Article not found."
      failed={() => <ArticleNotFound />}
    >
      {(article) => (
        <ArticleBody
          article={article}
          locked={query.locked}
          signedOut={!authLoading && !user}
          discountCode={discountCode}
        />
      )}
    </QueryView>
  );
}
