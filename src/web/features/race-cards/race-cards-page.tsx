import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { WEEKDAYS, formatLongDay, formatShortDay, londonDate, type Weekday, weekdayName } from '#shared/london-time';
import { nameKey } from '#shared/name-key';
import { MAX_TAB_COLUMNS, defaultTab, toggleRace, toggleVenue, weekdayTabs } from '#shared/race-card-rules';
import { readRunnerLink } from '#shared/runner-link';
import type { RaceSummary } from '#shared/schemas/race-cards';
import { recordOf } from '#shared/unknown-values';
import { PageHeader } from '#web/components/page-header';
import { Button } from '#web/components/ui/button';
import { Skeleton } from '#web/components/ui/skeleton';
import { Tabs } from '#web/components/ui/tabs';
import {
  RACE_CARDS_METADATA_KEY,
  RACE_CARDS_SELECTED_KEY,
  useDefaultWeekday,
  useRaceCardsMetadata,
  useSelectedRaces,
} from './api';
import { RaceCard, RaceCardSkeleton } from './race-card';
import { RaceMenu } from './race-menu';
import { useRaceCardEvents } from './use-race-card-events';

// At most 4 columns; two on phones so long day names stay readable.
const GRID_COLUMNS = ['', 'grid-cols-1', 'grid-cols-2', 'grid-cols-2 sm:grid-cols-3', 'grid-cols-2 sm:grid-cols-4'];

/**
 * "Monday 30 Nov (8)": the weekday, the London day its cards are for and the count, so nobody
 * mistakes last week's cards for this week's.
 */
function tabLabel(d: Weekday, races: readonly RaceSummary[]): string {
  if (races.length === 0) return weekdayName(d);
  const date = races[0].raceDate ? ` ${formatShortDay(races[0].raceDate, false)}` : '';
  return `${weekdayName(d)}${date} (${races.length})`;
}

/**
 * Brings a just-chosen race's card into view (on a big day it lies far below the menu) and moves
 * focus to its heading, so a phone user and a screen reader both land on it.
 */
function useReveal(cards: readonly { id: number }[] | undefined, reveal: number | null, onRevealed: () => void) {
  useEffect(() => {
    if (reveal === null || !cards?.some((c) => c.id === reveal)) return;
    const heading = document.getElementById(`race-${reveal}-heading`);
    if (!heading) return;
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    heading.closest('[role="region"]')?.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'start' });
    heading.focus({ preventScroll: true });
    onRevealed();
  }, [cards, reveal, onRevealed]);
}

/** How long the runner an address opened stays marked; it keeps the focus after. */
const HIGHLIGHT_MS = 5_000;
const HIGHLIGHT_CLASSES = ['ring-4', 'ring-inset', 'ring-gold-400'];

/** The runner an address opened (src/shared/runner-link.ts): its race and the horse's name as the address gave it. */
interface RunnerTarget {
  raceId: number;
  horseName: string;
}

function SelectedRaces({
  ids,
  reveal,
  onRevealed,
  runner,
  onHighlighted,
}: {
  ids: number[];
  reveal: number | null;
  onRevealed: () => void;
  runner: RunnerTarget | null;
  onHighlighted: () => void;
}) {
  const { data, isPending } = useSelectedRaces(ids);
  useReveal(data, reveal, onRevealed);
  const runnerRace = runner ? data?.find((r) => r.id === runner.raceId) : undefined;
  const highlightHorseId = runnerRace?.horses.find((h) => nameKey(h.name) === nameKey(runner!.horseName))?.id ?? null;
  useEffect(() => {
    if (highlightHorseId === null) return;
    // The runner's row button (it controls the runner's details): into view and focused, for
    // keyboard and screen-reader users too, its row marked for a moment. Done here, on the
    // members' page, so the race card the public free race shares carries none of it.
    const row = document.querySelector<HTMLButtonElement>(`[aria-controls="horse-${highlightHorseId}-details"]`);
    const item = row?.closest('li');
    if (!row || !item) return;
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    row.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'center' });
    row.focus({ preventScroll: true });
    item.classList.add(...HIGHLIGHT_CLASSES);
    item.dataset.highlighted = 'true';
    const timer = setTimeout(onHighlighted, HIGHLIGHT_MS);
    return () => {
      clearTimeout(timer);
      item.classList.remove(...HIGHLIGHT_CLASSES);
      delete item.dataset.highlighted;
    };
  }, [highlightHorseId, onHighlighted]);
  if (ids.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-700">
        Select races from the menu above to view detailed race cards
      </p>
    );
  }
  if (isPending) {
    return (
      <div className="grid grid-cols-1 gap-6" aria-busy="true">
        {ids.slice(0, 2).map((id) => (
          <RaceCardSkeleton key={id} />
        ))}
      </div>
    );
  }
  return (
    <div className="grid grid-cols-1 gap-6">
      {runnerRace && highlightHorseId === null && (
        <p role="status" className="rounded-lg border border-gold-300 bg-gold-50 p-3 text-sm text-navy-900">
          {runner!.horseName} is not among the runners of the {runnerRace.time} {runnerRace.course}.
        </p>
      )}
      {(data ?? []).map((race) => (
        <RaceCard key={race.id} race={race} />
      ))}
    </div>
  );
}

