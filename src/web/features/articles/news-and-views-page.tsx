import { useEffect, useState } from 'react';
import type { Article } from '#shared/schemas/articles';
import { CATEGORY_LABELS } from '#shared/article-labels';
import { PageHeader } from '#web/components/page-header';
import { Button } from '#web/components/ui/button';
import { QueryView } from '#web/components/ui/query-view';
import { NEWS_RESET_EVENT } from '#web/lib/events';
import { useAuth } from '../auth/api';
import { useArticles } from './api';
import { ArticleCard } from './article-card';
import { ARTICLES_PER_COLUMN, columnsOf } from './article-rules';
import { ArticleView } from './article-view';

function Column({
  id,
  title,
  emptyText,
  articles,
  hasMemberAccess,
  onSelect,
}: {
  id: string;
  title: string;
  emptyText: string;
  articles: Article[];
  hasMemberAccess: boolean;
  onSelect: (a: Article) => void;
}) {
  const [expanded, setExpanded] = useState(false);
  const shown = expanded ? articles : articles.slice(0, ARTICLES_PER_COLUMN);
  const more = articles.length - ARTICLES_PER_COLUMN;
  return (
    <section aria-labelledby={id} className="min-w-0">
      <h2 id={id} className="border-b-4 border-gold-400 pb-2 text-xl font-bold text-navy-900 sm:text-2xl">
        {title}
      </h2>
      {articles.length === 0 ? (
        <div className="mt-4 rounded-xl border border-dashed border-slate-300 p-6 text-center text-slate-600">
          <p className="font-semibold">{emptyText}</p>
          <p className="mt-1 text-sm">New content will appear here as it's published.</p>
        </div>
      ) : (
        <ul className="mt-4 grid gap-4" aria-label={title}>
          {shown.map((a) => (
            <li key={a.id}>
              <ArticleCard article={a} hasMemberAccess={hasMemberAccess} onSelect={onSelect} />
            </li>
          ))}
        </ul>
      )}
      {more > 0 && (
        <Button
          variant="outline"
          className="mt-4 w-full"
          aria-expanded={expanded}
          onClick={() => setExpanded((e) => !e)}
        >
          {expanded ? 'Show Less' : `See More ... (${more} more)`}
        </Button>
      )}
    </section>
  );
}

/** The two columns, news then strategy ("views"). */
const COLUMNS = [
  { id: 'news-column', category: 'news', emptyText: 'No news articles available yet.' },
  { id: 'views-column', category: 'views', emptyText: 'No strategy articles available yet.' },
] as const;

/** /news-and-views: two columns, or the selected article in place of them. */
export function NewsAndViewsPage() {
  const articles = useArticles();
  const { hasMemberAccess } = useAuth();
  const [selected, setSelected] = useState<Article | null>(null);

  useEffect(() => {
    // The nav link clicked while already here: back to the list, at the top.
    const reset = () => {
      setSelected(null);
      window.scrollTo(0, 0);
    };
    window.addEventListener(NEWS_RESET_EVENT, reset);
    return () => window.removeEventListener(NEWS_RESET_EVENT, reset);
  }, []);

  function select(article: Article | null) {
    setSelected(article);
    window.scrollTo(0, 0);
  }

  return (
    <>
      <PageHeader
        title="News & Views"
        subtitle="Racing affairs, value-betting strategy and the principles behind the VB ratings."
      />
      <div className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
        {selected ? (
          <ArticleView selected={selected} hasMemberAccess={hasMemberAccess} onBack={() => select(null)} />
        ) : (
          <QueryView
            query={articles}
            loading={
              <p role="status" className="py-12 text-center text-slate-600">
                Loading articles...
              </p>
            }
            errorText="Error loading articles. Please try again."
            errorClassName="py-12 text-center text-slate-700"
          >
            {(data) => {
              const columns = columnsOf(data);
              return (
                <div className="grid gap-10 md:grid-cols-2 md:gap-8">
                  {COLUMNS.map((c) => (
                    <Column
                      key={c.id}
                      id={c.id}
                      title={CATEGORY_LABELS[c.category]}
                      emptyText={c.emptyText}
                      articles={columns[c.category]}
                      hasMemberAccess={hasMemberAccess}
                      onSelect={select}
                    />
                  ))}
                </div>
              );
            }}
          </QueryView>
        )}
      </div>
    </>
  );
}
