import { useEffect } from 'react';
import { Link } from 'react-router';
import type { CalibrationRow } from '#shared/calibration';
import { formatLongDay } from '#shared/london-time';
import type { CalibrationResponse } from '#shared/schemas/race-results';
import { formatPoints } from '#shared/tip-stats';
import { PageHeader } from '#web/components/page-header';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { ScrollRegion } from '#web/components/ui/scroll-region';
import { Skeleton } from '#web/components/ui/skeleton';
import { cn } from '#web/lib/cn';
import { errorMessage } from '#web/lib/request';
import { useCalibration } from './api';
import { CalibrationChart } from './calibration-chart';

const SCORE_LABELS: Record<string, string> = { '5': '5 Strong Value', '4': '4 Good Value', '3': '3 Neutral/Good', '2': '2 Neutral/Poor', '1': '1 Poor Value' };
const RANK_LABELS: Record<string, string> = { '1st': 'Top rated', '2nd': '2nd rated', '3rd': '3rd rated', rest: 'The rest' };
const plTone = (v: number) => (v > 0 ? 'text-green-800' : v < 0 ? 'text-red-800' : 'text-slate-800');

function CalibrationTable({ caption, first, rows, label, testId }: { caption: string; first: string; rows: CalibrationRow[]; label: (k: string) => string; testId: string }) {
  return (
    <ScrollRegion label={caption}>
      <table className="w-full min-w-[40rem] text-sm" data-testid={testId}>
        <caption className="mb-2 text-left text-base font-bold text-navy-900">{caption}</caption>
        <thead className="border-b border-slate-300 text-left text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-2">
              {first}
            </th>
            <th scope="col" className="px-3 py-2">
              Runners
            </th>
            <th scope="col" className="px-3 py-2">
              Winners
            </th>
            <th scope="col" className="px-3 py-2">
              Strike rate
            </th>
            <th scope="col" className="px-3 py-2">
              Expected
            </th>
            <th scope="col" className="px-3 py-2">
              Actual ÷ expected
            </th>
            <th scope="col" className="px-3 py-2">
              Profit (pts)
            </th>
            <th scope="col" className="px-3 py-2">
              ROI
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} className="border-b border-slate-200">
              <th scope="row" className="px-3 py-2 text-left font-semibold">
                {label(r.key)}
              </th>
              <td className="px-3 py-2 tabular-nums">{r.runners}</td>
              <td className="px-3 py-2 tabular-nums">{r.winners}</td>
              <td className="px-3 py-2 tabular-nums">{r.strikeRate}%</td>
              <td className="px-3 py-2 tabular-nums">{r.expectedWinners.toFixed(2)}</td>
              <td className="px-3 py-2 font-semibold tabular-nums">{r.actualOverExpected === null ? '—' : r.actualOverExpected.toFixed(2)}</td>
              <td className={cn('px-3 py-2 font-semibold tabular-nums', plTone(r.profit))}>{formatPoints(r.profit)}</td>
              <td className="px-3 py-2 tabular-nums">{r.roi}%</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
/** One string, so the server render carries it whole. */
const summary = (d: CalibrationResponse) =>
  `${plural(d.races, 'race')}, ${plural(d.overall.runners, 'runner')}, ${plural(d.overall.winners, 'winner')} (${d.overall.expectedWinners.toFixed(2)} expected by the market).`;

/** The public calibration of the VB tissue (issue 20, decision 0028): server rendered. */
export function CalibrationPage() {
  const calibration = useCalibration();
  useEffect(() => {
    document.title = 'Value Calibration — VBG';
  }, []);
  const data = calibration.data;
  return (
    <>
      <PageHeader title="Value Calibration" subtitle="How well our VB tissue's value scores have predicted results: every rated runner with a morning price, winners and losers alike." />
      <div className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-8">
        {calibration.isPending ? (
          <div className="grid gap-4" role="status" aria-label="Loading the calibration">
            <Skeleton className="h-24" />
            <Skeleton className="h-64" />
          </div>
        ) : calibration.isError || !data ? (
          <p role="alert" className="text-red-800">
            {errorMessage(calibration.error, 'Could not load the calibration. Please try again.')}
          </p>
        ) : data.races === 0 ? (
          <Card>
            <CardContent className="pt-5 sm:pt-6">
              <p>No results yet. The calibration fills in from the day after each race day.</p>
            </CardContent>
          </Card>
        ) : (
          <>
            <section aria-labelledby="calibration-range" className="grid gap-2">
              <h2 id="calibration-range" className="text-xl font-bold text-navy-900" data-testid="calibration-range">
                {data.from === data.to ? formatLongDay(data.from!) : `${formatLongDay(data.from!)} to ${formatLongDay(data.to!)}`}
              </h2>
              <p className="text-sm text-slate-700" data-testid="calibration-summary">
                {summary(data)}
              </p>
            </section>
            <Card>
              <CardHeader>
                <CardTitle>Winners by value score</CardTitle>
                <CardDescription>If the scores mean something, the higher scores win more often than their morning prices say.</CardDescription>
              </CardHeader>
              <CardContent>
                <CalibrationChart rows={data.byScore} label={(k) => k} />
              </CardContent>
            </Card>
            <Card>
              <CardContent className="grid grid-cols-1 gap-6 pt-5 sm:pt-6">
                <CalibrationTable caption="By value score" first="Value score" rows={data.byScore} label={(k) => SCORE_LABELS[k] ?? k} testId="calibration-by-score" />
                <CalibrationTable caption="By VB rating in the race" first="Rank" rows={data.byRank} label={(k) => RANK_LABELS[k] ?? k} testId="calibration-by-rank" />
              </CardContent>
            </Card>
          </>
        )}
        <Card>
          <CardHeader>
            <CardTitle>How it is counted</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-2 text-sm text-slate-800">
            <p>
              Every runner with a VB rating and a morning price in a race with a result counts; non-runners do not. Its value score is the VB tissue&apos;s against the morning price, with market
              correction on, as members saw it that morning.
            </p>
            <p>
              Expected winners add up the market&apos;s chances: one over the morning decimal price, scaled so that each race&apos;s runners sum to one winner (the bookmakers&apos; margin removed).
              Actual ÷ expected above 1 means those runners won more often than their prices said. Profit is a 1-point win bet on every runner at its morning price.
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
