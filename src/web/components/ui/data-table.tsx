import type { ReactNode } from 'react';
import { cn } from '#web/lib/cn';
import { ScrollRegion } from './scroll-region';

export interface Column<T> {
  /** The column's heading; a column without a visible heading names itself for screen readers. */
  header: ReactNode;
  /** The cell's content; left out only when the table's `renderRow` draws whole rows. */
  cell?: (row: T) => ReactNode;
  /** The cell that names its row: a `<th scope="row">`. */
  rowHeader?: boolean;
  align?: 'left' | 'right';
  /** Classes for this column's cells (body and head). */
  className?: string;
  /** Classes for this column's body cells only (may read the row). */
  cellClassName?: string | ((row: T) => string);
  /** For a column the rows can be sorted by: how they are sorted by it now (`aria-sort`). */
  sort?: 'ascending' | 'descending' | 'none';
}

export interface DataTableProps<T> {
  columns: Array<Column<T>>;
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** The table's caption, and the name of the box it scrolls in. */
  caption: string;
  /** A caption only screen readers hear (the section's heading already says it). */
  captionHidden?: boolean;
  /** The scrolling box's name when it differs from the caption. */
  label?: string;
  /** Table classes: its minimum width first of all (the box scrolls sideways below it). */
  className?: string;
  scrollClassName?: string;
  /** Padding of every cell; '' when the table's className sets it. */
  cellPadding?: string;
  headClassName?: string;
  rowClassName?: (row: T) => string;
  /** A row's name, where no single cell names it (a row of inputs). */
  rowLabel?: (row: T) => string;
  /** A row with state of its own (a form, a dialog) draws its whole `<tr>`; the columns give the headings. */
  renderRow?: (row: T) => ReactNode;
  testId?: string;
}

const alignClass = (align: 'left' | 'right' | undefined) =>
  align === 'right' ? 'text-right' : align === 'left' ? 'text-left' : undefined;

/**
 * A table of rows in the project's one layout: caption, column headings, one row a record (its
 * naming cell a row heading), in a ScrollRegion so a phone scrolls it sideways with the keys too.
 */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  caption,
  captionHidden,
  label,
  className,
  scrollClassName,
  cellPadding = 'px-3 py-2',
  headClassName = 'border-b border-slate-300 text-left text-slate-700',
  rowClassName = () => 'border-b border-slate-200',
  rowLabel,
  renderRow,
  testId,
}: DataTableProps<T>) {
  return (
    <ScrollRegion label={label ?? caption} className={scrollClassName}>
      <table className={cn('w-full text-sm', className)} data-testid={testId}>
        <caption className={captionHidden ? 'sr-only' : 'mb-2 text-left text-base font-bold text-navy-900'}>
          {caption}
        </caption>
        <thead className={headClassName}>
          <tr>
            {columns.map((c, i) => (
              <th
                key={i}
                scope="col"
                aria-sort={c.sort}
                className={cn(cellPadding, alignClass(c.align), c.className) || undefined}
              >
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) =>
            renderRow ? (
              renderRow(row)
            ) : (
              <tr key={rowKey(row)} aria-label={rowLabel?.(row)} className={rowClassName(row)}>
                {columns.map((c, i) => {
                  const extra = typeof c.cellClassName === 'function' ? c.cellClassName(row) : c.cellClassName;
                  const classes = cn(cellPadding, alignClass(c.align), c.className, extra) || undefined;
                  return c.rowHeader ? (
                    <th key={i} scope="row" className={cn('text-left', classes)}>
                      {c.cell?.(row)}
                    </th>
                  ) : (
                    <td key={i} className={classes}>
                      {c.cell?.(row)}
                    </td>
                  );
                })}
              </tr>
            ),
          )}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
