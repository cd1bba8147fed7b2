import { lazy, Suspense, useMemo, useState, useSyncExternalStore } from 'react';
import { ArrowDown, ArrowUp, ChevronDown } from 'lucide-react';
import { rule4Text } from '#shared/proofing/rule4';
import type { RaceCard as RaceCardData, RaceCardHorse, RaceCardResult } from '#shared/schemas/race-cards';
import {
  DEFAULT_HORSE_SORT,
  DEFAULT_RUNS_WINS,
  DEFAULT_SUMMARY,
  NO_VERDICT,
  ageHandicapLabel,
  nextSort,
  ratingTone,
  showJockeyClaim,
  sortHorses,
  type HorseSort,
  type HorseSortKey,
} from '#shared/race-card-rules';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { Skeleton } from '#web/components/ui/skeleton';
import { cn } from '#web/lib/cn';
import type { ValueDownTo } from '#shared/odds-format';
import { valueField } from '#shared/value-field';
import { useFormatOdds, useOddsFormat } from '../odds-preference/use-odds';
import { FAIR_PRICE_MEANING, FairPrice, valueDownToAll } from '../odds-preference/value-down-to';
import { useCurrentUser } from '../auth/api';
import type { BetTarget } from '../my-bets/log-bet-form';
import { LogBetToggle } from '../my-bets/log-bet-toggle';

// Members' cards only (a runner's result and prices of the day): loaded when a card has them.
const RunnerResultBadge = lazy(() => import('./runner-day').then((m) => ({ default: m.RunnerResultBadge })));
const RunnerPrices = lazy(() => import('./runner-day').then((m) => ({ default: m.RunnerPrices })));
// Members' star (the watch list): loaded only when a member reads a card.
const WatchStar = lazy(() => import('../watchlist/watch-star').then((m) => ({ default: m.WatchStar })));
const noChange = () => () => {};

const toneClasses = {
  green: 'bg-green-700 text-white',
  yellow: 'bg-yellow-300 text-slate-900',
  grey: 'bg-slate-200 text-slate-800',
};

function RatingBadge({ rating }: { rating: number | null }) {
  const tone = ratingTone(rating);
  return (
    <span
      data-tone={tone}
      className={cn(
        'inline-flex min-w-12 items-center justify-center rounded-md px-2 py-1 text-sm font-bold tabular-nums',
        toneClasses[tone],
      )}
    >
      <span className="sr-only">VB rating </span>
      {rating ?? '–'}
    </span>
  );
}

const SORTS: Array<{ key: HorseSortKey; label: string }> = [
  { key: 'vbRating', label: 'VB Rating' },
  { key: 'number', label: 'Number' },
  { key: 'draw', label: 'Draw' },
];

const show = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? '–' : String(v));

function Detail({ label, value }: { label: string; value: string | number | null | undefined }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="break-words text-sm text-slate-900">{show(value)}</dd>
    </div>
  );
}

