import { CalendarDays } from 'lucide-react';
import { Link } from 'react-router';
import { SAMPLE_BANNER_DATE } from '#shared/tips-format';
import { QueryView } from '#web/components/ui/query-view';
import { useDailyTips } from './api';
import { TipsCards, TipsCardsSkeleton } from './tips-cards';
import { RacePreviews } from '../race-previews/race-previews-list';
import { TipPrices } from './tip-prices';

/** Members only; the router wraps it in the "daily tips" gate. */
export function TipsPage() {
  const tips = useDailyTips();
  const banner = tips.data?.bannerDate.trim() || SAMPLE_BANNER_DATE;
  return (
    <>
      <div className="bg-navy-900 text-white">
        <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Daily Headline Tips</h1>
          <p className="mt-2 text-navy-100">Our strongest value selections, published each morning.</p>
        </div>
      </div>
      <div role="region" aria-label="Tips date" className="border-b border-gold-300 bg-gold-50">
        <p className="mx-auto flex max-w-6xl items-center gap-2 px-4 py-3 font-semibold text-navy-900">
          <CalendarDays className="h-5 w-5 text-gold-700" aria-hidden="true" />
          {tips.isPending ? (
            <span className="h-5 w-48 animate-pulse rounded bg-gold-100" />
          ) : (
            <span data-testid="banner-date">{banner}</span>
          )}
        </p>
      </div>
      <div className="mx-auto max-w-6xl px-4 py-8">
        <QueryView
          query={tips}
          loading={<TipsCardsSkeleton />}
          errorText="Could not load today’s tips. Please try again."
          errorClassName="rounded-lg border border-red-300 bg-red-50 p-4 text-red-800"
        >
          {(data) => (
            <>
              <TipsCards tips={data} />
              <TipPrices tips={data} />
            </>
          )}
        </QueryView>
        <p className="mt-6 text-sm text-slate-700">
          How have the tips done?{' '}
          <Link to="/results" className="font-semibold text-navy-700 underline underline-offset-4 hover:text-navy-900">
            See the proofed results
          </Link>
          : every NAP, NB and Longshot settled, with profit and loss.
        </p>
      </div>
      <RacePreviews />
    </>
  );
}
