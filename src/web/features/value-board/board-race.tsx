import { Link } from 'react-router';
import { londonClock } from '#shared/london-time';
import { TIP_RESULT_OF_FINISH } from '#shared/race-results';
import { runnerCardUrl } from '#shared/runner-link';
import type { PriceSource } from '#shared/schemas/prices';
import type { ValueBoardRace, ValueBoardRunner } from '#shared/schemas/value-board';
import { Card } from '#web/components/ui/card';
import { PriceSparkline } from '#web/components/ui/sparkline';
import { cn } from '#web/lib/cn';
import { ScoreBadge } from '../generator/value-legend';
import { useFormatOdds, useOddsFormat } from '../odds-preference/use-odds';
import { FairPrice } from '../odds-preference/value-down-to';
import { ResultBadge } from '../race-cards/result-badge';
import { WatchStar } from '../watchlist/watch-star';

const SOURCE_LABELS: Record<PriceSource, string> = {
  morning: 'morning',
  analyst: 'analyst',
  bsp: 'BSP',
  'racing-api': 'feed',
};

/** "▲ 8.3 pts": the move since the morning in points of implied chance, in words for screen readers. */
function Move({ move }: { move: number | null }) {
  if (move === null) return null;
  const words =
    move > 0
      ? `Shortened ${move.toFixed(1)} points since the morning`
      : move < 0
        ? `Drifted ${Math.abs(move).toFixed(1)} points since the morning`
        : 'No move since the morning';
  return (
    <span
      data-testid="runner-move"
      title={words}
      className={cn(
        'text-xs font-semibold tabular-nums',
        move > 0 ? 'text-green-800' : move < 0 ? 'text-red-800' : 'text-slate-600',
      )}
    >
      <span aria-hidden="true">
        {move > 0 ? `▲ ${move.toFixed(1)} pts` : move < 0 ? `▼ ${Math.abs(move).toFixed(1)} pts` : 'No move'}
      </span>
      <span className="sr-only">{words}</span>
    </span>
  );
}

function RunnerRow({ runner, race, date }: { runner: ValueBoardRunner; race: ValueBoardRace; date: string }) {
  const odds = useFormatOdds();
  const format = useOddsFormat();
  const price = runner.price === null ? '–' : odds(runner.priceText || runner.price);
  const points = runner.history.map((p) => ({ price: p.price, label: odds(p.priceText || p.price) }));
  return (
    <li
      className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 border-t border-slate-200 px-4 py-3 first:border-t-0"
      data-testid={`board-runner-${runner.id}`}
      aria-label={runner.horseName}
    >
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className={cn('font-semibold text-navy-900', runner.nonRunner && 'text-slate-500 line-through')}>
            {runner.number !== null && <span className="mr-1 text-slate-600 tabular-nums">{runner.number}</span>}
            {/* The horse opens on its race card. */}
            <Link
              to={runnerCardUrl({ date, time: race.time, course: race.course, horseName: runner.horseName })}
              className="underline-offset-4 hover:underline"
            >
              {runner.horseName}
            </Link>
          </span>
          <WatchStar horseName={runner.horseName} className="-my-2" />
          {runner.tip && (
            <span className="rounded bg-gold-300 px-1.5 py-0.5 text-xs font-bold text-navy-950">{runner.tip}</span>
          )}
          {runner.result ? (
            <ResultBadge result={TIP_RESULT_OF_FINISH[runner.result.finish]} />
          ) : (
            runner.nonRunner && <ResultBadge result="NR" />
          )}
        </p>
        <p className="mt-0.5 text-xs text-slate-700">
          {runner.morningPriceText !== null && <>Morning {odds(runner.morningPriceText || runner.morningPrice)} · </>}
          {runner.valueDownTo ? <FairPrice downTo={runner.valueDownTo} format={format} inline /> : 'Tissue –'}
          {runner.result?.startingPrice && <> · SP {odds(runner.result.startingPrice)}</>}
        </p>
      </div>
      <div className="row-span-2 flex flex-col items-end gap-1 text-right">
        <span className="text-lg font-bold tabular-nums text-navy-900" data-testid="runner-price">
          {price}
        </span>
        {runner.valueScore !== null ? (
          <ScoreBadge score={runner.valueScore} />
        ) : (
          <span className="text-xs text-slate-600">No score</span>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-x-2 text-slate-700">
        <PriceSparkline points={points} className="text-navy-700" />
        <Move move={runner.move} />
        {runner.priceSource && runner.priceAt && (
          <span className="text-xs text-slate-600">
            {SOURCE_LABELS[runner.priceSource]} {londonClock(new Date(runner.priceAt))}
          </span>
        )}
      </div>
    </li>
  );
}

/** One race of the board: its runners best value first; a race that is off says so, a resulted one how each finished. */
export function BoardRace({ race, date }: { race: ValueBoardRace; date: string }) {
  const headingId = `board-race-${race.id}`;
  const status = race.resulted ? 'Result' : race.off ? 'Off' : null;
  return (
    <Card className="overflow-hidden" role="region" aria-labelledby={headingId} data-testid={`board-race-${race.id}`}>
      <div className={cn('flex items-baseline gap-2 px-4 py-3', status ? 'bg-slate-100' : 'bg-navy-900 text-white')}>
        <h2 id={headingId} className="min-w-0 flex-1 text-base font-bold">
          <span className={status ? 'text-navy-900' : 'text-gold-300'}>{race.time}</span> {race.course}
          <span className={cn('block truncate text-sm font-normal', status ? 'text-slate-700' : 'text-navy-100')}>
            {race.title}
          </span>
        </h2>
        {status && (
          <span
            data-testid="race-status"
            className="rounded bg-navy-900 px-2 py-0.5 text-xs font-bold uppercase text-white"
          >
            {status === 'Off' ? 'Off — awaiting result' : 'Result'}
          </span>
        )}
      </div>
      <ul aria-label={`Runners ${race.time} ${race.course}`}>
        {race.runners.map((r) => (
          <RunnerRow key={r.id} runner={r} race={race} date={date} />
        ))}
      </ul>
    </Card>
  );
}
