import { MONTHS } from '#shared/london-time';
import type { MonthFigures } from '#shared/business-figures';
import { ColumnChart } from '#web/components/ui/column-chart';

const shortMonth = (month: string) => MONTHS[Number(month.slice(5, 7)) - 1].slice(0, 3);
export const monthName = (month: string) => `${shortMonth(month)} ${month.slice(0, 4)}`;

/** Paying members at the end of each month (now, for the current one) as columns. */
export function PayingMembersChart({ months }: { months: MonthFigures[] }) {
  return (
    <ColumnChart
      width={480}
      height={220}
      pad={{ top: 16, right: 4, bottom: 28, left: 34 }}
      max={Math.max(...months.map((m) => m.payingAtEnd))}
      slots={months.length}
      title="Paying members at the end of each month"
      description={months.map((m) => `${monthName(m.month)}: ${m.payingAtEnd}`).join('; ')}
      className="h-auto w-full max-w-2xl"
      testId="paying-members-chart"
    >
      {(scale) => {
        const bar = Math.min(28, scale.slot * 0.7);
        return months.map((m, i) => {
          const cx = scale.centre(i);
          return (
            <g key={m.month}>
              <rect
                x={cx - bar / 2}
                y={scale.y(m.payingAtEnd)}
                width={bar}
                height={scale.height(m.payingAtEnd)}
                className="fill-navy-900"
              />
              <text x={cx} y={scale.labelY} textAnchor="middle" className="fill-slate-800 text-[11px]">
                {shortMonth(m.month)}
              </text>
            </g>
          );
        });
      }}
    </ColumnChart>
  );
}
