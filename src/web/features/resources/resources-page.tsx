import { Archive, ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { BLOG_ARTICLES } from '#shared/resources';
import { formatLongDay } from '#shared/london-time';
import { PageHeader } from '#web/components/page-header';
import { ButtonLink } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { CategoryPill } from './category-pill';

/** /resources: the back-catalogue intro and the built-in guides. */
export function ResourcesPage() {
  return (
    <>
      <PageHeader title="Resources" subtitle="Guides to the VBG method and the full archive of past daily guides." />
      <div className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
        <Card className="p-6 sm:p-8">
          <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex gap-4">
              <Archive className="h-8 w-8 shrink-0 text-navy-700" aria-hidden="true" />
              <div>
                <h2 className="text-xl font-bold text-navy-900">Back Catalogue</h2>
                <p className="mt-1 max-w-2xl text-slate-700">
                  Every past daily guide, grouped by year and month: the selections, the previews and the reasoning, so
                  you can judge the record for yourself.
                </p>
              </div>
            </div>
            <ButtonLink to="/back-catalogue" className="self-start sm:self-auto">
              Browse the Back Catalogue
            </ButtonLink>
          </div>
        </Card>

        <h2 className="mt-10 text-2xl font-bold text-navy-900">Guides</h2>
        <ul className="mt-4 grid gap-4 md:grid-cols-3">
          {BLOG_ARTICLES.map((a) => (
            <li key={a.slug}>
              <Card className="flex h-full flex-col p-5">
                <div className="flex flex-wrap items-center gap-2">
                  <CategoryPill category={a.category} />
                  <span className="text-xs text-slate-600">{formatLongDay(a.createdAt, false)}</span>
                </div>
                <h3 className="mt-3 text-lg font-bold leading-snug text-navy-900">{a.title}</h3>
                <p className="mt-2 flex-1 text-sm text-slate-700">{a.excerpt}</p>
                <Link
                  to={`/resources/${a.slug}`}
                  className="mt-4 inline-flex min-h-11 items-center gap-1 font-semibold text-navy-700 underline underline-offset-4"
                >
                  Read the guide
                  <ArrowRight className="h-4 w-4" aria-hidden="true" />
                  <span className="sr-only">: {a.title}</span>
                </Link>
              </Card>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
