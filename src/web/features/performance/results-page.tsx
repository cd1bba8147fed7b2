import { useEffect } from 'react';
import { Link } from 'react-router';
import { formatLongDay, londonDate } from '#shared/london-time';
import type { ClosingLineSummary } from '#shared/closing-line';
import { raceLabel, TYPE_LABELS, type ResultsTip } from '#shared/schemas/performance';
import { formatPoints, SELECTION_TYPES, type TipStats } from '#shared/tip-stats';
import { monthLabel } from '#shared/tips-format';
import { PageHeader } from '#web/components/page-header';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { Skeleton } from '#web/components/ui/skeleton';
import { cn } from '#web/lib/cn';
import { formatLondonDateTime } from '#web/lib/dates';
import { errorMessage } from '#web/lib/request';
import { useResults } from './api';
import { PlChart } from './pl-chart';
import { useFormatOdds } from '../odds-preference/use-odds';
import { ScrollRegion } from '#web/components/ui/scroll-region';
import { PriceSparkline } from '#web/components/ui/sparkline';

function formatPublished(iso: string | null): string {
  return iso ? formatLondonDateTime(iso) : '—';
}

const plTone = (v: number) => (v > 0 ? 'text-green-800' : v < 0 ? 'text-red-800' : 'text-slate-800');

