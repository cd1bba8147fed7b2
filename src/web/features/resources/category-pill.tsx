import { cn } from '#web/lib/cn';

/** A guide's category pill: strategy blue, analysis green, methodology purple, anything else grey. */
function categoryClasses(category: string): string {
  switch (category) {
    case 'strategy':
      return 'bg-blue-100 text-blue-900';
    case 'analysis':
      return 'bg-green-100 text-green-900';
    case 'methodology':
      return 'bg-purple-100 text-purple-900';
    default:
      return 'bg-slate-200 text-slate-800';
  }
}

export function CategoryPill({ category }: { category: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-3 py-1 text-xs font-semibold capitalize',
        categoryClasses(category),
      )}
    >
      {category}
    </span>
  );
}
