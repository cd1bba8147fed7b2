import type { TipResult } from '#shared/tip-stats';
import { cn } from '#web/lib/cn';

const TONES: Record<string, string> = { WON: 'bg-emerald-700 text-white', PLACED: 'bg-gold-200 text-navy-950' };

/** How a runner finished, as one word: WON, PLACED, LOST or NR. */
export function ResultBadge({
  result,
  className,
  testId = 'runner-result',
}: {
  result: TipResult;
  className?: string;
  testId?: string;
}) {
  return (
    <span
      data-testid={testId}
      className={cn(
        'rounded px-1.5 py-0.5 text-xs font-bold',
        TONES[result] ?? 'bg-slate-200 text-slate-900',
        className,
      )}
    >
      {result}
    </span>
  );
}