function HorseRow({
  horse,
  expanded,
  onToggle,
  downTo,
  bet,
  canLog,
  canStar,
}: {
  horse: RaceCardHorse;
  expanded: boolean;
  onToggle: () => void;
  downTo?: ValueDownTo;
  bet: Omit<BetTarget, 'horseName' | 'price'>;
  canLog: boolean;
  canStar: boolean;
}) {
  const panelId = `horse-${horse.id}-details`;
  const odds = useFormatOdds();
  const format = useOddsFormat();
  const bookie = odds(horse.bookieOddsText || horse.bookieOdds);
  return (
    <li className="flex flex-wrap items-center border-t border-slate-200 first:border-t-0">
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={panelId}
        onClick={onToggle}
        className="flex min-h-11 min-w-0 flex-1 items-center gap-3 px-4 py-3 text-left hover:bg-navy-50"
      >
        <span className="w-8 shrink-0 text-center text-lg font-bold tabular-nums text-navy-900" title="Number">
          {horse.number ?? '–'}
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex items-center gap-2">
            <span className="truncate font-semibold text-navy-900">{horse.name}</span>
            {horse.result && (
              <Suspense fallback={null}>
                <RunnerResultBadge result={horse.result} />
              </Suspense>
            )}
          </span>
          <span className="flex flex-wrap items-center gap-x-1 text-xs text-slate-600">
            <span>
              Draw {show(horse.draw)} · {horse.jockey || '–'}
              {showJockeyClaim(horse.jockeyClaim) && ` (${horse.jockeyClaim})`} ·{' '}
              <span data-testid="horse-price">{bookie || '–'}</span>
            </span>
            {/* The day's prices as a line: up is shortening (decision 0038). */}
            {horse.priceHistory && horse.priceHistory.length > 1 && (
              <Suspense fallback={null}>
                <RunnerPrices history={horse.priceHistory} />
              </Suspense>
            )}
          </span>
        </span>
        <RatingBadge rating={horse.vbRating} />
        <ChevronDown
          aria-hidden="true"
          className={cn('h-5 w-5 shrink-0 text-slate-500 transition-transform', expanded && 'rotate-180')}
        />
      </button>
      {canStar && (
        <Suspense fallback={null}>
          <WatchStar horseName={horse.name} className="mr-2" />
        </Suspense>
      )}
      {expanded && (
        <div id={panelId} className="basis-full px-4 pb-4">
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-4">
            <Detail label="Number" value={horse.number} />
            <Detail label="Draw" value={horse.draw} />
            <Detail label="Days since last run" value={horse.dslr} />
            <Detail label="Age" value={horse.age} />
            <Detail label="Sire" value={horse.sire} />
            <Detail label="Dam" value={horse.dam} />
            <Detail label="Form" value={horse.form} />
            <Detail label="Form history" value={horse.formHistory} />
            <Detail label="Jockey" value={horse.jockey} />
            {showJockeyClaim(horse.jockeyClaim) && <Detail label="Jockey claim" value={horse.jockeyClaim} />}
            <Detail label="Trainer" value={horse.trainer} />
            <Detail label="VB rating" value={horse.vbRating} />
            <Detail label="Equipment" value={horse.equipment} />
            <Detail label="Runs-Wins" value={horse.runsWins || DEFAULT_RUNS_WINS} />
            <Detail label="Official rating" value={horse.officialRating} />
            <Detail label="Weight" value={horse.weight} />
            <Detail label="Bookie odds" value={bookie} />
          </dl>
          {/* The fair price by the VB tissue, and the shortest price still value: below it, leave the bet. */}
          {downTo && <FairPrice downTo={downTo} format={format} className="mt-3" />}
          <p className="mt-3 rounded-md bg-slate-50 p-3 text-sm text-slate-800">{horse.summary || DEFAULT_SUMMARY}</p>
          <LogBetToggle target={{ ...bet, horseName: horse.name, price: bookie }} canLog={canLog} />
        </div>
      )}
    </li>
  );
}

