import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DataTable, type Column } from './data-table';

type Row = { name: string; pl: number };
const columns: Array<Column<Row>> = [
  { header: 'Horse', rowHeader: true, cell: (r) => r.name },
  {
    header: 'P/L',
    align: 'right',
    cellClassName: (r) => (r.pl < 0 ? 'text-red-800' : 'text-green-800'),
    cell: (r) => r.pl,
  },
];
const rows: Row[] = [
  { name: 'Long Road', pl: 4 },
  { name: 'Slow Boat', pl: -1 },
];

describe('DataTable', () => {
  it('names the scrolling box by the caption and each row by its row heading', () => {
    const html = renderToStaticMarkup(
      createElement(DataTable<Row>, { columns, rows, rowKey: (r) => r.name, caption: 'Bets', testId: 'bets' }),
    );
    expect(html).toMatch(/^<div role="region" aria-label="Bets" tabindex="0"/);
    expect(html).toContain('data-testid="bets"');
    expect(html).toContain('<caption class="mb-2 text-left text-base font-bold text-navy-900">Bets</caption>');
    expect(html).toContain('<th scope="col" class="px-3 py-2 text-right">P/L</th>');
    expect(html).toContain('<th scope="row" class="text-left px-3 py-2">Long Road</th>');
    expect(html).toContain('<td class="px-3 py-2 text-right text-red-800">-1</td>');
    expect(html.match(/<tr /g)).toHaveLength(2);
  });

  it('hides the caption when asked, and lets a row with state of its own draw itself', () => {
    const html = renderToStaticMarkup(
      createElement(DataTable<Row>, {
        columns,
        rows,
        rowKey: (r) => r.name,
        caption: 'Bets',
        captionHidden: true,
        label: 'Every bet',
        renderRow: (r) => createElement('tr', { key: r.name, 'data-row': r.name }),
      }),
    );
    expect(html).toContain('aria-label="Every bet"');
    expect(html).toContain('<caption class="sr-only">Bets</caption>');
    expect(html).toContain('<tr data-row="Long Road"></tr><tr data-row="Slow Boat"></tr>');
  });

  it('marks how a sortable column sorts the rows, and names rows that no cell names', () => {
    const html = renderToStaticMarkup(
      createElement(DataTable<Row>, {
        columns: [{ ...columns[0], sort: 'descending' }, columns[1]],
        rows,
        rowKey: (r) => r.name,
        caption: 'Bets',
        rowLabel: (r) => `${r.name} row`,
      }),
    );
    expect(html).toContain('<th scope="col" aria-sort="descending" class="px-3 py-2">Horse</th>');
    expect(html).toContain('<th scope="col" class="px-3 py-2 text-right">P/L</th>');
    expect(html).toContain('<tr aria-label="Long Road row" class="border-b border-slate-200">');
  });
});