function Stat({ label, value, tone, testId }: { label: string; value: string; tone?: string; testId: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className={cn('mt-1 text-2xl font-bold tabular-nums text-navy-900', tone)} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function StatsRow({ label, stats }: { label: string; stats: TipStats }) {
  return (
    <tr className="border-b border-slate-200">
      <th scope="row" className="px-3 py-2 text-left font-semibold">
        {label}
      </th>
      <td className="px-3 py-2 tabular-nums">{stats.staked}</td>
      <td className="px-3 py-2 tabular-nums">{stats.won}</td>
      <td className="px-3 py-2 tabular-nums">{stats.strikeRate}%</td>
      <td className={cn('px-3 py-2 font-semibold tabular-nums', plTone(stats.profitLoss))}>{formatPoints(stats.profitLoss)}</td>
      <td className="px-3 py-2 tabular-nums">{stats.roi}%</td>
    </tr>
  );
}

function StatsTable({ caption, rows }: { caption: string; rows: Array<{ label: string; stats: TipStats }> }) {
  return (
    <ScrollRegion label={caption}>
      <table className="w-full min-w-[28rem] text-sm">
        <caption className="mb-2 text-left text-base font-bold text-navy-900">{caption}</caption>
        <thead className="border-b border-slate-300 text-left text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-2" />
            <th scope="col" className="px-3 py-2">
              Bets
            </th>
            <th scope="col" className="px-3 py-2">
              Won
            </th>
            <th scope="col" className="px-3 py-2">
              Strike rate
            </th>
            <th scope="col" className="px-3 py-2">
              P/L
            </th>
            <th scope="col" className="px-3 py-2">
              ROI
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <StatsRow key={r.label} {...r} />
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

const signed = (v: number) => `${v > 0 ? '+' : ''}${v}%`;

/** One closing price's line: how often the tips' prices beat it, and by how much on average. */
function ClosingLineStats({ label, summary, testId }: { label: string; summary: ClosingLineSummary; testId: string }) {
  if (summary.tips === 0) return <Stat label={`Beat ${label}`} value="—" testId={`${testId}-share`} />;
  return (
    <>
      <Stat label={`Beat ${label} (of ${summary.tips})`} value={`${summary.share}%`} testId={`${testId}-share`} />
      <Stat label={`Average edge vs ${label}`} value={signed(summary.averageEdge)} tone={plTone(summary.averageEdge)} testId={`${testId}-edge`} />
    </>
  );
}

function TipRow({ tip }: { tip: ResultsTip }) {
  const odds = useFormatOdds();
  const tone = tip.result === 'WON' ? 'bg-green-50' : tip.result === 'NR' ? 'bg-slate-50' : 'bg-red-50';
  return (
    <tr className={cn('border-b border-slate-200', tone)}>
      <td className="whitespace-nowrap px-3 py-2">{tip.raceDate}</td>
      <th scope="row" className="px-3 py-2 text-left font-semibold text-navy-900">
        {tip.selectionName}
      </th>
      <td className="px-3 py-2 text-xs font-bold">{TYPE_LABELS[tip.selectionType]}</td>
      <td className="px-3 py-2">{raceLabel(tip) || '—'}</td>
      <td className="px-3 py-2">
        {odds(tip.advisedOdds) || '—'}
        {/* A price corrected after the tip went out shows beside what members were told, never instead of it. */}
        {tip.correctedOdds && (
          <>
            <span className="sr-only">, </span>
            <span className="block whitespace-nowrap text-xs text-slate-700">corrected to {odds(tip.correctedOdds)}</span>
          </>
        )}
      </td>
      <td className="px-3 py-2">
        {odds(tip.startingPrice) || '—'}
        {tip.bsp !== null && <span className="block whitespace-nowrap text-xs text-slate-700">BSP {tip.bsp.toFixed(2)}</span>}
      </td>
      <td className="px-3 py-2 text-navy-700">
        <PriceSparkline points={tip.priceHistory.map((p) => ({ price: p.price, label: odds(p.priceText) || p.priceText }))} />
      </td>
      <td className="px-3 py-2 font-bold">
        {tip.result}
        {/* A result changed after it was first settled says so, with the day (issue 16 item 2). */}
        {tip.correctedAt && <span className="block whitespace-nowrap text-xs font-normal text-slate-700">Corrected {formatLongDay(londonDate(new Date(tip.correctedAt)), false)}</span>}
      </td>
      <td className={cn('whitespace-nowrap px-3 py-2 font-semibold tabular-nums', plTone(tip.profitLoss))}>{formatPoints(tip.profitLoss)}</td>
      <td className="whitespace-nowrap px-3 py-2 text-slate-700">{formatPublished(tip.publishedAt)}</td>
    </tr>
  );
}

/** The public proofed record (decision 0006): every settled tip, the stats and the running P/L. */
export function ResultsPage() {
  const results = useResults();
  useEffect(() => {
    document.title = 'Proofed Results — VBG';
  }, []);

  return (
    <>
      <PageHeader title="Proofed Results" subtitle="Every NAP, NB and Longshot we have settled, winners and losers alike: 1 point level stakes to the advised odds." />
      <div className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-8">
        <p className="text-sm text-slate-700">
          How every rated runner did, not only our tips:{' '}
          <Link to="/value-calibration" className="font-semibold text-navy-900 underline">
            the VB tissue&apos;s value calibration
          </Link>
          .
        </p>
        {results.isPending ? (
          <div className="grid gap-4" role="status" aria-label="Loading results">
            <Skeleton className="h-24" />
            <Skeleton className="h-64" />
          </div>
        ) : results.isError || !results.data ? (
          <p role="alert" className="text-red-800">
            {errorMessage(results.error, 'Could not load the results. Please try again.')}
          </p>
        ) : (
          <ResultsBody data={results.data} />
        )}
      </div>
    </>
  );
}

function ResultsBody({ data }: { data: NonNullable<ReturnType<typeof useResults>['data']> }) {
  const { overall, byType, byMonth, series } = data.stats;
  if (data.tips.length === 0) {
    return (
      <Card>
        <CardContent className="pt-5 sm:pt-6">
          <p>No settled tips yet. Results appear here as soon as each tip is settled.</p>
        </CardContent>
      </Card>
    );
  }
  return (
    <>
      <section aria-labelledby="summary-heading" className="grid grid-cols-1 gap-3">
        <h2 id="summary-heading" className="text-xl font-bold text-navy-900">
          Summary
        </h2>
        <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-6">
          <Stat label="Profit / loss (points)" value={formatPoints(overall.profitLoss)} tone={plTone(overall.profitLoss)} testId="stat-pl" />
          <Stat label="ROI" value={`${overall.roi}%`} testId="stat-roi" />
          <Stat label="Strike rate" value={`${overall.strikeRate}%`} testId="stat-strike-rate" />
          <Stat label="Bets (winners)" value={`${overall.staked} (${overall.won})`} testId="stat-bets" />
          <Stat label="Longest losing run" value={String(overall.longestLosingRun)} testId="stat-losing-run" />
          <Stat label="Largest drawdown" value={formatPoints(-overall.maxDrawdown)} testId="stat-drawdown" />
        </dl>
        <p className="text-sm text-slate-600">
          Non-runners ({overall.nonRunners}) return the stake and are not counted as bets. Placed horses count as losers (win bets). Where an advised price was corrected after publishing, both are
          shown and P/L is at the corrected price.
          {data.pending > 0 && ` ${data.pending} tip${data.pending === 1 ? ' is' : 's are'} awaiting a result.`}
        </p>
      </section>

      <section aria-labelledby="clv-heading" className="grid grid-cols-1 gap-3">
        <h2 id="clv-heading" className="text-xl font-bold text-navy-900">
          Closing line value
        </h2>
        <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
          <ClosingLineStats label="SP" summary={data.clv.sp} testId="clv-sp" />
          <ClosingLineStats label="BSP" summary={data.clv.bsp} testId="clv-bsp" />
        </dl>
        <p className="text-sm text-slate-600">
          How often our price was longer than the starting price (SP) and the Betfair starting price (BSP), and by how much on average (our price ÷ the closing price − 1). Over a short run profit is
          mostly luck; beating the closing price again and again is the sign of a real edge. Non-runners and tips without the closing price are not counted.
        </p>
      </section>

      <Card>
        <CardHeader>
          <CardTitle>Running profit and loss</CardTitle>
          <CardDescription>Points after each settled tip, oldest on the left.</CardDescription>
        </CardHeader>
        <CardContent>
          <PlChart series={series} />
        </CardContent>
      </Card>

      <Card>
        <CardContent className="grid grid-cols-1 gap-6 pt-5 sm:pt-6 lg:grid-cols-2">
          <StatsTable caption="By selection" rows={SELECTION_TYPES.map((type) => ({ label: TYPE_LABELS[type], stats: byType[type] }))} />
          <StatsTable caption="By month" rows={byMonth.map((m) => ({ label: monthLabel(m.month), stats: m }))} />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Every settled tip</CardTitle>
          <CardDescription>Newest first, with the time each tip was published (UK time).</CardDescription>
        </CardHeader>
        <CardContent>
          <ScrollRegion label="Every settled tip" className="relative w-0 min-w-full">
            <table className="w-full min-w-[58rem] text-sm" data-testid="results-table">
              <thead className="border-b border-slate-300 text-left text-slate-700">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Date
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Selection
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Type
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Race
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Advised
                  </th>
                  <th scope="col" className="px-3 py-2">
                    SP
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Market
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Result
                  </th>
                  <th scope="col" className="px-3 py-2">
                    P/L
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Published
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.tips.map((tip) => (
                  <TipRow key={tip.id} tip={tip} />
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </CardContent>
      </Card>
    </>
  );
}
