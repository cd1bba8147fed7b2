/**
 * A price's history as a small line: hand-made SVG on a fixed viewBox, like the calibration chart
 * (decision 0029), so the server render and hydration draw the same markup. Odds are drawn as
 * implied chance (1 / decimal odds), so a line going up is a horse shortening (a steamer) and one
 * going down is drifting. The label says the same in words for screen readers.
 */
const WIDTH = 64;
const HEIGHT = 18;
const PAD = 2;

export interface SparklinePoint {
  /** Decimal odds. */
  price: number;
  /** As members read it ("9/2"). */
  label: string;
}

export function PriceSparkline({ points, className }: { points: readonly SparklinePoint[]; className?: string }) {
  if (points.length < 2) return null;
  const chances = points.map((p) => 1 / p.price);
  const low = Math.min(...chances);
  const high = Math.max(...chances);
  const span = high - low || 1;
  const step = (WIDTH - 2 * PAD) / (points.length - 1);
  const coords = chances.map((c, i) => {
    const x = PAD + i * step;
    const y = high === low ? HEIGHT / 2 : PAD + (1 - (c - low) / span) * (HEIGHT - 2 * PAD);
    return `${x.toFixed(1)},${y.toFixed(1)}`;
  });
  const first = points[0];
  const last = points[points.length - 1];
  const direction = last.price < first.price ? 'shortened' : last.price > first.price ? 'drifted' : 'unchanged';
  const label = `Price ${direction}: ${points.map((p) => p.label).join(', ')}`;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width={WIDTH}
      height={HEIGHT}
      className={className}
      data-direction={direction}
    >
      <title>{label}</title>
      <polyline
        points={coords.join(' ')}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </svg>
  );
}