/** A full race card; stacked rows that stay readable at 390 px. */
export function RaceCard({ race }: { race: RaceCardData }) {
  const [sort, setSort] = useState<HorseSort>(DEFAULT_HORSE_SORT);
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const user = useCurrentUser().data;
  // Members log bets from the card; a visitor reading the free race does not.
  const canLog = !!user && (user.role === 'admin' || user.hasMemberAccess);
  // The star is the browser's only (never in a server render, which a member's free race has): hydration finds none, then it loads.
  const canStar = useSyncExternalStore(
    noChange,
    () => canLog,
    () => false,
  );
  const downTo = useMemo(
    () =>
      valueDownToAll(
        race.horses.map((h) => h.id),
        valueField(race.horses),
      ),
    [race.horses],
  );
  const horses = sortHorses(race.horses, sort);
  const headingId = `race-${race.id}-heading`;
  const facts = [
    race.distance,
    race.raceType,
    race.classNumber && `Class ${race.classNumber}`,
    race.prizeMoney,
    ageHandicapLabel(race.ageHandicapInfo),
  ].filter(Boolean);

  function toggle(id: number) {
    setCollapsed((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  return (
    <Card className="scroll-mt-20 overflow-hidden lg:scroll-mt-32" aria-labelledby={headingId} role="region">
      <div className="bg-navy-900 px-4 py-4 text-white sm:px-6">
        <h3
          id={headingId}
          tabIndex={-1}
          className="text-lg font-bold outline-none focus-visible:ring-2 focus-visible:ring-gold-300 sm:text-xl"
        >
          <span className="text-gold-300">{race.time}</span> {race.course}
        </h3>
        <p className="mt-1 font-semibold text-navy-50">{race.title}</p>
        {facts.length > 0 && (
          <ul className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-sm text-navy-100" aria-label="Race details">
            {facts.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        )}
      </div>
      <div className="border-b border-gold-300 bg-gold-50 px-4 py-3 text-sm sm:px-6">
        <h4 className="font-bold text-navy-900">Verdict</h4>
        <p className="mt-1 whitespace-pre-line text-slate-800">{race.verdict?.trim() || NO_VERDICT}</p>
      </div>
      {race.result && <RaceResult result={race.result} headingId={headingId} />}
      <div className="flex flex-wrap items-center gap-2 px-4 py-3 sm:px-6">
        <span className="text-sm font-semibold text-slate-700">Sort by</span>
        {SORTS.map(({ key, label }) => {
          const active = sort.key === key;
          const Arrow = sort.direction === 'asc' ? ArrowUp : ArrowDown;
          return (
            <Button
              key={key}
              size="sm"
              variant={active ? 'primary' : 'outline'}
              aria-pressed={active}
              onClick={() => setSort(nextSort(sort, key))}
            >
              {label}
              {active && (
                <Arrow aria-label={sort.direction === 'asc' ? 'ascending' : 'descending'} className="h-4 w-4" />
              )}
            </Button>
          );
        })}
        <span className="flex-1" />
        <Button size="sm" variant="ghost" onClick={() => setCollapsed(new Set())}>
          Expand All
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setCollapsed(new Set(race.horses.map((h) => h.id)))}>
          Collapse All
        </Button>
      </div>
      {downTo.size > 0 && <p className="px-4 pb-3 text-xs text-slate-600 sm:px-6">{FAIR_PRICE_MEANING}</p>}
      <ul aria-label={`Runners ${race.time} ${race.course}`} className="border-t border-slate-200">
        {horses.map((h) => (
          <HorseRow
            key={h.id}
            horse={h}
            expanded={!collapsed.has(h.id)}
            onToggle={() => toggle(h.id)}
            downTo={downTo.get(h.id)}
            bet={{ raceDate: race.raceDate, raceTime: race.time, course: race.course, source: 'race-card' }}
            canLog={canLog}
            canStar={canStar}
          />
        ))}
      </ul>
    </Card>
  );
}

const ordinal = (n: number) =>
  `${n}${n % 10 === 1 && n % 100 !== 11 ? 'st' : n % 10 === 2 && n % 100 !== 12 ? 'nd' : n % 10 === 3 && n % 100 !== 13 ? 'rd' : 'th'}`;

/**
 * The entered result: the winner and the placed in order with their starting prices, then the
 * non-runners. Placed horses whose order no source gave (Betfair's place market) read "Placed".
 */
function RaceResult({ result, headingId }: { result: RaceCardResult; headingId: string }) {
  const formatOdds = useFormatOdds();
  const placed = result.runners.filter((r) => r.finish === 'won' || r.finish === 'placed');
  const nonRunners = result.runners.filter((r) => r.finish === 'nr').map((r) => r.name);
  return (
    <section
      aria-labelledby={`${headingId}-result`}
      className="border-b border-emerald-300 bg-emerald-50 px-4 py-3 text-sm sm:px-6"
    >
      <h4 id={`${headingId}-result`} className="font-bold text-navy-900">
        Result
      </h4>
      <ol className="mt-1 grid gap-0.5">
        {placed.map((r) => (
          <li key={r.name} className="flex flex-wrap gap-x-2">
            <span className="w-14 font-bold tabular-nums">{r.position !== null ? ordinal(r.position) : 'Placed'}</span>
            <span className="font-semibold">{r.name}</span>
            {r.startingPrice && <span className="text-slate-700">SP {formatOdds(r.startingPrice)}</span>}
          </li>
        ))}
      </ol>
      {nonRunners.length > 0 && <p className="mt-1 text-slate-700">Non-runners: {nonRunners.join(', ')}</p>}
      {result.rule4 && (
        <p className="mt-1 text-slate-700" data-testid="race-rule4">
          {rule4Text(result.rule4)} in the £ off winnings at a price
        </p>
      )}
    </section>
  );
}

export function RaceCardSkeleton() {
  return (
    <Card className="overflow-hidden">
      <Skeleton className="h-28 w-full rounded-none" />
      <div className="grid gap-3 p-4">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-14 w-full" />
        <Skeleton className="h-14 w-full" />
        <Skeleton className="h-14 w-full" />
      </div>
    </Card>
  );
}
