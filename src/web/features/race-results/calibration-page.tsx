import { useEffect } from 'react';
import { Link } from 'react-router';
import type { CalibrationRow } from '#shared/calibration';
import { formatLongDay } from '#shared/london-time';
import type { CalibrationResponse } from '#shared/schemas/race-results';
import { formatPoints } from '#shared/tip-stats';
import { PageHeader } from '#web/components/page-header';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { DataTable, type Column } from '#web/components/ui/data-table';
import { EmptyCard, QueryView } from '#web/components/ui/query-view';
import { useCalibration } from './api';
import { CalibrationChart } from './calibration-chart';
import { TissueScoresSection } from './tissue-scores-section';

const SCORE_LABELS: Record<string, string> = {
  '5': '5 Strong Value',
  '4': '4 Good Value',
  '3': '3 Neutral/Good',
  '2': '2 Neutral/Poor',
  '1': '1 Poor Value',
};
const RANK_LABELS: Record<string, string> = {
  '1st': 'Top rated',
  '2nd': '2nd rated',
  '3rd': '3rd rated',
  rest: 'The rest',
};
const plTone = (v: number) => (v > 0 ? 'text-green-800' : v < 0 ? 'text-red-800' : 'text-slate-800');

function CalibrationTable({
  caption,
  first,
  rows,
  label,
  testId,
}: {
  caption: string;
  first: string;
  rows: CalibrationRow[];
  label: (k: string) => string;
  testId: string;
}) {
  const columns: Array<Column<CalibrationRow>> = [
    { header: first, rowHeader: true, className: 'font-semibold', cell: (r) => label(r.key) },
    { header: 'Runners', className: 'tabular-nums', cell: (r) => r.runners },
    { header: 'Winners', className: 'tabular-nums', cell: (r) => r.winners },
    { header: 'Strike rate', className: 'tabular-nums', cell: (r) => `${r.strikeRate}%` },
    { header: 'Expected', className: 'tabular-nums', cell: (r) => r.expectedWinners.toFixed(2) },
    {
      header: 'Actual ÷ expected',
      className: 'font-semibold tabular-nums',
      cell: (r) => (r.actualOverExpected === null ? '—' : r.actualOverExpected.toFixed(2)),
    },
    {
      header: 'Profit (pts)',
      className: 'font-semibold tabular-nums',
      cellClassName: (r) => plTone(r.profit),
      cell: (r) => formatPoints(r.profit),
    },
    { header: 'ROI', className: 'tabular-nums', cell: (r) => `${r.roi}%` },
  ];
  return (
    <DataTable
      caption={caption}
      columns={columns}
      rows={rows}
      rowKey={(r) => r.key}
      className="min-w-[40rem]"
      testId={testId}
    />
  );
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
/** One string, so the server render carries it whole. */
const summary = (d: CalibrationResponse) =>
  `${plural(d.races, 'race')}, ${plural(d.overall.runners, 'runner')}, ${plural(d.overall.winners, 'winner')} (${d.overall.expectedWinners.toFixed(2)} expected by the market).`;

/** The public calibration of the VB tissue (decision 0028): server rendered. */
export function CalibrationPage() {
  const calibration = useCalibration();
  useEffect(() => {
    document.title = 'Value Calibration — VBG';
  }, []);
  return (
    <>
      <PageHeader
        title="Value Calibration"
        subtitle="How well our VB tissue's value scores have predicted results: every rated runner with a morning price, winners and losers alike."
      />
      <div className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-8">
        <QueryView
          query={calibration}
          loadingLabel="Loading the calibration"
          errorText="Could not load the calibration. Please try again."
          isEmpty={(data) => data.races === 0}
          empty={<EmptyCard>No results yet. The calibration fills in from the day after each race day.</EmptyCard>}
        >
          {(data) => (
            <>
              <section aria-labelledby="calibration-range" className="grid gap-2">
                <h2 id="calibration-range" className="text-xl font-bold text-navy-900" data-testid="calibration-range">
                  {data.from === data.to
                    ? formatLongDay(data.from!)
                    : `${formatLongDay(data.from!)} to ${formatLongDay(data.to!)}`}
                </h2>
                <p className="text-sm text-slate-700" data-testid="calibration-summary">
                  {summary(data)}
                </p>
              </section>
              <Card>
                <CardHeader>
                  <CardTitle>Winners by value score</CardTitle>
                  <CardDescription>
                    If the scores mean something, the higher scores win more often than their morning prices say.
                  </CardDescription>
                </CardHeader>
                <CardContent>
                  <CalibrationChart rows={data.byScore} label={(k) => k} />
                </CardContent>
              </Card>
              <Card>
                <CardContent className="grid grid-cols-1 gap-6 pt-5 sm:pt-6">
                  <CalibrationTable
                    caption="By value score"
                    first="Value score"
                    rows={data.byScore}
                    label={(k) => SCORE_LABELS[k] ?? k}
                    testId="calibration-by-score"
                  />
                  <CalibrationTable
                    caption="By VB rating in the race"
                    first="Rank"
                    rows={data.byRank}
                    label={(k) => RANK_LABELS[k] ?? k}
                    testId="calibration-by-rank"
                  />
                </CardContent>
              </Card>
              <TissueScoresSection answer={data} />
            </>
          )}
        </QueryView>
        <Card>
          <CardHeader>
            <CardTitle>How it is counted</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-2 text-sm text-slate-800">
            <p>
              Every runner with a VB rating and a morning price in a race with a result counts; non-runners do not. Its
              value score is the VB tissue&apos;s against the morning price, with market correction on, as members saw
              it that morning.
            </p>
            <p>
              Expected winners add up the market&apos;s chances: one over the morning decimal price, scaled so that each
              race&apos;s runners sum to one winner (the bookmakers&apos; margin removed). Actual ÷ expected above 1
              means those runners won more often than their prices said. Profit is a 1-point win bet on every runner at
              its morning price.
            </p>
            <p>Only races of days before today count: today&apos;s selections are for members until the day is over.</p>
            <p>
              Our own tips are on the{' '}
              <Link to="/results" className="font-semibold text-navy-900 underline">
                proofed results
              </Link>
              .
            </p>
          </CardContent>
        </Card>
      </div>
    </>
  );
}
