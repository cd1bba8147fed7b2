import { useState } from 'react';
import { Check } from 'lucide-react';
import type { RaceSummary } from '#shared/schemas/race-cards';
import { londonClock, londonDate } from '#shared/london-time';
import { groupByVenue } from '#shared/race-card-rules';
import { byTime, nextOff } from '#shared/race-times';
import { Button } from '#web/components/ui/button';
import { cn } from '#web/lib/cn';
import { useTickingNow } from '#web/lib/now';

export interface RaceMenuProps {
  races: RaceSummary[];
  selected: readonly number[];
  onToggleRace: (id: number) => void;
  onToggleVenue: (ids: number[]) => void;
  onClear: () => void;
}

type MenuOrder = 'course' | 'time';

/**
 * The race navigation menu of one weekday: grouped by venue, or — for a big day on
 * a phone — every race in the order they are off, with the next one off marked.
 */
export function RaceMenu({ races, selected, onToggleRace, onToggleVenue, onClear }: RaceMenuProps) {
  const [order, setOrder] = useState<MenuOrder>('course');
  return (
    <nav aria-label="Race navigation" className="grid grid-cols-1 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-700">
          {selected.length} of {races.length} races selected
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <div role="group" aria-label="Order races" className="inline-flex rounded-md border border-slate-300 p-0.5">
            {(
              [
                ['course', 'By course'],
                ['time', 'By time'],
              ] as const
            ).map(([value, label]) => (
              <button
                key={value}
                type="button"
                aria-pressed={order === value}
                onClick={() => setOrder(value)}
                className={cn(
                  'min-h-9 rounded px-3 text-sm font-semibold',
                  order === value ? 'bg-navy-900 text-white' : 'text-navy-900 hover:bg-navy-50',
                )}
              >
                {label}
              </button>
            ))}
          </div>
          <Button size="sm" variant="outline" onClick={onClear} disabled={selected.length === 0}>
            Clear Selection
          </Button>
        </div>
      </div>
      {order === 'time' ? (
        <ByTime races={races} selected={selected} onToggleRace={onToggleRace} />
      ) : (
        <ByCourse races={races} selected={selected} onToggleRace={onToggleRace} onToggleVenue={onToggleVenue} />
      )}
    </nav>
  );
}

function RaceButton({
  race,
  on,
  onToggle,
  course,
  next,
}: {
  race: RaceSummary;
  on: boolean;
  onToggle: () => void;
  course?: boolean;
  next?: boolean;
}) {
  return (
    <button
      type="button"
      aria-pressed={on}
      onClick={onToggle}
      className={cn(
        'flex min-h-11 w-full items-center gap-3 rounded-md border px-3 py-2 text-left text-sm transition-colors',
        on ? 'border-navy-900 bg-navy-900 text-white' : 'border-slate-200 bg-white text-slate-900 hover:bg-navy-50',
      )}
    >
      <span className="w-12 shrink-0 font-bold tabular-nums">{race.time}</span>
      <span className="min-w-0 flex-1">
        {course && <span className="block font-semibold">{race.course}</span>}
        {race.title}
      </span>
      {next && (
        <span
          className={cn(
            'shrink-0 rounded px-1.5 py-0.5 text-xs font-bold',
            on ? 'bg-gold-300 text-navy-950' : 'bg-gold-100 text-navy-900',
          )}
        >
          Next off
        </span>
      )}
      <span className={cn('shrink-0 text-xs', on ? 'text-navy-100' : 'text-slate-600')}>
        {race.runnerCount} runners
      </span>
      <Check aria-hidden="true" className={cn('h-4 w-4 shrink-0', on ? 'opacity-100' : 'opacity-0')} />
    </button>
  );
}

function ByTime({ races, selected, onToggleRace }: Pick<RaceMenuProps, 'races' | 'selected' | 'onToggleRace'>) {
  // The next race off follows the time while the menu is open: the clock is read in an effect, not here.
  const now = useTickingNow();
  const next = nextOff(races, londonDate(now), londonClock(now));
  return (
    <ul
      aria-label="Races by time"
      className="grid grid-cols-1 gap-1 rounded-lg border border-slate-200 bg-white p-3 shadow-sm"
    >
      {byTime(races).map((r) => (
        <li key={r.id}>
          <RaceButton
            race={r}
            on={selected.includes(r.id)}
            onToggle={() => onToggleRace(r.id)}
            course
            next={r.id === next?.id}
          />
        </li>
      ))}
    </ul>
  );
}

function ByCourse({
  races,
  selected,
  onToggleRace,
  onToggleVenue,
}: Pick<RaceMenuProps, 'races' | 'selected' | 'onToggleRace' | 'onToggleVenue'>) {
  const venues = groupByVenue(races);
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
      {venues.map(({ venue, races: list }) => {
        const ids = list.map((r) => r.id);
        const all = ids.every((id) => selected.includes(id));
        return (
          <section key={venue} aria-label={venue} className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
            <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
              <h3 className="text-base font-bold text-navy-900">{venue}</h3>
              <Button
                size="sm"
                variant={all ? 'primary' : 'gold'}
                aria-pressed={all}
                onClick={() => onToggleVenue(ids)}
              >
                View All {venue}
              </Button>
            </div>
            <ul className="grid grid-cols-1 gap-1">
              {list.map((r) => (
                <li key={r.id}>
                  <RaceButton race={r} on={selected.includes(r.id)} onToggle={() => onToggleRace(r.id)} />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
