import { ArrowDown, ArrowUp } from 'lucide-react';
import { useId } from 'react';
import { SORT_LABELS } from '#shared/generator/sort';
import { hasKey, keysOf } from '#shared/unknown-values';
import { Button } from '#web/components/ui/button';
import { Label } from '#web/components/ui/input';
import { cn } from '#web/lib/cn';
import type { GeneratorRow } from '#shared/generator/rows';
import type { GeneratorViewProps } from './generator-table';
import { FIGURE_COLUMNS, figures, ScoreCell } from './computed-figures';
import { NameField, NumberField, OddsField, RemoveButton, rowLabel, type RowHandlers } from './row-fields';
import { useOddsFormat } from '../odds-preference/use-odds';

const SORT_KEYS = keysOf(SORT_LABELS);

/** The figures under each card, their short names and how each is set. */
const CARD_FIGURES = [
  { name: 'tissueOdds', label: 'Tissue Odds', className: 'font-bold tabular-nums' },
  { name: 'adjustedRating', label: 'Adjusted', className: 'tabular-nums' },
  { name: 'marketCorrection', label: 'Correction', className: 'tabular-nums' },
] as const;

/** The phone layout: one stacked card per horse with the simpler set of inputs. */
export function GeneratorCards({ rows, calculated, sort, onSort, ...handlers }: GeneratorViewProps) {
  const sortId = useId();
  return (
    <div className="grid gap-3">
      <div className="flex items-end gap-2">
        <div className="grid flex-1 gap-1">
          <Label htmlFor={sortId}>Sort by</Label>
          <select
            id={sortId}
            value={sort?.key ?? ''}
            onChange={(e) => {
              const key = e.target.value;
              if (hasKey(SORT_LABELS, key)) onSort(key);
            }}
            className="block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900"
          >
            <option value="">As loaded</option>
            {SORT_KEYS.map((k) => (
              <option key={k} value={k}>
                {SORT_LABELS[k]}
              </option>
            ))}
          </select>
        </div>
        {sort && (
          <Button
            variant="outline"
            size="icon"
            aria-label={`Sort ${sort.direction === 'asc' ? 'descending' : 'ascending'}`}
            onClick={() => onSort(sort.key)}
          >
            {sort.direction === 'asc' ? (
              <ArrowUp aria-hidden="true" className="h-4 w-4" />
            ) : (
              <ArrowDown aria-hidden="true" className="h-4 w-4" />
            )}
          </Button>
        )}
      </div>
      <ul className="grid gap-3">
        {rows.map((row) => (
          <RunnerCard key={row.id} row={row} calculated={calculated} {...handlers} />
        ))}
      </ul>
    </div>
  );
}

/** One horse's card: name, rating, odds and adjustment to type, and its figures once calculated. */
function RunnerCard({ row, calculated, ...handlers }: RowHandlers & { row: GeneratorRow; calculated: boolean }) {
  const format = useOddsFormat();
  const f = figures(row, calculated, format);
  return (
    <li aria-label={rowLabel(row)} className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
      <div className="flex items-start gap-2">
        <div className={cn('grid min-w-0 flex-1 grid-cols-[1fr_5rem] gap-2', row.locked && 'items-start')}>
          {row.locked ? (
            // A race-card runner's name cannot be edited: shown whole as text, wrapping on a
            // 390 px phone instead of clipped in an input.
            <p
              className="min-h-11 break-words py-2 text-base font-bold leading-snug text-navy-900"
              data-testid="runner-name"
            >
              {row.name}
            </p>
          ) : (
            <NameField row={row} {...handlers} />
          )}
          <NumberField field="rating" row={row} {...handlers} />
        </div>
        <RemoveButton row={row} {...handlers} compact />
      </div>
      <div className="mt-2 grid grid-cols-[1fr_5rem] gap-2">
        <div className="grid gap-1">
          <span className="text-xs font-semibold text-slate-700">Market odds</span>
          <OddsField row={row} {...handlers} />
        </div>
        <div className="grid gap-1">
          <span className="text-xs font-semibold text-slate-700">Adj.</span>
          <NumberField field="adjustment" row={row} {...handlers} />
        </div>
      </div>
      <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
        {CARD_FIGURES.map((figure) => (
          <div key={figure.name}>
            <dt className="text-xs text-slate-600">{figure.label}</dt>
            <dd className={figure.className} data-column={FIGURE_COLUMNS[figure.name]}>
              {f[figure.name]}
            </dd>
          </div>
        ))}
      </dl>
      <div className="mt-2" data-column="value-score">
        <ScoreCell row={row} calculated={calculated} />
      </div>
    </li>
  );
}
