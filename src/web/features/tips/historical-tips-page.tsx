import { lazy } from 'react';
import { ArrowLeft, Archive, Loader2 } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { formatLongDay, isIsoDay } from '../../../shared/london-time';
import { ApiError, errorMessage } from '../../lib/request';
import { useHistoricalTips } from './api';
import { TipsCards } from './tips-cards';

function BackLink() {
  return (
    <Link to="/back-catalogue" className="inline-flex min-h-11 items-center gap-1.5 font-semibold text-navy-700 underline underline-offset-4 hover:text-navy-900">
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      Back to Catalogue
    </Link>
  );
}

// Only today's and later days need the gates: past days never download them.
const SignedOutGate = lazy(async () => ({ default: (await import('../../components/member-gate')).SignedOutGate }));
const SubscriptionRequired = lazy(async () => ({ default: (await import('../../components/member-gate')).SubscriptionRequired }));

const GATED_FEATURE = 'these tips';

/**
 * Archive page of one day's tips (spec 01 §2 "Historical tips"): public for past London days.
 * Today's and later days' tips are for members (decision 10); the server decides and says so
 * with 401 (signed out: banner and "Member Access Required", decision 8) or 403 (signed in
 * without a membership: "Subscription required", decision 3).
 */
export function HistoricalTipsPage() {
  const { date = '' } = useParams();
  const { data, isPending, error } = useHistoricalTips(date);
  const longDate = isIsoDay(date) ? formatLongDay(date) : date;
  if (error instanceof ApiError && error.status === 401) return <SignedOutGate feature={GATED_FEATURE} />;
  if (error instanceof ApiError && error.status === 403) {
    return (
      <div className="mx-auto max-w-6xl px-4 py-10 sm:py-16">
        <SubscriptionRequired feature={GATED_FEATURE} />
      </div>
    );
  }
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
          {isPending ? (
            <div role="status" className="flex items-center justify-center gap-2 py-16 text-slate-600">
              <Loader2 className="h-6 w-6 animate-spin text-navy-700" aria-hidden="true" />
              <span>Loading tips...</span>
            </div>
          ) : error ? (
            <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-800">
              {errorMessage(error, 'Could not load these tips. Please try again.')}
            </p>
          ) : data ? (
            <TipsCards tips={data} />
          ) : (
            <div className="mx-auto max-w-lg rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm">
              <h2 className="text-xl font-bold text-navy-900">Tips not found</h2>
              <p className="mt-2 text-slate-700">No tips found for {date}.</p>
              <div className="mt-4">
                <BackLink />
              </div>
            </div>
          )}
        </div>
      </div>
    </>
  );
}
