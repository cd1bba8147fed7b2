import { useEffect, type ReactNode } from 'react';
import { Calendar, Unlock } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { PRICE_MONTHLY_GBP } from '#shared/public-config';
import { findBlogArticle, parseBlocks, splitBold, type Block } from '#shared/resources';
import { formatLongDay } from '#shared/london-time';
import { buttonClasses } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { useAuth } from '../auth/api';
import { CategoryPill } from './category-pill';

export const SCROLL_DELAY_MS = 100;

function Inline({ text }: { text: string }) {
  return (
    <>{splitBold(text).map((s, i) => (s.bold ? <strong key={i}>{s.text}</strong> : <span key={i}>{s.text}</span>))}</>
  );
}

function renderBlock(block: Block, key: number): ReactNode {
  switch (block.kind) {
    case 'h2':
      return (
        <h2 key={key} className="mb-3 mt-8 text-2xl font-bold text-navy-900">
          <Inline text={block.text} />
        </h2>
      );
    case 'h3':
      return (
        <h3 key={key} className="mb-2 mt-6 text-xl font-semibold text-navy-900">
          <Inline text={block.text} />
        </h3>
      );
    case 'subheading':
      return (
        <h4 key={key} className="mb-2 mt-5 text-lg font-semibold text-navy-800">
          {block.text}
        </h4>
      );
    case 'list':
      return (
        <ul key={key} className="my-3 list-disc space-y-1 pl-6">
          {block.items.map((item, i) => (
            <li key={i}>
              <Inline text={item} />
            </li>
          ))}
        </ul>
      );
    default:
      return (
        <p key={key} className="my-3">
          <Inline text={block.text} />
        </p>
      );
  }
}

/** /resources/{slug}: one of the built-in blog articles. */
export function ResourceArticlePage() {
  const { slug = '' } = useParams();
  const article = findBlogArticle(slug);
  const { user, isLoading } = useAuth();

  useEffect(() => {
    const timer = setTimeout(() => window.scrollTo(0, 0), SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [slug]);

  useEffect(() => {
    if (article) document.title = `${article.title} — Resources — VBG`;
  }, [article]);

  if (!article) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-navy-900 sm:text-3xl">Article Not Found</h1>
        <Link to="/resources" className={buttonClasses({ className: 'mt-6' })}>
          Return to News & Views
        </Link>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <article>
        <header>
          <div className="flex flex-wrap items-center gap-3">
            <CategoryPill category={article.category} />
            <span className="flex items-center gap-1.5 text-sm text-slate-600">
              <Calendar className="h-4 w-4" aria-hidden="true" />
              <time dateTime={article.createdAt}>{formatLongDay(article.createdAt, false)}</time>
            </span>
          </div>
          <h1 className="mt-4 text-3xl font-bold leading-tight tracking-tight text-navy-900 sm:text-4xl">
            {article.title}
          </h1>
          <p className="mt-4 text-lg text-slate-700">{article.excerpt}</p>
        </header>
        <div className="mt-6 leading-relaxed text-slate-800">{parseBlocks(article.content).map(renderBlock)}</div>
      </article>
      {!isLoading && !user && (
        <Card tone="members" className="mt-10 p-6 text-center">
          <Unlock className="mx-auto h-8 w-8 text-gold-700" aria-hidden="true" />
          <h2 className="mt-2 text-xl font-bold text-navy-900">Unlock Full Access</h2>
          <p className="mt-1 text-slate-700">Get complete daily analysis & tips</p>
          <a href="/subscribe" className={buttonClasses({ variant: 'gold', className: 'mt-4' })}>
            Subscribe £{PRICE_MONTHLY_GBP}/month
          </a>
        </Card>
      )}
    </div>
  );
}
