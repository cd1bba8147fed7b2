import { useEffect } from 'react';
import { Link } from 'react-router';
import { formatLongDay, londonDate } from '#shared/london-time';
import type { ClosingLineSummary } from '#shared/closing-line';
import { raceLabel, TYPE_LABELS, type ResultsTip } from '#shared/schemas/performance';
import { formatPoints, SELECTION_TYPES, type TipStats } from '#shared/tip-stats';
import { monthLabel } from '#shared/tips-format';
import { PageHeader } from '#web/components/page-header';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { cn } from '#web/lib/cn';
import { formatLondonDateTime } from '#web/lib/dates';
import { useResults } from './api';
import { PlChart } from './pl-chart';
import { useFormatOdds } from '../odds-preference/use-odds';
import { DataTable, type Column } from '#web/components/ui/data-table';
import { EmptyCard, QueryView } from '#web/components/ui/query-view';
import { Stat } from '#web/components/ui/stat';
import { PriceSparkline } from '#web/components/ui/sparkline';
import { rule4Text } from '#shared/proofing/rule4';
import { BasesNote, BasesTable, MultiplesSection, OtherBasesCell, plTone, SignificancePanel } from './record-bases';

function formatPublished(iso: string | null): string {
  return iso ? formatLondonDateTime(iso) : '—';
}

const statsColumns: Array<Column<{ label: string; stats: TipStats }>> = [
  { header: null, rowHeader: true, className: 'font-semibold', cell: (r) => r.label },
  { header: 'Bets', className: 'tabular-nums', cell: (r) => r.stats.staked },
  { header: 'Won', className: 'tabular-nums', cell: (r) => r.stats.won },
  { header: 'Strike rate', className: 'tabular-nums', cell: (r) => `${r.stats.strikeRate}%` },
  {
    header: 'P/L (advised)',
    className: 'font-semibold tabular-nums',
    cellClassName: (r) => plTone(r.stats.profitLoss),
    cell: (r) => formatPoints(r.stats.profitLoss),
  },
  { header: 'ROI (advised)', className: 'tabular-nums', cell: (r) => `${r.stats.roi}%` },
];

function StatsTable({ caption, rows }: { caption: string; rows: Array<{ label: string; stats: TipStats }> }) {
  return (
    <DataTable caption={caption} columns={statsColumns} rows={rows} rowKey={(r) => r.label} className="min-w-[28rem]" />
  );
}

const signed = (v: number) => `${v > 0 ? '+' : ''}${v}%`;

/** One closing price's line: how often the tips' prices beat it, and by how much on average. */
function ClosingLineStats({ label, summary, testId }: { label: string; summary: ClosingLineSummary; testId: string }) {
  if (summary.tips === 0) return <Stat label={`Beat ${label}`} value="—" testId={`${testId}-share`} />;
  return (
    <>
      <Stat label={`Beat ${label} (of ${summary.tips})`} value={`${summary.share}%`} testId={`${testId}-share`} />
      <Stat
        label={`Average edge vs ${label}`}
        value={signed(summary.averageEdge)}
        tone={plTone(summary.averageEdge)}
        testId={`${testId}-edge`}
      />
    </>
  );
}

const resultTone = (tip: ResultsTip) =>
  tip.result === 'WON' ? 'bg-green-50' : tip.result === 'NR' ? 'bg-slate-50' : 'bg-red-50';

/** The advised price; one corrected after the tip went out shows beside what members were told, never instead of it. */
function AdvisedCell({ tip }: { tip: ResultsTip }) {
  const odds = useFormatOdds();
  return (
    <>
      {odds(tip.advisedOdds) || '—'}
      {tip.correctedOdds && (
        <>
          <span className="sr-only">, </span>
          <span className="block whitespace-nowrap text-xs text-slate-700">corrected to {odds(tip.correctedOdds)}</span>
        </>
      )}
    </>
  );
}

/** The result, its Rule 4 deduction, and the day it was corrected when it was changed after settling. */
function ResultCell({ tip }: { tip: ResultsTip }) {
  return (
    <>
      {tip.result}
      {tip.rule4 && (
        <span className="block whitespace-nowrap text-xs font-normal text-slate-700">{rule4Text(tip.rule4)}</span>
      )}
      {tip.correctedAt && (
        <span className="block whitespace-nowrap text-xs font-normal text-slate-700">
          Corrected {formatLongDay(londonDate(new Date(tip.correctedAt)), false)}
        </span>
      )}
    </>
  );
}

