import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { GeneratorRow } from '#shared/generator/rows';
import { SORT_LABELS, type SortKey, type SortState } from '#shared/generator/sort';
import { cn } from '#web/lib/cn';
import { figures, ScoreCell } from './computed-figures';
import {
  AdjustmentField,
  NameField,
  OddsField,
  RatingField,
  RemoveButton,
  rowLabel,
  type RowHandlers,
} from './row-fields';
import { ScrollRegion } from '#web/components/ui/scroll-region';
import { useOddsFormat } from '../odds-preference/use-odds';

export interface GeneratorViewProps extends RowHandlers {
  rows: GeneratorRow[];
  calculated: boolean;
  sort: SortState | null;
  onSort: (key: SortKey) => void;
}

function SortHeader({
  column,
  sort,
  onSort,
  className,
}: {
  column: SortKey;
  sort: SortState | null;
  onSort: (key: SortKey) => void;
  className?: string;
}) {
  const active = sort?.key === column;
  const Icon = !active ? ArrowUpDown : sort.direction === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
      className={cn('px-2 py-2', className)}
    >
      <button
        type="button"
        onClick={() => onSort(column)}
        className="inline-flex min-h-9 items-center gap-1 rounded font-semibold text-navy-900 hover:underline"
      >
        {SORT_LABELS[column]}
        <Icon aria-hidden="true" className={cn('h-4 w-4', active ? 'text-navy-900' : 'text-slate-400')} />
      </button>
    </th>
  );
}

/** The desktop table: every generator column for each horse of the race. */
export function GeneratorTable({
  rows,
  calculated,
  sort,
  onSort,
  onEdit,
  onRemove,
  onConfirmRunner,
  canRemove,
}: GeneratorViewProps) {
  const format = useOddsFormat();
  return (
    <ScrollRegion label="Runners">
      <table className="w-full min-w-[1040px] border-collapse text-left text-sm">
        <thead className="border-b-2 border-navy-900 text-sm text-slate-700">
          <tr>
            <th scope="col" className="min-w-48 px-2 py-2 font-semibold text-navy-900">
              Horse
            </th>
            <SortHeader column="rating" sort={sort} onSort={onSort} className="w-24" />
            <th scope="col" className="w-24 px-2 py-2 font-semibold text-navy-900">
              Adjustment
            </th>
            <SortHeader column="marketOdds" sort={sort} onSort={onSort} className="w-32" />
            <SortHeader column="adjustedRating" sort={sort} onSort={onSort} />
            <SortHeader column="tissueOdds" sort={sort} onSort={onSort} />
            <SortHeader column="valueScore" sort={sort} onSort={onSort} />
            <th scope="col" className="px-2 py-2 font-semibold text-navy-900">
              Market Correction
            </th>
            <th scope="col" className="px-2 py-2">
              <span className="sr-only">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const f = figures(row, calculated, format);
            return (
              <tr key={row.id} aria-label={rowLabel(row)} className="border-b border-slate-200 align-middle">
                <td className="px-2 py-2">
                  <NameField row={row} onEdit={onEdit} />
                </td>
                <td className="px-2 py-2">
                  <RatingField row={row} onEdit={onEdit} />
                </td>
                <td className="px-2 py-2">
                  <AdjustmentField row={row} onEdit={onEdit} />
                </td>
                <td className="px-2 py-2">
                  <OddsField row={row} onEdit={onEdit} onConfirmRunner={onConfirmRunner} />
                </td>
                <td className="px-2 py-2 tabular-nums" data-column="adjusted-rating">
                  {f.adjustedRating}
                </td>
                <td className="px-2 py-2 font-semibold tabular-nums" data-column="tissue-odds">
                  {f.tissueOdds}
                </td>
                <td className="px-2 py-2" data-column="value-score">
                  <ScoreCell row={row} calculated={calculated} />
                </td>
                <td className="px-2 py-2 tabular-nums" data-column="market-correction">
                  {f.marketCorrection}
                </td>
                <td className="px-2 py-2 text-right">
                  <RemoveButton row={row} onRemove={onRemove} canRemove={canRemove} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
