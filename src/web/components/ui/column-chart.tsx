import { useId, type ReactNode } from 'react';

interface Padding {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** What a column chart's columns are drawn with: the value scale and each slot's centre. */
interface ColumnScale {
  /** The y of a value, to a tenth of a unit (the server and the browser draw the same). */
  y: (value: number) => number;
  /** The height of a column from 0 to `value`. */
  height: (value: number) => number;
  /** The centre of slot `i` of `count` across the plot. */
  centre: (i: number) => number;
  /** The width of one slot. */
  slot: number;
  /** Where the labels under the columns sit. */
  labelY: number;
}

interface ColumnChartProps {
  width: number;
  height: number;
  pad: Padding;
  /** The largest value drawn: the axis rounds it up to a whole step. */
  max: number;
  slots: number;
  title: string;
  description: string;
  className: string;
  testId: string;
  children: (scale: ColumnScale) => ReactNode;
}

const tenth = (v: number) => Math.round(v * 10) / 10;

/**
 * An SVG column chart's frame (decision 0029: hand-made, no library): a fixed viewBox that scales
 * with the page, so the server render and the browser draw the same thing; a value axis in round
 * steps with its grid lines; a title and a description for screen readers (the table beside a
 * chart holds the same figures). The caller draws the columns with the scale it is given.
 */
export function ColumnChart({
  width,
  height,
  pad,
  max,
  slots,
  title,
  description,
  className,
  testId,
  children,
}: ColumnChartProps) {
  const titleId = useId();
  const descId = useId();
  const highest = Math.max(1, max);
  const step = highest <= 5 ? 1 : highest <= 10 ? 2 : highest <= 25 ? 5 : Math.ceil(highest / 50) * 10;
  const top = Math.ceil(highest / step) * step;
  const plotH = height - pad.top - pad.bottom;
  const slot = (width - pad.left - pad.right) / Math.max(1, slots);
  const y = (v: number) => tenth(pad.top + plotH - (v / top) * plotH);
  const scale: ColumnScale = {
    y,
    height: (v) => tenth(y(0) - y(v)),
    centre: (i) => tenth(pad.left + slot * i + slot / 2),
    slot,
    labelY: height - pad.bottom + 16,
  };
  const ticks = Array.from({ length: top / step + 1 }, (_, i) => i * step);
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      className={className}
      role="img"
      aria-labelledby={`${titleId} ${descId}`}
      data-testid={testId}
    >
      <title id={titleId}>{title}</title>
      <desc id={descId}>{description}</desc>
      {ticks.map((v) => (
        <g key={v}>
          <line x1={pad.left} x2={width - pad.right} y1={y(v)} y2={y(v)} className="stroke-slate-200" />
          <text x={pad.left - 6} y={y(v) + 4} textAnchor="end" className="fill-slate-600 text-[11px]">
            {v}
          </text>
        </g>
      ))}
      {children(scale)}
    </svg>
  );
}
