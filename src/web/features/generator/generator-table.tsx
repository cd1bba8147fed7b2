import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { ReactNode } from 'react';
import type { GeneratorRow } from '#shared/generator/rows';
import { SORT_LABELS, type SortKey, type SortState } from '#shared/generator/sort';
import { DataTable, type Column } from '#web/components/ui/data-table';
import { cn } from '#web/lib/cn';
import { FIGURE_COLUMNS, figures, ScoreCell, type Figures } from './computed-figures';
import { NameField, NumberField, OddsField, RemoveButton, rowLabel, type RowHandlers } from './row-fields';
import { useOddsFormat } from '../odds-preference/use-odds';

export interface GeneratorViewProps extends RowHandlers {
  rows: GeneratorRow[];
  calculated: boolean;
  sort: SortState | null;
  onSort: (key: SortKey) => void;
}

/** A row of the table: the horse and its computed figures. */
interface RunnerLine {
  row: GeneratorRow;
  figures: Figures;
}

const heading = (text: ReactNode) => <span className="font-semibold text-navy-900">{text}</span>;

function SortButton({
  column,
  sort,
  onSort,
}: {
  column: SortKey;
  sort: SortState | null;
  onSort: (key: SortKey) => void;
}) {
  const active = sort?.key === column;
  const Icon = !active ? ArrowUpDown : sort.direction === 'asc' ? ArrowUp : ArrowDown;
  return (
    <button
      type="button"
      onClick={() => onSort(column)}
      className="inline-flex min-h-9 items-center gap-1 rounded font-semibold text-navy-900 hover:underline"
    >
      {SORT_LABELS[column]}
      <Icon aria-hidden="true" className={cn('h-4 w-4', active ? 'text-navy-900' : 'text-slate-400')} />
    </button>
  );
}

/** The desktop table: every generator column for each horse of the race. */
export function GeneratorTable({ rows, calculated, sort, onSort, ...handlers }: GeneratorViewProps) {
  const format = useOddsFormat();
  const sortable = (column: SortKey): Pick<Column<RunnerLine>, 'header' | 'sort'> => ({
    header: <SortButton column={column} sort={sort} onSort={onSort} />,
    sort: sort?.key !== column ? 'none' : sort.direction === 'asc' ? 'ascending' : 'descending',
  });
  const figure = (name: keyof Figures): Pick<Column<RunnerLine>, 'cell'> => ({
    cell: (line) => <span data-column={FIGURE_COLUMNS[name]}>{line.figures[name]}</span>,
  });
  const columns: Array<Column<RunnerLine>> = [
    { header: heading('Horse'), className: 'min-w-48', cell: ({ row }) => <NameField row={row} {...handlers} /> },
    {
      ...sortable('rating'),
      className: 'w-24',
      cell: ({ row }) => <NumberField field="rating" row={row} {...handlers} />,
    },
    {
      header: heading('Adjustment'),
      className: 'w-24',
      cell: ({ row }) => <NumberField field="adjustment" row={row} {...handlers} />,
    },
    { ...sortable('marketOdds'), className: 'w-32', cell: ({ row }) => <OddsField row={row} {...handlers} /> },
    { ...sortable('adjustedRating'), ...figure('adjustedRating'), className: 'tabular-nums' },
    { ...sortable('tissueOdds'), ...figure('tissueOdds'), className: 'font-semibold tabular-nums' },
    {
      ...sortable('valueScore'),
      cell: ({ row }) => (
        <div data-column="value-score">
          <ScoreCell row={row} calculated={calculated} />
        </div>
      ),
    },
    { header: heading('Market Correction'), ...figure('marketCorrection'), className: 'tabular-nums' },
    {
      header: <span className="sr-only">Remove</span>,
      align: 'right',
      cell: ({ row }) => <RemoveButton row={row} {...handlers} />,
    },
  ];
  return (
    <DataTable
      caption="Runners"
      captionHidden
      columns={columns}
      rows={rows.map((row) => ({ row, figures: figures(row, calculated, format) }))}
      rowKey={({ row }) => row.id}
      rowLabel={({ row }) => rowLabel(row)}
      className="min-w-[1040px] border-collapse text-left"
      cellPadding="px-2 py-2"
      headClassName="border-b-2 border-navy-900 text-sm text-slate-700"
      rowClassName={() => 'border-b border-slate-200 align-middle'}
    />
  );
}
