import { lazy, Suspense, useState } from 'react';
import { useToast } from './use-toast';

// Radix Toast is ~12 KB gzipped: it is fetched with the first toast, never on a quiet page view.
const Toaster = lazy(async () => ({ default: (await import('./toaster')).Toaster }));

/** Mounts the notification region once something has been toasted, and keeps it from then on. */
export function LazyToaster() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  if (!needed && toasts.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
