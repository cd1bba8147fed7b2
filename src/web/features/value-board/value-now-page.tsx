import { useEffect, useId, useState } from 'react';
import { formatLongDay } from '#shared/london-time';
import type { ValueBoard } from '#shared/schemas/value-board';
import { boardCourses, viewBoard, type BoardFilters, type BoardSort } from '#shared/value-board';
import { PageHeader } from '#web/components/page-header';
import { Button } from '#web/components/ui/button';
import { Label } from '#web/components/ui/input';
import { QueryView } from '#web/components/ui/query-view';
import { FAIR_PRICE_MEANING } from '../odds-preference/value-down-to';
import { useRaceCardEvents } from '../race-cards/use-race-card-events';
import { useValueBoard } from './api';
import { BoardRace } from './board-race';

const SORTS: Array<{ key: BoardSort; label: string }> = [
  { key: 'value', label: 'Best value' },
  { key: 'time', label: 'Time to off' },
];
/** "Good value" and better on the value score. */
const GOOD_VALUE = 4;

/** Today's runners against their latest prices (members), kept live by the race-card event stream. */
export function ValueNowPage() {
  const board = useValueBoard();
  useRaceCardEvents();
  useEffect(() => {
    document.title = 'Value Now — VBG';
  }, []);
  return (
    <>
      <PageHeader
        title="Value Now"
        subtitle={
          board.data
            ? `${formatLongDay(board.data.date)}: today's prices against the VB tissue, updated as they move.`
            : "Today's prices against the VB tissue, updated as they move."
        }
      />
      <div className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-8">
        <QueryView
          query={board}
          loadingLabel="Loading the value board"
          errorText="Could not load the value board. Please try again."
          isEmpty={(data) => data.races.length === 0}
          empty={
            <p
              className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-700"
              data-testid="board-empty"
            >
              No race cards for today yet: the board fills in once today&apos;s cards are uploaded.
            </p>
          }
        >
          {(data) => <Board data={data} />}
        </QueryView>
      </div>
    </>
  );
}

function Board({ data }: { data: ValueBoard }) {
  const [sort, setSort] = useState<BoardSort>('value');
  const [filters, setFilters] = useState<BoardFilters>({ minScore: null, course: null, tipsOnly: false });
  const { upcoming, finished } = viewBoard(data.races, sort, filters);
  return (
    <>
      <div className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-[auto_1fr] sm:items-end sm:gap-6">
        <div role="group" aria-label="Sort by" className="flex flex-wrap gap-2">
          {SORTS.map(({ key, label }) => (
            <Button
              key={key}
              size="sm"
              variant={sort === key ? 'primary' : 'outline'}
              aria-pressed={sort === key}
              onClick={() => setSort(key)}
            >
              {label}
            </Button>
          ))}
        </div>
        <BoardFilterFields filters={filters} onChange={setFilters} courses={boardCourses(data.races)} />
        <p className="text-sm text-slate-700 sm:col-span-2">{FAIR_PRICE_MEANING}</p>
      </div>
      {upcoming.length === 0 && finished.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-700">
          No runners match these filters.
        </p>
      ) : (
        <>
          {upcoming.length > 0 ? (
            <section aria-label="Races to come" className="grid gap-4">
              {upcoming.map((race) => (
                <BoardRace key={race.id} race={race} date={data.date} />
              ))}
            </section>
          ) : (
            <p className="text-slate-700">Every race shown is off.</p>
          )}
          {finished.length > 0 && (
            <section aria-labelledby="board-finished" className="grid gap-4">
              <h2 id="board-finished" className="text-lg font-bold text-navy-900">
                Off and resulted
              </h2>
              {finished.map((race) => (
                <BoardRace key={race.id} race={race} date={data.date} />
              ))}
            </section>
          )}
        </>
      )}
    </>
  );
}

/** Good value only, tips only, one course. */
function BoardFilterFields({
  filters,
  onChange,
  courses,
}: {
  filters: BoardFilters;
  onChange: (next: BoardFilters) => void;
  courses: string[];
}) {
  const courseId = useId();
  return (
    <div className="flex flex-wrap items-end gap-x-5 gap-y-3">
      <label className="flex min-h-11 items-center gap-2 text-sm font-semibold text-slate-800">
        <input
          type="checkbox"
          className="h-5 w-5"
          checked={filters.minScore !== null}
          onChange={(e) => onChange({ ...filters, minScore: e.target.checked ? GOOD_VALUE : null })}
        />
        Value score {GOOD_VALUE}+
      </label>
      <label className="flex min-h-11 items-center gap-2 text-sm font-semibold text-slate-800">
        <input
          type="checkbox"
          className="h-5 w-5"
          checked={filters.tipsOnly}
          onChange={(e) => onChange({ ...filters, tipsOnly: e.target.checked })}
        />
        Only tips
      </label>
      <div className="grid gap-1">
        <Label htmlFor={courseId}>Course</Label>
        <select
          id={courseId}
          value={filters.course ?? ''}
          onChange={(e) => onChange({ ...filters, course: e.target.value || null })}
          className="block min-h-11 rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900"
        >
          <option value="">All courses</option>
          {courses.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
