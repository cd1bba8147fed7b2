import { useId } from 'react';
import type { CalibrationRow } from '#shared/calibration';

/**
 * Winners against the market's expected winners per value score, as grouped SVG bars
 * (decision 0029: hand-made, no library). A fixed viewBox scales with the page, so the server
 * render and the browser draw the same thing; the table beside it is the full data.
 */
export function CalibrationChart({ rows, label }: { rows: CalibrationRow[]; label: (key: string) => string }) {
  const titleId = useId();
  const descId = useId();
  const W = 360;
  const H = 220;
  const pad = { top: 12, right: 4, bottom: 40, left: 28 };
  const max = Math.max(1, ...rows.flatMap((r) => [r.winners, r.expectedWinners]));
  const step = max <= 5 ? 1 : max <= 10 ? 2 : max <= 25 ? 5 : Math.ceil(max / 50) * 10;
  const top = Math.ceil(max / step) * step;
  const plotH = H - pad.top - pad.bottom;
  const group = (W - pad.left - pad.right) / rows.length;
  const bar = Math.min(24, group / 3);
  const y = (v: number) => Math.round((pad.top + plotH - (v / top) * plotH) * 10) / 10;
  const ticks = Array.from({ length: top / step + 1 }, (_, i) => i * step);
  return (
    <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full max-w-xl" role="img" aria-labelledby={`${titleId} ${descId}`} data-testid="calibration-chart">
      <title id={titleId}>Winners and expected winners by value score</title>
      <desc id={descId}>{rows.map((r) => `${label(r.key)}: ${r.winners} winners, ${r.expectedWinners} expected`).join('; ')}</desc>
      {ticks.map((v) => (
        <g key={v}>
          <line x1={pad.left} x2={W - pad.right} y1={y(v)} y2={y(v)} className="stroke-slate-200" />
          <text x={pad.left - 6} y={y(v) + 4} textAnchor="end" className="fill-slate-600 text-[11px]">
            {v}
          </text>
        </g>
      ))}
      {rows.map((r, i) => {
        const cx = Math.round((pad.left + group * i + group / 2) * 10) / 10;
        return (
          <g key={r.key}>
            <rect x={cx - bar - 1} y={y(r.winners)} width={bar} height={Math.round((y(0) - y(r.winners)) * 10) / 10} className="fill-navy-900" />
            <rect x={cx + 1} y={y(r.expectedWinners)} width={bar} height={Math.round((y(0) - y(r.expectedWinners)) * 10) / 10} className="fill-gold-400" />
            <text x={cx} y={H - pad.bottom + 16} textAnchor="middle" className="fill-slate-800 text-[12px]">
              {label(r.key)}
            </text>
          </g>
        );
      })}
      <g className="text-[11px]">
        <rect x={pad.left} y={H - 14} width={10} height={10} className="fill-navy-900" />
        <text x={pad.left + 14} y={H - 5} className="fill-slate-800">
          Winners
        </text>
        <rect x={pad.left + 70} y={H - 14} width={10} height={10} className="fill-gold-400" />
        <text x={pad.left + 84} y={H - 5} className="fill-slate-800">
          Expected by the market
        </text>
      </g>
    </svg>
  );
}
