import { Check } from 'lucide-react';
import type { RaceSummary } from '#shared/schemas/race-cards';
import { groupByVenue } from '#shared/race-card-rules';
import { Button } from '#web/components/ui/button';
import { cn } from '#web/lib/cn';

export interface RaceMenuProps {
  races: RaceSummary[];
  selected: readonly number[];
  onToggleRace: (id: number) => void;
  onToggleVenue: (ids: number[]) => void;
  onClear: () => void;
}

/** The race navigation menu of one weekday, grouped by venue (spec 02 §2.1). */
export function RaceMenu({ races, selected, onToggleRace, onToggleVenue, onClear }: RaceMenuProps) {
  const venues = groupByVenue(races);
  return (
    <nav aria-label="Race navigation" className="grid grid-cols-1 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-700">
          {selected.length} of {races.length} races selected
        </p>
        <Button size="sm" variant="outline" onClick={onClear} disabled={selected.length === 0}>
          Clear Selection
        </Button>
      </div>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        {venues.map(({ venue, races: list }) => {
          const ids = list.map((r) => r.id);
          const all = ids.every((id) => selected.includes(id));
          return (
            <section key={venue} aria-label={venue} className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
              <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
                <h3 className="text-base font-bold text-navy-900">{venue}</h3>
                <Button size="sm" variant={all ? 'primary' : 'gold'} aria-pressed={all} onClick={() => onToggleVenue(ids)}>
                  View All {venue}
                </Button>
              </div>
              <ul className="grid grid-cols-1 gap-1">
                {list.map((r) => {
                  const on = selected.includes(r.id);
                  return (
                    <li key={r.id}>
                      <button
                        type="button"
                        aria-pressed={on}
                        onClick={() => onToggleRace(r.id)}
                        className={cn(
                          'flex min-h-11 w-full items-center gap-3 rounded-md border px-3 py-2 text-left text-sm transition-colors',
                          on ? 'border-navy-900 bg-navy-900 text-white' : 'border-slate-200 bg-white text-slate-900 hover:bg-navy-50',
                        )}
                      >
                        <span className="w-12 shrink-0 font-bold tabular-nums">{r.time}</span>
                        <span className="min-w-0 flex-1">{r.title}</span>
                        <span className={cn('shrink-0 text-xs', on ? 'text-navy-100' : 'text-slate-600')}>{r.runnerCount} runners</span>
                        <Check aria-hidden="true" className={cn('h-4 w-4 shrink-0', on ? 'opacity-100' : 'opacity-0')} />
                      </button>
                    </li>
                  );
                })}
              </ul>
            </section>
          );
        })}
      </div>
    </nav>
  );
}
