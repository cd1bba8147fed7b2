import { useId } from 'react';
import type { MonthFigures } from '#shared/business-figures';

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
export const monthName = (month: string) => `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

/**
 * Paying members at the end of each month (now, for the current one) as SVG columns, hand-made
 * like the calibration chart (decision 0029): a fixed viewBox, so it scales without measuring.
 * The table beside it holds the same figures.
 */
export function PayingMembersChart({ months }: { months: MonthFigures[] }) {
  const titleId = useId();
  const descId = useId();
  const W = 480;
  const H = 220;
  const pad = { top: 16, right: 4, bottom: 28, left: 34 };
  const max = Math.max(1, ...months.map((m) => m.payingAtEnd));
  const step = max <= 5 ? 1 : max <= 10 ? 2 : max <= 25 ? 5 : Math.ceil(max / 50) * 10;
  const top = Math.ceil(max / step) * step;
  const plotH = H - pad.top - pad.bottom;
  const slot = (W - pad.left - pad.right) / months.length;
  const bar = Math.min(28, slot * 0.7);
  const y = (v: number) => Math.round((pad.top + plotH - (v / top) * plotH) * 10) / 10;
  const ticks = Array.from({ length: top / step + 1 }, (_, i) => i * step);
  return (
    <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full max-w-2xl" role="img" aria-labelledby={`${titleId} ${descId}`} data-testid="paying-members-chart">
      <title id={titleId}>Paying members at the end of each month</title>
      <desc id={descId}>{months.map((m) => `${monthName(m.month)}: ${m.payingAtEnd}`).join('; ')}</desc>
      {ticks.map((v) => (
        <g key={v}>
          <line x1={pad.left} x2={W - pad.right} y1={y(v)} y2={y(v)} className="stroke-slate-200" />
          <text x={pad.left - 6} y={y(v) + 4} textAnchor="end" className="fill-slate-600 text-[11px]">
            {v}
          </text>
        </g>
      ))}
      {months.map((m, i) => {
        const cx = Math.round((pad.left + slot * i + slot / 2) * 10) / 10;
        return (
          <g key={m.month}>
            <rect x={cx - bar / 2} y={y(m.payingAtEnd)} width={bar} height={Math.round((y(0) - y(m.payingAtEnd)) * 10) / 10} className="fill-navy-900" />
            <text x={cx} y={H - pad.bottom + 16} textAnchor="middle" className="fill-slate-800 text-[11px]">
              {MONTH_NAMES[Number(m.month.slice(5, 7)) - 1]}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
