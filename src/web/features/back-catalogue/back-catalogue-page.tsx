import { useState, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { BookOpen, ChevronDown, ExternalLink, FileText, Inbox } from 'lucide-react';
import { formatLongDay, londonDate } from '#shared/london-time';
import type { BackCatalogueEntry } from '#shared/schemas/tips';
import { attachedAssetUrl, groupCatalogue, monthKey, type CatalogueMonth } from '#shared/tips-format';
import { PageHeader } from '#web/components/page-header';
import { QueryView } from '#web/components/ui/query-view';
import { Skeleton } from '#web/components/ui/skeleton';
import { cn } from '#web/lib/cn';
import { isMobileClient } from '#web/lib/device';
import { useNow } from '#web/lib/now';
import { useBackCatalogue } from './api';

const rowClasses =
  'flex min-h-11 items-center gap-3 rounded-lg px-3 py-2.5 text-left text-navy-900 hover:bg-navy-50 focus-visible:bg-navy-50';

/** Fresh cache-busting parameters at the moment of the click. */
function withCacheBusting(event: MouseEvent<HTMLAnchorElement>, filename: string) {
  event.currentTarget.href = attachedAssetUrl(filename, {
    version: Date.now(),
    random: Math.random().toString(36).slice(2, 10),
    mobile: isMobileClient(),
  });
}

function EntryRow({ entry }: { entry: BackCatalogueEntry }) {
  const when = formatLongDay(entry.date);
  if (entry.contentType === 'html') {
    return (
      <Link to={`/tips/${entry.date}`} className={rowClasses}>
        <BookOpen className="h-5 w-5 shrink-0 text-navy-700" aria-hidden="true" />
        <span className="min-w-0 flex-1">
          <span className="block font-semibold">{entry.title}</span>
          <span className="block text-sm text-slate-600">{when} · Daily tips</span>
        </span>
      </Link>
    );
  }
  if (!entry.filename) return null;
  const filename = entry.filename;
  return (
    <a
      href={`/attached-assets/${encodeURIComponent(filename)}`}
      target="_blank"
      rel="noopener noreferrer"
      onClick={(e) => withCacheBusting(e, filename)}
      className={rowClasses}
    >
      <FileText className="h-5 w-5 shrink-0 text-red-700" aria-hidden="true" />
      <span className="min-w-0 flex-1">
        <span className="block font-semibold">{entry.title}</span>
        <span className="block text-sm text-slate-600">{when} · PDF guide (opens in a new tab)</span>
      </span>
      <ExternalLink className="h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
    </a>
  );
}

function CatalogueSkeleton() {
  return (
    <div className="grid gap-4" role="status">
      <span className="sr-only">Loading...</span>
      <Skeleton className="h-8 w-24" />
      <Skeleton className="h-14 w-full" />
      <Skeleton className="h-14 w-full" />
      <Skeleton className="h-14 w-full" />
    </div>
  );
}

/** The back catalogue, by year then month; this London month starts open. */
export function BackCataloguePage() {
  const catalogue = useBackCatalogue();
  const currentMonth = monthKey(londonDate(useNow()));
  const [toggled, setToggled] = useState<Record<string, boolean>>({});
  const isOpen = (key: string) => toggled[key] ?? key === currentMonth;

  return (
    <>
      <PageHeader title="Back Catalogue" subtitle="Every past daily guide and set of headline tips, by month." />
      <div className="mx-auto max-w-4xl px-4 py-8">
        <QueryView
          query={catalogue}
          loading={<CatalogueSkeleton />}
          errorText="Error loading catalogue. Please try again."
          errorClassName="rounded-lg border border-red-300 bg-red-50 p-4 text-red-800"
          isEmpty={(data) => data.length === 0}
          empty={
            <div className="rounded-xl border border-slate-200 bg-white p-10 text-center shadow-sm">
              <Inbox className="mx-auto h-10 w-10 text-slate-400" aria-hidden="true" />
              <h2 className="mt-3 text-xl font-bold text-navy-900">No guides available</h2>
              <p className="mt-1 text-slate-700">Check back soon for new daily analysis.</p>
            </div>
          }
        >
          {(data) => (
            <div className="grid gap-8">
              {groupCatalogue(data).map((year) => (
                <section key={year.year} aria-labelledby={`year-${year.year}`}>
                  <h2 id={`year-${year.year}`} className="mb-3 text-2xl font-bold text-navy-900">
                    {year.year}
                  </h2>
                  <div className="grid gap-3">
                    {year.months.map((month) => (
                      <MonthPanel
                        key={month.key}
                        month={month}
                        open={isOpen(month.key)}
                        onToggle={() => setToggled((t) => ({ ...t, [month.key]: !isOpen(month.key) }))}
                      />
                    ))}
                  </div>
                </section>
              ))}
            </div>
          )}
        </QueryView>
      </div>
    </>
  );
}

/** One month of guides: a button that opens or closes its list. */
function MonthPanel({
  month,
  open,
  onToggle,
}: {
  month: CatalogueMonth<BackCatalogueEntry>;
  open: boolean;
  onToggle: () => void;
}) {
  const panelId = `month-${month.key}`;
  return (
    <div className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={onToggle}
          className="flex min-h-12 w-full items-center gap-3 px-4 py-3 text-left font-semibold text-navy-900"
        >
          <span className="flex-1">{month.label}</span>
          <span className="rounded-full bg-navy-50 px-2.5 py-0.5 text-sm text-navy-700">
            {month.entries.length} {month.entries.length === 1 ? 'guide' : 'guides'}
          </span>
          <ChevronDown className={cn('h-5 w-5 transition-transform', open && 'rotate-180')} aria-hidden="true" />
        </button>
      </h3>
      {/* Closed months are in the page, hidden: without JavaScript (no button works)
          index.html's <noscript> style shows every month (class nojs-open). */}
      <ul id={panelId} hidden={!open} className="nojs-open grid gap-1 border-t border-slate-200 p-2">
        {month.entries.map((entry) => (
          <li key={entry.id}>
            <EntryRow entry={entry} />
          </li>
        ))}
      </ul>
    </div>
  );
}