/**
 * When the tip was published; one not proofed is counted with the rest, but said plainly: nothing
 * outside VBG shows it was sealed before the off.
 */
function PublishedCell({ tip }: { tip: ResultsTip }) {
  return (
    <>
      {formatPublished(tip.publishedAt)}
      {!tip.proofed && (
        <span className="block whitespace-nowrap text-xs font-semibold text-amber-800">Not proofed</span>
      )}
    </>
  );
}

/** Every settled tip, newest first, its row shaded by its result. */
function TipsTable({ tips }: { tips: ResultsTip[] }) {
  const odds = useFormatOdds();
  const columns: Array<Column<ResultsTip>> = [
    { header: 'Date', className: 'whitespace-nowrap', cell: (tip) => tip.raceDate },
    {
      header: 'Selection',
      rowHeader: true,
      className: 'font-semibold text-navy-900',
      cell: (tip) => tip.selectionName,
    },
    { header: 'Type', className: 'text-xs font-bold', cell: (tip) => TYPE_LABELS[tip.selectionType] },
    { header: 'Race', cell: (tip) => raceLabel(tip) || '—' },
    {
      header: 'Advised',
      cell: (tip) => <AdvisedCell tip={tip} />,
    },
    {
      header: 'SP',
      cell: (tip) => (
        <>
          {odds(tip.startingPrice) || '—'}
          {tip.bsp !== null && (
            <span className="block whitespace-nowrap text-xs text-slate-700">BSP {tip.bsp.toFixed(2)}</span>
          )}
        </>
      ),
    },
    {
      header: 'Market',
      className: 'text-navy-700',
      cell: (tip) => (
        <PriceSparkline
          points={tip.priceHistory.map((p) => ({ price: p.price, label: odds(p.priceText) || p.priceText }))}
        />
      ),
    },
    {
      header: 'Result',
      className: 'font-bold',
      cell: (tip) => <ResultCell tip={tip} />,
    },
    {
      header: 'P/L (advised)',
      className: 'whitespace-nowrap font-semibold tabular-nums',
      cellClassName: (tip) => plTone(tip.profitLoss),
      cell: (tip) => formatPoints(tip.profitLoss),
    },
    {
      header: 'P/L (SP, BSP)',
      className: 'whitespace-nowrap tabular-nums',
      cell: (tip) => <OtherBasesCell profits={tip.profits} />,
    },
    {
      header: 'Published',
      className: 'whitespace-nowrap',
      cellClassName: 'text-slate-700',
      cell: (tip) => <PublishedCell tip={tip} />,
    },
  ];
  return (
    <DataTable
      caption="Every settled tip"
      captionHidden
      columns={columns}
      rows={tips}
      rowKey={(tip) => tip.id}
      rowClassName={(tip) => cn('border-b border-slate-200', resultTone(tip))}
      className="min-w-[64rem]"
      scrollClassName="relative w-0 min-w-full"
      testId="results-table"
    />
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
      <PageHeader
        title="Proofed Results"
        subtitle="Every NAP, NB and Longshot we have settled, winners and losers alike: 1 point level stakes, at the advised price unless a figure names SP or BSP."
      />
      <div className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-8">
        <p className="text-sm text-slate-700">
          How every rated runner did, not only our tips:{' '}
          <Link to="/value-calibration" className="font-semibold text-navy-900 underline">
            the VB tissue&apos;s value calibration
          </Link>
          .
        </p>
        <p className="text-sm text-slate-700">
          <Link to="/record" className="font-semibold text-navy-900 underline">
            How to check the record
          </Link>
          : every selection sealed and time-stamped before its race.
        </p>
        <QueryView
          query={results}
          loadingLabel="Loading results"
          errorText="Could not load the results. Please try again."
          isEmpty={(data) => data.tips.length === 0}
          empty={<EmptyCard>No settled tips yet. Results appear here as soon as each tip is settled.</EmptyCard>}
        >
          {(data) => <ResultsBody data={data} />}
        </QueryView>
      </div>
    </>
  );
}

type Results = NonNullable<ReturnType<typeof useResults>['data']>;

