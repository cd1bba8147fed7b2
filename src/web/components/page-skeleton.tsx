import { cn } from '#web/lib/cn';
import { Skeleton } from './ui/skeleton';

/** What a screen reader hears, the page's width, then the classes of the heading's lines and of the body's blocks. */
export interface SkeletonLayout {
  label: string;
  className: string;
  head: string[];
  body: string;
  blocks: string[];
}

/** A heading and a few cards. */
const PAGE: SkeletonLayout = {
  label: 'Loading...',
  className: 'max-w-6xl sm:py-12',
  head: ['h-9 w-2/3 max-w-md', 'mt-3 h-5 w-full max-w-xl'],
  body: 'gap-4 sm:grid-cols-2 lg:grid-cols-3',
  blocks: ['h-40', 'h-40', 'h-40'],
};

/** Stands in for a page while its code or first data loads, sized like what it will show. */
export function PageSkeleton({ layout = PAGE }: { layout?: SkeletonLayout }) {
  return (
    <div className={cn('mx-auto px-4 py-8', layout.className)} role="status" aria-live="polite">
      <span className="sr-only">{layout.label}</span>
      {layout.head.map((c, i) => (
        <Skeleton key={i} className={c} />
      ))}
      <div className={cn('mt-8 grid', layout.body)}>
        {layout.blocks.map((c, i) => (
          <Skeleton key={i} className={c} />
        ))}
      </div>
    </div>
  );
}
