import { FileText, Star } from 'lucide-react';
import { QueryView } from '#web/components/ui/query-view';
import { cn } from '#web/lib/cn';
import { useRacePreviews, type RacePreview } from './api';

function PreviewBox({ preview }: { preview: RacePreview }) {
  const feature = preview.isFeature;
  return (
    <li>
      <a
        href={preview.url}
        target="_blank"
        rel="noopener noreferrer"
        data-testid={feature ? 'feature-preview' : 'standard-preview'}
        className={cn(
          'flex min-h-16 items-center gap-3 rounded-xl border-2 px-4 py-3 shadow-sm transition-colors',
          feature
            ? 'border-gold-400 bg-gold-100 text-navy-900 hover:bg-gold-300'
            : 'border-blue-300 bg-blue-50 text-navy-900 hover:bg-blue-100',
        )}
      >
        {feature ? (
          <Star className="h-5 w-5 shrink-0 text-gold-700" aria-hidden="true" />
        ) : (
          <FileText className="h-5 w-5 shrink-0 text-blue-700" aria-hidden="true" />
        )}
        <span className="min-w-0">
          <span className="block font-bold">
            {preview.raceTime} {preview.course}
          </span>
          <span
            className={cn(
              'block text-xs font-semibold uppercase tracking-wide',
              feature ? 'text-gold-800' : 'text-blue-800',
            )}
          >
            {feature ? 'Feature race' : 'Race preview'}
            <span className="sr-only"> (PDF, opens in a new tab)</span>
          </span>
        </span>
      </a>
    </li>
  );
}

/** Today's race-preview PDFs under the tips: gold boxes for feature races, blue for the rest. */
export function RacePreviews() {
  const previews = useRacePreviews();
  return (
    <section aria-labelledby="race-previews-heading" className="mx-auto max-w-6xl px-4 pb-10">
      <h2 id="race-previews-heading" className="text-2xl font-bold text-navy-900">
        Race Previews
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Each preview opens as a PDF. Gold boxes are feature races; blue boxes are standard previews.
      </p>
      <QueryView
        query={previews}
        loading={
          <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
            {[0, 1, 2].map((i) => (
              <li key={i} className="min-h-16 animate-pulse rounded-xl bg-slate-100" />
            ))}
          </ul>
        }
        errorText="Could not load today’s race previews. Please try again."
        errorClassName="mt-4 rounded-lg border border-red-300 bg-red-50 p-4 text-red-800"
        isEmpty={(data) => data.length === 0}
        empty={<p className="mt-4 italic text-slate-600">No race previews available today.</p>}
      >
        {(data) => (
          <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {data.map((p) => (
              <PreviewBox key={p.id} preview={p} />
            ))}
          </ul>
        )}
      </QueryView>
    </section>
  );
}
