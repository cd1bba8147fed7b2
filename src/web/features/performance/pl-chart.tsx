import { useEffect, useId, useRef, useState } from 'react';
import type { RunningPoint } from '#shared/tip-stats';
import { formatPoints } from '#shared/tip-stats';

/** Round steps (1, 2, 5 × 10ⁿ) giving about `count` ticks between lo and hi. */
function niceTicks(lo: number, hi: number, count = 5): number[] {
  const span = hi - lo || 1;
  const raw = span / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? 10 * mag;
  const ticks: number[] = [];
  for (let v = Math.floor(lo / step) * step; v <= hi + step / 2; v += step) ticks.push(Math.round(v * 100) / 100);
  return ticks;
}

function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(640);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth || 640);
    const observer = new ResizeObserver(([entry]) => setWidth(Math.round(entry.contentRect.width) || 640));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/**
 * Running P/L after each settled tip, drawn as an SVG line (decision 0006: no chart library).
 * Screen readers get a title and a summary; the tips table below is the full data.
 */
export function PlChart({ series }: { series: RunningPoint[] }) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const titleId = useId();
  const descId = useId();
  const height = width < 480 ? 220 : 280;
  const pad = { top: 16, right: 16, bottom: 32, left: 52 };
  const values = [0, ...series.map((p) => p.cumulative)];
  const ticks = niceTicks(Math.min(...values), Math.max(...values));
  const lo = ticks[0];
  const hi = ticks[ticks.length - 1];
  const plotW = Math.max(1, width - pad.left - pad.right);
  const plotH = height - pad.top - pad.bottom;
  const x = (i: number) => pad.left + (series.length ? (i / series.length) * plotW : 0);
  const y = (v: number) => pad.top + (hi === lo ? plotH / 2 : ((hi - v) / (hi - lo)) * plotH);
  const points = values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  const last = values[values.length - 1];
  const high = Math.max(...values);
  const low = Math.min(...values);
  const first = series[0];
  const final = series[series.length - 1];

  return (
    <div ref={ref} className="w-full">
      <svg
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
        width={width}
        height={height}
        className="block max-w-full"
        data-testid="pl-chart"
      >
        <title id={titleId}>Running profit and loss in points</title>
        <desc id={descId}>
          {series.length
            ? `${series.length} settled tips from ${first.raceDate} to ${final.raceDate}. Now ${formatPoints(last)} points; highest ${formatPoints(high)}, lowest ${formatPoints(low)}.`
            : 'No settled tips yet.'}
        </desc>
        {ticks.map((t) => (
          <g key={t}>
            <line
              x1={pad.left}
              x2={width - pad.right}
              y1={y(t)}
              y2={y(t)}
              stroke={t === 0 ? '#475569' : '#e2e8f0'}
              strokeWidth={t === 0 ? 1.5 : 1}
            />
            <text x={pad.left - 8} y={y(t)} textAnchor="end" dominantBaseline="middle" fontSize="12" fill="#334155">
              {formatPoints(t)}
            </text>
          </g>
        ))}
        {/* The first and last day under the axis; one day said once. */}
        {first && (
          <>
            <text x={pad.left} y={height - 10} fontSize="12" fill="#334155" data-axis="date">
              {first.raceDate}
            </text>
            {final.raceDate !== first.raceDate && (
              <text
                x={width - pad.right}
                y={height - 10}
                textAnchor="end"
                fontSize="12"
                fill="#334155"
                data-axis="date"
              >
                {final.raceDate}
              </text>
            )}
          </>
        )}
        <polyline
          points={points}
          fill="none"
          stroke={last >= 0 ? '#15803d' : '#b91c1c'}
          strokeWidth={2.5}
          strokeLinejoin="round"
        />
        {series.length <= 60 &&
          series.map((p, i) => (
            <circle
              key={p.id}
              cx={x(i + 1)}
              cy={y(p.cumulative)}
              r={3}
              fill={p.result === 'WON' ? '#15803d' : '#64748b'}
            />
          ))}
      </svg>
    </div>
  );
}
