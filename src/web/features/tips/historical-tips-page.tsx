import { ArrowLeft, Archive, Loader2 } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { formatLongDay, isIsoDay, londonDate } from '#shared/london-time';
import { MemberAccessRequired, SignedOutGate, SubscriptionRequired } from '#web/components/member-gate';
import { QueryView } from '#web/components/ui/query-view';
import { useAuth } from '../auth/api';
import { useNow } from '#web/lib/now';
import { ApiError } from '#web/lib/request';
import { useHistoricalTips } from './api';
import { TipsCards } from './tips-cards';

function BackLink() {
  return (
    <Link
      to="/back-catalogue"
      className="inline-flex min-h-11 items-center gap-1.5 font-semibold text-navy-700 underline underline-offset-4 hover:text-navy-900"
    >
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      Back to Catalogue
    </Link>
  );
}

const GATED_FEATURE = 'these tips';

function TipsLoading() {
  return (
    <div role="status" className="flex items-center justify-center gap-2 py-16 text-slate-600">
      <Loader2 className="h-6 w-6 animate-spin text-navy-700" aria-hidden="true" />
      <span>Loading tips...</span>
    </div>
  );
}

function DayTips({ date, membersOnly }: { date: string; membersOnly: boolean }) {
  return (
    <QueryView
      query={useHistoricalTips(date, { membersOnly })}
      loading={<TipsLoading />}
      errorText="Could not load these tips. Please try again."
      errorClassName="rounded-lg border border-red-300 bg-red-50 p-4 text-red-800"
      // The server has the last word on the day (decision 0017): at midnight the two clocks may differ.
      failed={(error) =>
        error instanceof ApiError && error.status === 401 ? (
          <MemberAccessRequired feature={GATED_FEATURE} headingAs="h2" />
        ) : error instanceof ApiError && error.status === 403 ? (
          <SubscriptionRequired feature={GATED_FEATURE} headingAs="h2" />
        ) : error ? undefined : (
          <TipsNotFound date={date} />
        )
      }
    >
      {(tips) => <TipsCards tips={tips} />}
    </QueryView>
  );
}

function TipsNotFound({ date }: { date: string }) {
  return (
    <div className="mx-auto max-w-lg rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm">
      <h2 className="text-xl font-bold text-navy-900">Tips not found</h2>
      <p className="mt-2 text-slate-700">No tips found for {date}.</p>
      <div className="mt-4">
        <BackLink />
      </div>
    </div>
  );
}

/** Today's or a later day: the tips for members, the gate for everyone else. */
function MembersOnlyDay({ date }: { date: string }) {
  const { user, isLoading, hasMemberAccess } = useAuth();
  if (isLoading) return <TipsLoading />;
  if (!user) return <MemberAccessRequired feature={GATED_FEATURE} headingAs="h2" />;
  if (!hasMemberAccess) return <SubscriptionRequired feature={GATED_FEATURE} headingAs="h2" />;
  return <DayTips date={date} membersOnly />;
}

/**
 * Public archive page of one day's tips. Only past London days are
 * public (DESIGN decision 10): today's and later ones are behind the member gate here too, and
 * the server render never reads them.
 */
export function HistoricalTipsPage() {
  const { date = '' } = useParams();
  const today = londonDate(useNow());
  const membersOnly = isIsoDay(date) && date >= today;
  const longDate = isIsoDay(date) ? formatLongDay(date) : date;
  const { user, isLoading } = useAuth();
  // Signed out on today's or a later day: the members-only page's banner and gate (DESIGN decision 8).
  if (membersOnly && !isLoading && !user) return <SignedOutGate feature={GATED_FEATURE} />;
  return (
    <>
      <div className="bg-navy-900 text-white">
        <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
          <p className="flex items-center gap-1.5 text-sm font-semibold uppercase tracking-wide text-gold-300">
            <Archive className="h-4 w-4" aria-hidden="true" />
            Historical Archive
          </p>
          <h1 className="mt-1 text-3xl font-bold tracking-tight sm:text-4xl">Daily Headline Tips</h1>
          <p className="mt-2 text-lg text-navy-100">{longDate}</p>
        </div>
      </div>
      <div className="mx-auto max-w-6xl px-4 py-6">
        <BackLink />
        <div className="mt-4">
          {membersOnly ? <MembersOnlyDay date={date} /> : <DayTips date={date} membersOnly={false} />}
        </div>
      </div>
    </>
  );
}
