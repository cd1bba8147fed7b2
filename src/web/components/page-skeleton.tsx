import { Skeleton } from './ui/skeleton';

/** Stands in for a page while its code or first data loads; sized like a heading and a few cards. */
export function PageSkeleton() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-12" role="status" aria-live="polite">
      <span className="sr-only">Loading...</span>
      <Skeleton className="h-9 w-2/3 max-w-md" />
      <Skeleton className="mt-3 h-5 w-full max-w-xl" />
      <div className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
      </div>
    </div>
  );
}
