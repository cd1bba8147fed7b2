import type { ReliabilityBin } from '#shared/tissue-score';

const SIZE = 200;
const PAD = 28;
const INNER = SIZE - PAD - 8;
/** The axes run to this chance: few runners are given more, and the last bin is drawn at its mean. */
const TOP = 0.6;

const x = (p: number) => PAD + (Math.min(p, TOP) / TOP) * INNER;
const y = (p: number) => 8 + INNER - (Math.min(p, TOP) / TOP) * INNER;
const pct = (p: number) => `${(p * 100).toFixed(1)}%`;

/**
 * Given chance (across) against how often it came off (up), one dot per bin of chance, its area
 * by runners; on the diagonal is perfectly calibrated. An SVG, like the page's other chart.
 */
export function ReliabilityChart({ title, bins, testId }: { title: string; bins: ReliabilityBin[]; testId: string }) {
  const filled = bins.filter((b) => b.runners > 0);
  const most = Math.max(1, ...filled.map((b) => b.runners));
  const description = filled
    .map((b) => `given ${pct(b.predicted!)}, won ${pct(b.observed!)} of ${b.runners}`)
    .join('; ');
  return (
    <figure className="grid gap-1" data-testid={testId}>
      <svg
        viewBox={`0 0 ${SIZE} ${SIZE}`}
        role="img"
        aria-label={`${title}: ${description || 'no runners yet'}`}
        className="h-auto w-full max-w-[14rem]"
      >
        <rect x={PAD} y={8} width={INNER} height={INNER} className="fill-slate-50 stroke-slate-300" />
        <line x1={x(0)} y1={y(0)} x2={x(TOP)} y2={y(TOP)} className="stroke-slate-400" strokeDasharray="4 3" />
        {[0, 0.2, 0.4, 0.6].map((t) => (
          <g key={t} className="fill-slate-700 text-[9px]">
            <text x={x(t)} y={SIZE - 8} textAnchor="middle">
              {t * 100}%
            </text>
            <text x={PAD - 3} y={y(t) + 3} textAnchor="end">
              {t * 100}%
            </text>
          </g>
        ))}
        {filled.map((b) => (
          <circle
            key={b.from}
            cx={x(b.predicted!)}
            cy={y(b.observed!)}
            r={2 + 6 * Math.sqrt(b.runners / most)}
            className="fill-navy-900/70 stroke-white"
          />
        ))}
      </svg>
      <figcaption className="text-sm font-semibold text-navy-900">{title}</figcaption>
    </figure>
  );
}