/** The race cards page: weekday tabs, the race menu and the selected race cards (inside the member gate). */
export function RaceCardsPage() {
  const queryClient = useQueryClient();
  const metadata = useRaceCardsMetadata();
  const adminDefault = useDefaultWeekday();
  useRaceCardEvents();
  const [chosen, setChosen] = useState<Weekday | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  // The race whose card to bring into view once it has loaded (the one just chosen).
  const [reveal, setReveal] = useState<number | null>(null);
  // An address naming a runner (?date=&time=&course=&horse=) opens its day, its race and the runner, once.
  const [params] = useSearchParams();
  const link = readRunnerLink(params);
  const [openedLink, setOpenedLink] = useState<string | null>(null);
  const [runner, setRunner] = useState<RunnerTarget | null>(null);
  const [missingRace, setMissingRace] = useState<string | null>(null);

  const byDay = recordOf(WEEKDAYS, (d): RaceSummary[] => metadata.data?.[d] ?? []);
  const counts = recordOf(WEEKDAYS, (d) => byDay[d].length);
  const tabs = weekdayTabs(counts);
  const active = defaultTab(tabs, counts, adminDefault.data, chosen);
  const dayRaces = byDay[active];
  // Cards follow the menu's order (time, then course), whatever order they were picked in.
  const selectedIds = dayRaces.map((r) => r.id).filter((id) => selected.includes(id));

  const clearReveal = useCallback(() => setReveal(null), []);
  const clearRunner = useCallback(() => setRunner(null), []);

  const ready = metadata.data && !adminDefault.isPending;
  // The day the cards were read on (the answer's own time), never the device's clock: the server's
  // render and the browser's hydration show the same day, and an open tab the day of what it shows.
  const readOn = metadata.data ? formatLongDay(londonDate(new Date(metadata.data._timestamp))) : undefined;
  const linkKey = link ? params.toString() : null;
  if (ready && link && linkKey !== openedLink) {
    // Set while rendering (React's pattern for state that follows an input): no extra paint of the wrong tab.
    setOpenedLink(linkKey);
    const isLinked = (r: RaceSummary) =>
      r.raceDate === link.date && r.time === link.time && nameKey(r.course) === nameKey(link.course);
    const day = WEEKDAYS.find((d) => byDay[d].some(isLinked));
    const race = day && byDay[day].find(isLinked);
    if (day && race) {
      setChosen(day);
      setSelected([race.id]);
      setRunner({ raceId: race.id, horseName: link.horseName });
      setMissingRace(null);
    } else {
      setRunner(null);
      setMissingRace(
        `The ${link.time} ${link.course} on ${formatLongDay(link.date)} is not on the race cards now, so ${link.horseName} cannot be shown. Choose a race below.`,
      );
    }
  }

  function refresh() {
    setSelected([]);
    queryClient.removeQueries({ queryKey: RACE_CARDS_SELECTED_KEY });
    void queryClient.resetQueries({ queryKey: RACE_CARDS_METADATA_KEY });
  }

  return (
    <>
      <PageHeader title="VBG Race Cards" subtitle={readOn}>
        <Button variant="gold" className="mt-4" onClick={refresh}>
          <RefreshCw aria-hidden="true" className="h-4 w-4" />
          Refresh VB Ratings
        </Button>
      </PageHeader>
      <div className="mx-auto max-w-6xl px-4 py-8">
        {missingRace && (
          <p role="status" className="mb-6 rounded-lg border border-gold-300 bg-gold-50 p-4 text-navy-900">
            {missingRace}
          </p>
        )}
        {!ready ? (
          metadata.isError ? (
            <p className="text-slate-700">No races available</p>
          ) : (
            <div className="grid grid-cols-1 gap-4" aria-busy="true">
              <Skeleton className="h-12 w-full" />
              <Skeleton className="h-48 w-full" />
            </div>
          )
        ) : (
          <Tabs
            label="Race days"
            value={active}
            onValueChange={(v) => {
              setChosen(v);
              setSelected([]);
              setRunner(null);
            }}
            listClassName={`grid ${GRID_COLUMNS[Math.min(tabs.length, MAX_TAB_COLUMNS)]}`}
            items={tabs.map((d) => ({
              value: d,
              label: tabLabel(d, byDay[d]),
              content:
                dayRaces.length === 0 ? (
                  <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-700">
                    No races available
                  </p>
                ) : (
                  <div className="grid grid-cols-1 gap-6">
                    <RaceMenu
                      races={dayRaces}
                      selected={selectedIds}
                      onToggleRace={(id) => {
                        if (!selected.includes(id)) setReveal(id);
                        setSelected((s) => toggleRace(s, id));
                      }}
                      onToggleVenue={(ids) => {
                        if (!ids.every((id) => selected.includes(id))) setReveal(ids[0]);
                        setSelected((s) => toggleVenue(s, ids));
                      }}
                      onClear={() => setSelected([])}
                    />
                    <SelectedRaces
                      ids={selectedIds}
                      reveal={reveal}
                      onRevealed={clearReveal}
                      runner={runner}
                      onHighlighted={clearRunner}
                    />
                  </div>
                ),
            }))}
          />
        )}
      </div>
    </>
  );
}
