import type { ReactNode } from 'react';
import { errorMessage } from '#web/lib/request';
import { Card, CardContent } from './card';
import { Skeleton } from './skeleton';

/** What QueryView reads of a query: a TanStack Query result fits as it is. */
interface QueryState<T> {
  isPending: boolean;
  error: unknown;
  data: T | null | undefined;
}

export interface QueryViewProps<T> {
  query: QueryState<T>;
  /** Shown while the first answer is on its way; without it, a two-block skeleton named `loadingLabel`. */
  loading?: ReactNode;
  loadingLabel?: string;
  /** The message when the read fails and the server said nothing better (errorMessage's fallback). */
  errorText: string;
  errorClassName?: string;
  /**
   * What stands in for the alert when the read failed (`error` set) or answered nothing (`error`
   * null): a page of its own such as "not found" or a sign-in gate; undefined keeps the alert.
   */
  failed?: (error: unknown) => ReactNode;
  /** Data that has nothing to show: `empty` stands in for the body. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}

/**
 * The one switch of a page that reads: loading, then the error (as an alert) or, with data, the
 * empty state or the body.
 */
export function QueryView<T>({
  query,
  loading,
  loadingLabel = 'Loading',
  errorText,
  errorClassName = 'text-red-800',
  failed,
  isEmpty,
  empty,
  children,
}: QueryViewProps<T>) {
  if (query.isPending) {
    return (
      loading ?? (
        <div className="grid gap-4" role="status" aria-label={loadingLabel}>
          <Skeleton className="h-24" />
          <Skeleton className="h-64" />
        </div>
      )
    );
  }
  if (query.error || query.data === undefined || query.data === null) {
    const instead = failed?.(query.error);
    if (instead !== undefined) return instead;
    return (
      <p role="alert" className={errorClassName || undefined}>
        {errorMessage(query.error, errorText)}
      </p>
    );
  }
  if (isEmpty?.(query.data)) return empty;
  return children(query.data);
}

/** The empty state of a page's body: one sentence in a card. */
export function EmptyCard({ children }: { children: ReactNode }) {
  return (
    <Card>
      <CardContent className="pt-5 sm:pt-6">
        <p>{children}</p>
      </CardContent>
    </Card>
  );
}
