import { TYPE_LABELS } from '#shared/schemas/performance';
import type { SelectionType } from '#shared/tip-stats';
import { cn } from '#web/lib/cn';

const TONES: Record<SelectionType, string> = {
  nap: 'bg-navy-900 text-white',
  nb: 'bg-gold-300 text-navy-950',
  longshot: 'bg-slate-200 text-slate-900',
};

export function TypeBadge({ type }: { type: SelectionType }) {
  return (
    <span className={cn('inline-block rounded px-2 py-0.5 text-xs font-bold tracking-wide', TONES[type])}>
      {TYPE_LABELS[type]}
    </span>
  );
}
