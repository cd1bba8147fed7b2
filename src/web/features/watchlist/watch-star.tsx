import { Star } from 'lucide-react';
import { cn } from '#web/lib/cn';
import { useToggleWatch, useWatchlist, watchedRow } from './api';

/**
 * The star that puts a horse on the member's watch list or takes it off: a toggle button
 * (aria-pressed) named for the horse, 44 px square. Members' code only: the race card, the value
 * board and the tips load it lazily, so a visitor's pages never carry it.
 */
export function WatchStar({ horseName, className }: { horseName: string; className?: string }) {
  const list = useWatchlist();
  const { star, unstar } = useToggleWatch();
  const row = watchedRow(list.data, horseName);
  const on = row !== undefined;
  function toggle() {
    if (!row) star.mutate(horseName);
    // A star still being saved has no row to remove yet: it is removed once saved.
    else if (row.id > 0) unstar.mutate(row);
  }
  return (
    <button
      type="button"
      aria-pressed={on}
      aria-label={on ? `Stop watching ${horseName}` : `Watch ${horseName}`}
      title={on ? 'On your watch list' : 'Add to your watch list'}
      onClick={toggle}
      className={cn(
        'inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-md text-navy-900 hover:bg-gold-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-navy-700',
        className,
      )}
    >
      <Star aria-hidden="true" className={cn('h-5 w-5', on ? 'fill-gold-400 text-gold-700' : 'text-slate-500')} />
    </button>
  );
}
