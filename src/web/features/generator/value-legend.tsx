import { VALUE_LEGEND, valueLabel, type ValueScore } from '#shared/generator/legend';
import { cn } from '#web/lib/cn';

/** The value colours: 5 strong green, 4 light green, 3 yellow, 2 light yellow, 1 red. */
const SCORE_CLASSES: Record<ValueScore, string> = {
  5: 'bg-green-700 text-white',
  4: 'bg-green-200 text-green-950',
  3: 'bg-yellow-300 text-yellow-950',
  2: 'bg-yellow-100 text-yellow-900',
  1: 'bg-red-700 text-white',
};

export function ScoreBadge({
  score,
  withLabel = false,
  className,
}: {
  score: ValueScore;
  withLabel?: boolean;
  className?: string;
}) {
  return (
    <span
      data-score={score}
      className={cn(
        'inline-flex min-h-7 items-center gap-1.5 rounded-md px-2 text-sm font-bold whitespace-nowrap',
        SCORE_CLASSES[score],
        className,
      )}
    >
      {score}
      {withLabel ? (
        <span className="font-semibold">{valueLabel(score)}</span>
      ) : (
        <span className="sr-only">{valueLabel(score)}</span>
      )}
    </span>
  );
}

export function ValueLegend() {
  return (
    <section aria-labelledby="value-legend" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="value-legend" className="text-lg font-bold text-navy-900">
        Value score
      </h2>
      <ul className="mt-3 grid gap-2">
        {VALUE_LEGEND.map((l) => (
          <li key={l.score} className="flex items-center gap-2 text-sm text-slate-800">
            <ScoreBadge score={l.score} withLabel className="w-full justify-start" />
          </li>
        ))}
      </ul>
    </section>
  );
}
