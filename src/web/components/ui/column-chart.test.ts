import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { MonthFigures } from '#shared/business-figures';
import { PayingMembersChart } from '#web/features/billing/admin/paying-members-chart';

const month = (m: string, payingAtEnd: number) => ({ month: m, payingAtEnd }) as MonthFigures;

/** The columns' heights and the axis labels a chart draws. */
function drawn(months: MonthFigures[]) {
  const svg = renderToStaticMarkup(createElement(PayingMembersChart, { months }));
  const heights = [...svg.matchAll(/<rect [^>]*height="([\d.]+)"/g)].map((m) => Number(m[1]));
  const ticks = [...svg.matchAll(/text-anchor="end"[^>]*>(\d+)</g)].map((m) => Number(m[1]));
  return { svg, heights, ticks };
}

describe('a column chart', () => {
  it('draws each value to scale on an axis rounded up to a whole step', () => {
    const { heights, ticks, svg } = drawn([month('2026-09', 3), month('2026-10', 6), month('2026-11', 12)]);
    // 12 rounds up to 15 in steps of 5; the plot is 220 − 16 − 28 = 176 units high.
    expect(ticks).toEqual([0, 5, 10, 15]);
    expect(heights).toEqual([35.2, 70.4, 140.8]);
    expect(svg).toContain('<desc');
    expect(svg).toContain('Sep 2026: 3; Oct 2026: 6; Nov 2026: 12');
  });

  it('keeps an axis when nobody is paying yet', () => {
    const { heights, ticks } = drawn([month('2026-11', 0)]);
    expect(ticks).toEqual([0, 1]);
    expect(heights).toEqual([0]);
  });
});