function ResultsBody({ data }: { data: Results }) {
  const { overall, byType, byMonth, series } = data.stats;
  return (
    <>
      <SummarySection data={data} />

      <section aria-labelledby="bases-heading" className="grid grid-cols-1 gap-3">
        <h2 id="bases-heading" className="text-xl font-bold text-navy-900">
          At each price
        </h2>
        <BasesTable caption="The tips at the advised price, SP and BSP" bases={data.bases} testId="bases-table" />
        <BasesNote />
      </section>

      <SignificancePanel significance={data.significance} tips={overall.tips} />

      <ClosingLineSection clv={data.clv} />

      <Card>
        <CardHeader>
          <CardTitle>Running profit and loss</CardTitle>
          <CardDescription>Points at the advised price after each settled tip, oldest on the left.</CardDescription>
        </CardHeader>
        <CardContent>
          <PlChart series={series} />
        </CardContent>
      </Card>

      <Card>
        <CardContent className="grid grid-cols-1 gap-6 pt-5 sm:pt-6 lg:grid-cols-2">
          <StatsTable
            caption="By selection"
            rows={SELECTION_TYPES.map((type) => ({ label: TYPE_LABELS[type], stats: byType[type] }))}
          />
          <StatsTable caption="By month" rows={byMonth.map((m) => ({ label: monthLabel(m.month), stats: m }))} />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Every settled tip</CardTitle>
          <CardDescription>Newest first, with the time each tip was published (UK time).</CardDescription>
        </CardHeader>
        <CardContent>
          <TipsTable tips={data.tips} />
        </CardContent>
      </Card>

      {(data.multiples.list.length > 0 || data.multiples.pending > 0) && (
        <MultiplesSection multiples={data.multiples} />
      )}
    </>
  );
}

/** The headline figures at the advised price, what they count, and how many tips are proofed. */
function SummarySection({ data }: { data: Results }) {
  const { overall } = data.stats;
  return (
    <section aria-labelledby="summary-heading" className="grid grid-cols-1 gap-3">
      <h2 id="summary-heading" className="text-xl font-bold text-navy-900">
        Summary
      </h2>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-6">
        <Stat
          label="Profit / loss (points, advised price)"
          value={formatPoints(overall.profitLoss)}
          tone={plTone(overall.profitLoss)}
          testId="stat-pl"
        />
        <Stat label="ROI (advised price)" value={`${overall.roi}%`} testId="stat-roi" />
        <Stat label="Strike rate" value={`${overall.strikeRate}%`} testId="stat-strike-rate" />
        <Stat label="Bets (winners)" value={`${overall.staked} (${overall.won})`} testId="stat-bets" />
        <Stat label="Longest losing run" value={String(overall.longestLosingRun)} testId="stat-losing-run" />
        <Stat
          label="Largest drawdown (advised price)"
          value={formatPoints(-overall.maxDrawdown)}
          testId="stat-drawdown"
        />
      </dl>
      <p className="text-sm text-slate-600">
        Non-runners ({overall.nonRunners}) return the stake and are not counted as bets. Placed horses count as losers
        (win bets). Where an advised price was corrected after publishing, both are shown and P/L is at the corrected
        price.
        {data.pending > 0 && ` ${data.pending} tip${data.pending === 1 ? ' is' : 's are'} awaiting a result.`}
      </p>
      <p className="text-sm text-slate-600" data-testid="proofing-summary">
        {data.proofing.proofed} of {data.proofing.proofed + data.proofing.notProofed} settled tips are proofed: each was
        sealed in a receipt and time-stamped outside VBG before its race was off.
        {data.proofing.notProofed > 0 &&
          ` The ${data.proofing.notProofed} marked “Not proofed” are counted in every figure here but were not stamped in time (or were recorded before receipts began).`}{' '}
        <Link to="/record" className="font-semibold text-navy-900 underline">
          Check the record yourself
        </Link>
        .
      </p>
    </section>
  );
}

/** How often, and by how much, our price beat SP and BSP. */
function ClosingLineSection({ clv }: { clv: Results['clv'] }) {
  return (
    <section aria-labelledby="clv-heading" className="grid grid-cols-1 gap-3">
      <h2 id="clv-heading" className="text-xl font-bold text-navy-900">
        Closing line value
      </h2>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <ClosingLineStats label="SP" summary={clv.sp} testId="clv-sp" />
        <ClosingLineStats label="BSP" summary={clv.bsp} testId="clv-bsp" />
      </dl>
      <p className="text-sm text-slate-600">
        How often our price was longer than the starting price (SP) and the Betfair starting price (BSP), and by how
        much on average (our price ÷ the closing price − 1). Over a short run profit is mostly luck; beating the closing
        price again and again is the sign of a real edge. Non-runners and tips without the closing price are not
        counted.
      </p>
    </section>
  );
}
