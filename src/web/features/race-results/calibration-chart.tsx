import type { CalibrationRow } from '#shared/calibration';
import { ColumnChart } from '#web/components/ui/column-chart';

const W = 360;
const H = 220;
const PAD = { top: 12, right: 4, bottom: 40, left: 28 };

/** Winners against the market's expected winners per value score, as grouped columns. */
export function CalibrationChart({ rows, label }: { rows: CalibrationRow[]; label: (key: string) => string }) {
  return (
    <ColumnChart
      width={W}
      height={H}
      pad={PAD}
      max={Math.max(...rows.flatMap((r) => [r.winners, r.expectedWinners]))}
      slots={rows.length}
      title="Winners and expected winners by value score"
      description={rows.map((r) => `${label(r.key)}: ${r.winners} winners, ${r.expectedWinners} expected`).join('; ')}
      className="h-auto w-full max-w-xl"
      testId="calibration-chart"
    >
      {(scale) => {
        const bar = Math.min(24, scale.slot / 3);
        return (
          <>
            {rows.map((r, i) => {
              const cx = scale.centre(i);
              return (
                <g key={r.key}>
                  <rect
                    x={cx - bar - 1}
                    y={scale.y(r.winners)}
                    width={bar}
                    height={scale.height(r.winners)}
                    className="fill-navy-900"
                  />
                  <rect
                    x={cx + 1}
                    y={scale.y(r.expectedWinners)}
                    width={bar}
                    height={scale.height(r.expectedWinners)}
                    className="fill-gold-400"
                  />
                  <text x={cx} y={scale.labelY} textAnchor="middle" className="fill-slate-800 text-[12px]">
                    {label(r.key)}
                  </text>
                </g>
              );
            })}
            <g className="text-[11px]">
              <rect x={PAD.left} y={H - 14} width={10} height={10} className="fill-navy-900" />
              <text x={PAD.left + 14} y={H - 5} className="fill-slate-800">
                Winners
              </text>
              <rect x={PAD.left + 70} y={H - 14} width={10} height={10} className="fill-gold-400" />
              <text x={PAD.left + 84} y={H - 5} className="fill-slate-800">
                Expected by the market
              </text>
            </g>
          </>
        );
      }}
    </ColumnChart>
  );
}
